extension AndroidIntentMatcher {
    /// A URL's parts as `android.net.Uri` gives them to `IntentFilter`.
    struct Link {
        let url: LinkURL
        /// The scheme, lower-cased as a browser sends it.
        let scheme: String
        /// `getPort()`: the explicit port, or -1.
        let port: Int
        /// `getPath()`, percent-decoded; `/` for an empty path (a browser sends `/`).
        let path: String
        /// `getQuery()`, percent-decoded, or `nil` without `?`.
        let query: String?
        /// `getFragment()`, percent-decoded, or `nil` without `#`.
        let fragment: String?
        /// `getSchemeSpecificPart()`, percent-decoded: what follows `scheme:` up to `#`.
        let schemeSpecificPart: String

        init(_ url: LinkURL) {
            self.url = url
            self.scheme = url.scheme
            self.port = url.port ?? -1
            self.path = url.androidPath
            self.query = url.query.map(Self.decoded)
            self.fragment = url.fragment.map(Self.decoded)
            var rest = Substring(url.text.drop { $0 != ":" }.dropFirst())
            if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
            self.schemeSpecificPart = Self.decoded(String(rest))
        }

        /// `Uri.decode`: `%XX` escapes decoded as UTF-8 (invalid sequences become U+FFFD).
        static func decoded(_ text: String) -> String {
            String(decoding: TextTransforms.percentDecode(Array(text.utf8)), as: UTF8.self)
        }

        /// The query's parameters as `UriRelativeFilter` tries them: split on `&`, or on `;`
        /// when there is no `&` (Java's `split`, which drops trailing empty strings).
        var queryParameters: [String] {
            guard let query else { return [] }
            func split(_ separator: Character) -> [String] {
                var parts = query.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
                while parts.count > 1, parts.last == "" { parts.removeLast() }
                if parts.last == "", !query.isEmpty { parts.removeLast() }
                return parts
            }
            let byAmpersand = split("&")
            return byAmpersand.count == 1 ? split(";") : byAmpersand
        }
    }

    /// What one filter does with the link.
    struct Outcome {
        var reason: AndroidIntentDecision.Reason
        var opens: Bool
        var activity: AndroidActivity
        var filter: AndroidIntentFilter
        /// Why, as the filter's step says it.
        var detail: String
        /// The decision's sentence.
        var summary: String

        /// How useful the outcome is as a near miss: the further the link got, the higher.
        var rank: Int {
            switch reason {
            case .excludedByServedRules: 7
            case .noServedRuleMatched: 6
            case .hostNotVerified: 5
            case .notVerified: 4
            case .activityNotExported: 3
            case .missingCategory: 2
            default: 1
            }
        }

        func decision(_ url: LinkURL, steps: [String]) -> AndroidIntentDecision {
            AndroidIntentDecision(url: url.text, opens: opens, activity: activity.name, filterLine: filter.line, reason: reason,
                                  summary: summary, steps: steps)
        }
    }

    /// The filter's answer for the link: data first, then action and categories, the activity,
    /// and for a web link the verification of its host.
    func evaluate(_ filter: AndroidIntentFilter, of activity: AndroidActivity, _ link: Link) -> Outcome {
        func outcome(_ reason: AndroidIntentDecision.Reason, opens: Bool = false, _ detail: String, summary: String? = nil) -> Outcome {
            let place = "the filter at line \(filter.line) of \(activity.displayName)"
            return Outcome(reason: reason, opens: opens, activity: activity, filter: filter, detail: detail,
                           summary: summary ?? (opens ? "opens \(activity.displayName): \(detail)" : "does not open the app: \(place) \(detail)"))
        }
        guard activity.isEnabled else {
            return outcome(.noFilterMatches, "its activity is android:enabled=\"false\", so Android ignores its filters")
        }
        switch matchData(filter, link) {
        case .failure(let mismatch):
            return outcome(.noFilterMatches, mismatch.reason)
        case .success(let how):
            let matched = "matches (\(how))"
            if !filter.actions.contains(AndroidIntentFilter.viewAction) {
                return outcome(.missingCategory, "matches the link's data but has no \(AndroidIntentFilter.viewAction) action, so a tapped link never reaches it")
            }
            let missing = [AndroidIntentFilter.browsableCategory, AndroidIntentFilter.defaultCategory].filter { !filter.categories.contains($0) }
            if !missing.isEmpty {
                return outcome(.missingCategory, "matches the link's data but lacks the categor\(missing.count == 1 ? "y" : "ies") \(missing.joined(separator: " and ")), which a link tapped in a browser carries")
            }
            if activity.exported == false {
                return outcome(.activityNotExported, "matches, but its activity is android:exported=\"false\", so a browser cannot start it")
            }
            guard link.url.isWebURL else {
                return outcome(.customScheme, opens: true, matched,
                               summary: "opens \(activity.displayName): the \(link.scheme): link matches the filter at line \(filter.line)")
            }
            return verify(filter, of: activity, link, matched: matched, outcome: outcome)
        }
    }

