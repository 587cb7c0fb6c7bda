/// Answers "does this URL open package P on Android?" for one `assetlinks.json` file served
/// from one host.
///
/// The rules, as Android applies them:
/// - Only statements whose target is the `android_app` P and whose `relation` grants
///   `delegate_permission/common.handle_all_urls` count (and, when a certificate fingerprint
///   is given, only those listing it). Other packages, relations and web targets never open P.
/// - With no `dynamic_app_link_components` in those statements, every URL on the host opens
///   the app. Android 14 and earlier ignore components, so there too every URL opens it: pick
///   the version with `androidVersion`.
/// - With components (Android 15 and later), the rules of those statements are tried in
///   document order and the **first** that matches decides: a rule with `exclude: true` keeps
///   the app closed, any other opens it. A URL no rule matches does not open the app.
/// - A rule matches when every key it has matches: `/` the path, `#` the fragment, and for
///   `?` each named query item's value (items not named are ignored; an item that appears
///   several times must match each time). Patterns use `*` (any run of characters) and `?`
///   (one character) and compare case-sensitively with the URL as written (no
///   percent-decoding). An absent query or fragment is the empty string; an empty path is `/`.
/// - A query item the URL does not have makes the rule fail: on Android a named item must be
///   present (Android's documented example starts with `{"?": {"dl": "*"}}`, which only makes
///   sense that way). `missingQueryItem: .matchesAsEmpty` reads it as the empty string, as iOS does.
///
/// ```swift
/// let matcher = AssetLinksMatcher(file)
/// let decision = try matcher.decision(for: "https://example.com/products/42", packageName: "com.example.app")
/// decision.outcome  // .match
/// decision.summary  // "opens com.example.app: statement 1, rule 1 `/products/*` matched"
/// ```
public struct AssetLinksMatcher: Sendable {
    /// How a query item named by a rule but absent from the URL compares.
    public enum MissingQueryItem: String, Sendable, Hashable, Codable, CaseIterable {
        /// It counts as the empty string, as on iOS: `*` matches it, `?*` does not.
        case matchesAsEmpty = "matches_as_empty"
        /// The rule does not match: the item must be present.
        case neverMatches = "never_matches"
    }

    /// The first Android version that reads `dynamic_app_link_components`: 15.
    public static let firstVersionWithDynamicComponents = 15

    /// The file the matcher was built from.
    public let file: AssetLinksFile
    /// The Android version whose behaviour is modelled.
    public let androidVersion: Int
    /// How an absent query item compares.
    public let missingQueryItem: MissingQueryItem
    let compiled: [[CompiledComponent]]

    /// Compiles `file`'s rules.
    ///
    /// - Parameters:
    ///   - androidVersion: the Android version to model (15 by default); before 15 dynamic
    ///     components are ignored.
    ///   - missingQueryItem: how a query item named by a rule but absent from the URL compares.
    public init(_ file: AssetLinksFile, androidVersion: Int = firstVersionWithDynamicComponents,
                missingQueryItem: MissingQueryItem = .neverMatches) {
        self.file = file
        self.androidVersion = androidVersion
        self.missingQueryItem = missingQueryItem
        self.compiled = file.statements.map { statement in
            (statement.dynamicAppLinkComponents ?? []).map(CompiledComponent.init)
        }
    }

    /// Compiles `file`'s rules for a device that does (Android 15 and later) or does not read
    /// dynamic components. See ``init(_:androidVersion:missingQueryItem:)``.
    public init(_ file: AssetLinksFile, supportsDynamicComponents: Bool, missingQueryItem: MissingQueryItem = .neverMatches) {
        self.init(file, androidVersion: supportsDynamicComponents ? Self.firstVersionWithDynamicComponents : Self.firstVersionWithDynamicComponents - 1,
                  missingQueryItem: missingQueryItem)
    }

    /// Whether the modelled Android version reads `dynamic_app_link_components`.
    public var supportsDynamicComponents: Bool { androidVersion >= Self.firstVersionWithDynamicComponents }

    /// Every package the file grants App Links to, in file order, without repeats.
    public var packageNames: [String] {
        var seen = Set<String>()
        return file.statements.filter(\.handlesAllURLs).compactMap(\.target.packageName).filter { seen.insert($0).inserted }
    }

