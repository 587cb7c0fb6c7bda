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
/// - A query item the URL does not have counts as the empty string (so `*` matches it and
///   `?*` does not); `missingQueryItem: .neverMatches` makes an absent item fail instead.
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
                missingQueryItem: MissingQueryItem = .matchesAsEmpty) {
        self.file = file
        self.androidVersion = androidVersion
        self.missingQueryItem = missingQueryItem
        self.compiled = file.statements.map { statement in
            (statement.dynamicAppLinkComponents ?? []).map(CompiledComponent.init)
        }
    }

    /// Compiles `file`'s rules for a device that does (Android 15 and later) or does not read
    /// dynamic components. See ``init(_:androidVersion:missingQueryItem:)``.
    public init(_ file: AssetLinksFile, supportsDynamicComponents: Bool, missingQueryItem: MissingQueryItem = .matchesAsEmpty) {
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

extension AssetLinksMatcher {
    /// A URL's path, query items and fragment, as written.
    struct URLParts {
        let path: String
        let items: [(name: [UInt8], value: String)]
        let fragment: String

        init(_ url: LinkURL) {
            path = url.path.isEmpty ? "/" : url.path
            items = Self.items(of: url.query ?? "")
            fragment = url.fragment ?? ""
        }

        /// Splits a raw query into items the way the iOS matcher does (``PreparedURL``): at `&`,
        /// skipping empty items, and each item into name and value at its first `=`.
        static func items(of query: String) -> [(name: [UInt8], value: String)] {
            Array(query.utf8).split(separator: UInt8(ascii: "&")).map { item in
                guard let equals = item.firstIndex(of: UInt8(ascii: "=")) else { return (Array(item), "") }
                return (Array(item[..<equals]), String(decoding: item[(equals + 1)...], as: UTF8.self))
            }
        }
    }

    /// One dynamic component with its patterns compiled.
    struct CompiledComponent: Sendable {
        let label: String
        let isExclusion: Bool
        let path: WildcardPattern?
        let query: [(name: [UInt8], display: String, pattern: WildcardPattern)]
        let fragment: WildcardPattern?

        init(_ rule: DynamicAppLinkComponent) {
            isExclusion = rule.isExclusion
            path = rule.path.map(AssetLinksMatcher.compile)
            query = (rule.query ?? []).map { (Array($0.name.utf8), $0.name, AssetLinksMatcher.compile($0.pattern)) }
            fragment = rule.fragment.map(AssetLinksMatcher.compile)
            if let path = rule.path, rule.query == nil, rule.fragment == nil {
                label = path
            } else {
                var shown = rule
                shown.exclude = nil
                shown.comments = nil
                label = JSONWriter.compact.string(for: shown.jsonValue)
            }
        }

        /// Whether every part the rule names matches, and each comparison for the explanation.
        func compare(_ parts: URLParts, missingQueryItem: MissingQueryItem) -> (Bool, [PartCheck]) {
            var checks: [PartCheck] = []
            func check(_ part: PartCheck.Part, _ pattern: WildcardPattern, _ value: String, matched: Bool? = nil) -> Bool {
                let matched = matched ?? pattern.matches(value)
                checks.append(PartCheck(part: part, pattern: pattern.source, value: value, matched: matched,
                                        hint: matched ? nil : pattern.mismatchHint(for: value)))
                return matched
            }
            var all = true
            if let path { all = check(.path, path, parts.path) && all }
            for item in query {
                let values = parts.items.filter { $0.name == item.name }.map(\.value)
                if values.isEmpty {
                    let matched = missingQueryItem == .matchesAsEmpty && item.pattern.matches("")
                    let hint = missingQueryItem == .neverMatches ? "the URL has no such item" : nil
                    checks.append(PartCheck(part: .queryItem(item.display), pattern: item.pattern.source, value: "",
                                            matched: matched, hint: matched ? nil : hint ?? item.pattern.mismatchHint(for: "")))
                    all = matched && all
                } else if let failing = values.first(where: { !item.pattern.matches($0) }) {
                    all = check(.queryItem(item.display), item.pattern, failing, matched: false) && all
                } else {
                    all = check(.queryItem(item.display), item.pattern, values[0], matched: true) && all
                }
            }
            if let fragment { all = check(.fragment, fragment, parts.fragment) && all }
            return (all, checks)
        }
    }

    /// Compiles an Android pattern: `*` and `?` are wildcards and everything else is literal,
    /// including `$(...)`, which is a substitution variable only on iOS. Each `$(name)` is
    /// mapped to its own text, so the shared wildcard engine matches it literally (a `*` or `?`
    /// inside it stays a wildcard, as in the text).
    static func compile(_ source: String) -> WildcardPattern {
        var malformed: [String] = []
        var literal: [String: [String]] = [:]
        for case .variable(let name) in WildcardPattern.pieces(of: source, malformed: &malformed) {
            literal[name] = ["$(\(name))"]
        }
        return WildcardPattern(source, variables: SubstitutionTable(defined: literal), caseSensitive: true)
    }
}