    /// A web link that a filter matched: whether its host is verified for the app.
    func verify(_ filter: AndroidIntentFilter, of activity: AndroidActivity, _ link: Link, matched: String,
                outcome: (AndroidIntentDecision.Reason, Bool, String, String?) -> Outcome) -> Outcome {
        let host = link.url.host
        // Android 12 and later keep a verification state per app and domain, for the hosts its
        // autoVerify filters declare; any matching web filter of the app then opens it.
        let declaring = manifest.activities.filter(\.isEnabled).flatMap(\.intentFilters)
            .filter { $0.autoVerify && $0.hasWebScheme }.flatMap(\.authorities)
            .first { Self.hostMatches($0.host, host) }
        guard let declaring else {
            let what = androidVersion >= Self.firstVersionWithStrictVerification
                ? "Android \(androidVersion) opens it in the browser"
                : "Android \(androidVersion) shows the chooser, with the app as one choice"
            return outcome(.notVerified, false, "\(matched), but no android:autoVerify=\"true\" filter declares \(host), so the link is not verified",
                           "does not open the app: the link matches the filter at line \(filter.line) of \(activity.displayName), but no android:autoVerify=\"true\" filter declares \(host); \(what)")
        }
        let verificationHost = AndroidManifest.verificationHost(of: declaring.host)
        let file = "https://\(verificationHost)/.well-known/assetlinks.json"
        guard let assetLinks else {
            return outcome(.appLink, true, "\(matched); App Link, verified at \(verificationHost)",
                           "opens \(activity.displayName): the filter at line \(filter.line) matches and \(verificationHost) is declared for verification (an App Link if \(file) grants \(packageName ?? "the app"))")
        }
        let served = assetLinks(verificationHost)
        guard let served else {
            return outcome(.hostNotVerified, false, "\(matched), but \(verificationHost) serves no assetlinks.json, so it is not verified",
                           "does not open the app: the link matches the filter at line \(filter.line) of \(activity.displayName), but \(file) is not available, so \(verificationHost) is not verified")
        }
        guard let packageName else {
            return outcome(.hostNotVerified, false, "\(matched), but no package name is known to verify",
                           "does not open the app: no package name to look for in \(file); give the application ID")
        }
        let decision = AssetLinksMatcher(served, androidVersion: androidVersion)
            .explanation(for: link.url, packageName: packageName, certificateFingerprint: certificateFingerprint)
        let served_ = "\(verificationHost)'s assetlinks.json: \(decision.summary)"
        let prefix = "the link matches the filter at line \(filter.line) of \(activity.displayName), but \(served_)"
        switch (decision.outcome, decision.reason) {
        case (.match, _):
            return outcome(.appLink, true, "\(matched); App Link, verified at \(verificationHost)",
                           "opens \(activity.displayName): the filter at line \(filter.line) matches and \(served_)")
        case (.exclude, _):
            return outcome(.excludedByServedRules, false, "\(matched), but \(served_)", "does not open the app: \(prefix)")
        case (_, .noRuleMatched):
            return outcome(.noServedRuleMatched, false, "\(matched), but \(served_)", "does not open the app: \(prefix)")
        default:
            return outcome(.hostNotVerified, false, "\(matched), but \(served_)", "does not open the app: \(prefix)")
        }
    }
}