    /// The decision for `url` and the app `packageName`.
    ///
    /// - Parameters:
    ///   - certificateFingerprint: when given, only statements listing this SHA-256 fingerprint
    ///     count (compared ignoring case and colons), as for an app signed with that key.
    ///   - host: the host the file was served from; a URL on any other host never opens the
    ///     app. `nil` means the URL's own host.
    public func decision(for url: LinkURL, packageName: String, certificateFingerprint: String? = nil,
                         servedFrom host: String? = nil) -> AssetLinksDecision {
        func decide(_ outcome: MatchDecision.Outcome, _ reason: AssetLinksDecision.Reason, statement: Int? = nil,
                    rule: AssetLinksRuleLocation? = nil, steps: [AssetLinksRuleStep] = [], _ summary: String) -> AssetLinksDecision {
            let verb = outcome == .match ? "opens" : "does not open"
            return AssetLinksDecision(url: url.text, packageName: packageName, outcome: outcome, reason: reason,
                                      statementIndex: statement, rule: rule, steps: steps, summary: "\(verb) \(packageName): \(summary)")
        }
        guard url.isWebURL else {
            return decide(.noMatch, .notWebURL, "only http and https URLs are App Links, this one is \(url.scheme)")
        }
        if let host, !AssociationMatcher.sameHost(host, url.host) {
            return decide(.noMatch, .otherHost, "the URL's host \(url.host) is not \(host), where the file is served")
        }
        let listing = file.statements.indices.filter { file.statements[$0].target.packageName == packageName }
        guard !listing.isEmpty else {
            let includes = file.includes.isEmpty ? "" : " (the file includes \(file.includes.joined(separator: ", ")), which is not fetched here)"
            return decide(.noMatch, .packageNotListed, "no statement names it as an android_app target\(includes)")
        }
        let granting = listing.filter { file.statements[$0].handlesAllURLs }
        guard !granting.isEmpty else {
            return decide(.noMatch, .relationNotListed,
                          "statements name it but none grants \(AssetLinkStatement.handleAllURLs), which App Links need")
        }
        var qualifying = granting
        if let certificateFingerprint {
            let wanted = AssetLinksFormat.fingerprintKey(certificateFingerprint)
            qualifying = granting.filter { index in
                file.statements[index].target.sha256CertFingerprints.contains { AssetLinksFormat.fingerprintKey($0) == wanted }
            }
            guard !qualifying.isEmpty else {
                return decide(.noMatch, .fingerprintNotListed,
                              "no statement granting App Links lists the certificate fingerprint \(certificateFingerprint)")
            }
        }
        let first = qualifying[0]
        guard qualifying.contains(where: { !compiled[$0].isEmpty }) else {
            return decide(.match, .noComponents, statement: first,
                          "statement \(first + 1) grants App Links with no dynamic_app_link_components, so every URL on the host opens it")
        }
        guard supportsDynamicComponents else {
            return decide(.match, .componentsIgnored, statement: first,
                          "Android \(androidVersion) ignores dynamic_app_link_components, so every URL on the host opens it")
        }
        let parts = URLParts(url)
        var steps: [AssetLinksRuleStep] = []
        for statementIndex in qualifying {
            for (ruleIndex, rule) in compiled[statementIndex].enumerated() {
                let location = AssetLinksRuleLocation(statementIndex: statementIndex, ruleIndex: ruleIndex)
                let (matched, checks) = rule.compare(parts, missingQueryItem: missingQueryItem)
                steps.append(AssetLinksRuleStep(rule: location, label: rule.label, isExclusion: rule.isExclusion,
                                                matched: matched, checks: checks))
                if matched {
                    return rule.isExclusion
                        ? decide(.exclude, .exclusionMatched, statement: statementIndex, rule: location, steps: steps,
                                 "\(location) `\(rule.label)` excludes it")
                        : decide(.match, .ruleMatched, statement: statementIndex, rule: location, steps: steps,
                                 "\(location) `\(rule.label)` matched")
                }
            }
        }
        return decide(.noMatch, .noRuleMatched, steps: steps,
                      "no dynamic_app_link_components rule matched, and Android \(androidVersion) opens only URLs a rule allows")
    }

    /// Parses `url` and decides. See ``decision(for:packageName:certificateFingerprint:servedFrom:)-(LinkURL,_,_,_)``.
    ///
    /// - Throws: ``LinkURL/ParseError`` when `url` is not a URL with a scheme and a host.
    public func decision(for url: String, packageName: String, certificateFingerprint: String? = nil,
                         servedFrom host: String? = nil) throws(LinkURL.ParseError) -> AssetLinksDecision {
        decision(for: try LinkURL(parsing: url), packageName: packageName, certificateFingerprint: certificateFingerprint, servedFrom: host)
    }
}
