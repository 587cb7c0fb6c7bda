import AppSiteAssociation

/// Judges the URLs a user says should open the app (`--url`): for each URL and app, what iOS
/// decides with the file the host serves, and the rule-by-rule explanation.
///
/// ```
/// ✗ https://example.com/buy/secret opens ABCDE12345.com.example.app: does not open ABCDE12345.com.example.app: excluded by applinks.details[0].components[0] (`/buy/secret*`)
///     detail 1, rule 1 `/buy/secret*` (exclude): path matched
///   fix: if this URL should open ABCDE12345.com.example.app, narrow or remove the exclusion at applinks.details[0].components[0]
/// ```
public enum URLChecks {
    /// One check per (URL, app): whether the URL opens the app on iOS, with the matcher's
    /// explanation. `appIDs` empty = every app the file lists.
    ///
    /// A URL that does not parse gets one failing check (for every app at once); so does every
    /// URL when the file lists no app at all.
    ///
    /// - Parameters:
    ///   - urls: the URLs that should open the app, as given.
    ///   - matcher: the matcher of the file `host` serves.
    ///   - appIDs: the apps to ask about; empty for every app the file lists.
    ///   - host: the host the file was served from: a URL on another host does not open the app.
    public static func checks(urls: [String], matcher: AssociationMatcher, appIDs: [String], host: String) -> [DoctorCheck] {
        let apps = appIDs.isEmpty ? matcher.appIDs : appIDs
        return urls.flatMap { text -> [DoctorCheck] in
            let url: LinkURL
            do throws(LinkURL.ParseError) {
                url = try LinkURL(parsing: text)
            } catch {
                return [DoctorCheck(id: "url", status: .fail, title: title(text, apps),
                                    detail: error.description, fix: "write the whole URL, such as https://\(host)/path")]
            }
            guard !apps.isEmpty else {
                return [DoctorCheck(id: "url", status: .fail, title: title(text, apps),
                                    detail: "the file on \(host) lists no app under applinks, so no URL opens an app",
                                    fix: "list your app in applinks.details[].appIDs as \"<Team ID>.<bundle ID>\"")]
            }
            return apps.map { check(url, appID: $0, matcher: matcher, host: host) }
        }
    }

    /// `<url> opens <appID>` (the apps joined when a check speaks for several).
    static func title(_ url: String, _ apps: [String]) -> String {
        "\(url) opens \(apps.isEmpty ? "an app" : apps.joined(separator: ", "))"
    }

    /// The check for one parsed URL and one app.
    static func check(_ url: LinkURL, appID: String, matcher: AssociationMatcher, host: String) -> DoctorCheck {
        let explanation = matcher.explanation(for: url, appID: appID, servedFrom: host)
        let decision = explanation.decision
        let deciding = decision.rule.map { location -> String in
            let label = explanation.steps.last { $0.rule == location }?.label
            return "\(location.jsonPath)" + (label.map { " (`\($0)`)" } ?? "")
        }
        let detail: String
        var fix: String?
        switch (decision.outcome, decision.noMatchReason) {
        case (.match, _):
            detail = "opens \(appID): rule \(deciding ?? "of a detail listing it") matches"
        case (.exclude, _):
            detail = "does not open \(appID): excluded by \(deciding ?? "an exclusion")"
            fix = "if this URL should open \(appID), narrow or remove the exclusion at \(decision.rule.map { "\($0.jsonPath)" } ?? "it"); "
                + "if it should not, leave it out of the URLs to check"
        case (.noMatch, .notWebURL?):
            detail = "does not open \(appID): not an http(s) URL (its scheme is \(url.scheme))"
            fix = "universal links are https URLs: check https://\(host)\(url.path.isEmpty ? "/" : url.path) instead"
        case (.noMatch, .otherHost?):
            detail = "does not open \(appID): not on \(host) (the URL's host is \(url.host))"
            fix = "the file on \(host) decides only URLs on \(host); check \(url.host) with `landfall doctor \(url.host)`"
        case (.noMatch, .appNotListed?):
            detail = "does not open \(appID): applinks lists no detail for it"
            fix = "add \"\(appID)\" to applinks.details[].appIDs"
        case (.noMatch, _):
            let tried = explanation.steps.count
            detail = "does not open \(appID): no rule matched (\(tried) rule\(tried == 1 ? "" : "s") tried)"
            fix = "add a component matching \(url.path.isEmpty ? "/" : url.path) to the detail listing \(appID), before any exclusion that covers it"
        }
        return DoctorCheck(id: "url", status: decision.opensApp ? .pass : .fail, title: title(url.text, [appID]),
                           detail: detail, notes: explanation.steps.map(\.description), fix: fix)
    }
}
