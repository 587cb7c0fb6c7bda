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
    /// With `appIDs` empty and several apps listed, each URL gets one check that passes when
    /// any of them opens it (a file for a shop app and a help app should not fail the help
    /// app's URLs for the shop app); its notes explain each app's decision when none does.
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
        let anyApp = appIDs.isEmpty && apps.count > 1
        return urls.flatMap { text -> [DoctorCheck] in
            let url: LinkURL
            do throws(LinkURL.ParseError) {
                url = try LinkURL(parsing: text)
            } catch {
                return [DoctorCheck(id: "url", status: .fail, title: title(text, anyApp ? [] : apps),
                                    detail: error.description, fix: "write the URL in full, with https:// and the host, such as https://\(host)/path")]
            }
            guard !apps.isEmpty else {
                return [DoctorCheck(id: "url", status: .fail, title: title(text, apps),
                                    detail: "the file on \(host) lists no app under applinks, so no URL opens an app",
                                    fix: "list your app in applinks.details[].appIDs as \"<Team ID>.<bundle ID>\"")]
            }
            if anyApp { return [anyAppCheck(url, apps: apps, matcher: matcher, host: host)] }
            return apps.map { check(url, appID: $0, matcher: matcher, host: host) }
        }
    }

    /// One check for a URL and every app the file lists: passes when one of them opens it.
    static func anyAppCheck(_ url: LinkURL, apps: [String], matcher: AssociationMatcher, host: String) -> DoctorCheck {
        let perApp = apps.map { check(url, appID: $0, matcher: matcher, host: host) }
        let title = title(url.text, [])
        if let opened = perApp.first(where: { $0.status == .pass }) {
            return DoctorCheck(id: "url", status: .pass, title: title, detail: opened.detail, notes: opened.notes)
        }
        let fixes = perApp.compactMap(\.fix)
        let path = url.path.isEmpty ? "/" : url.path
        return DoctorCheck(
            id: "url", status: .fail, title: title,
            detail: "opens none of the \(apps.count) apps the file lists",
            notes: perApp.flatMap { [$0.detail] + $0.notes.map { "  " + $0 } },
            fix: Set(fixes).count == 1 ? fixes.first
                : "make a rule of the detail listing the app that should open \(path) match it (each app's rules are above)"
        )
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
