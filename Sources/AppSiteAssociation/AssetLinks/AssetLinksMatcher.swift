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
    /// For each statement, its components filed by the literal start of their path pattern,
    /// so that a decision tries only those that can match.
    let indexByStatement: [RulePrefixIndex]

    /// Compiles `file`'s rules.
    ///
    /// - Parameters:
    ///   - file: the `assetlinks.json` file, as the host serves it.
    ///   - androidVersion: the Android version to model (15 by default); before 15 dynamic
    ///     components are ignored.
    ///   - missingQueryItem: how a query item named by a rule but absent from the URL compares.
    public init(_ file: AssetLinksFile, androidVersion: Int = firstVersionWithDynamicComponents,
                missingQueryItem: MissingQueryItem = .neverMatches) {
        self.file = file
        self.androidVersion = androidVersion
        self.missingQueryItem = missingQueryItem
        let compiled = file.statements.map { statement in
            (statement.dynamicAppLinkComponents ?? []).map(CompiledComponent.init)
        }
        self.compiled = compiled
        self.indexByStatement = compiled.map { components in
            var index = RulePrefixIndex()
            for (position, component) in components.enumerated() {
                index.file(position, under: component.path?.literalPrefix ?? [])
            }
            return index
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

    /// The decision for `url` and the app `packageName`, without the rules tried
    /// (``AssetLinksDecision/steps`` is empty): ``explanation(for:packageName:certificateFingerprint:servedFrom:)-(LinkURL,_,_,_)``
    /// lists them, with a hint for each mismatch.
    ///
    /// Only the rules that can match are tried: those whose path pattern's literal start (the
    /// text before its first wildcard) begins the URL's path, and those without one, in file
    /// order, so the first match is the one Android finds trying every rule.
    ///
    /// - Parameters:
    ///   - url: the link opened.
    ///   - packageName: the app's package name (`applicationId`).
    ///   - certificateFingerprint: when given, only statements listing this SHA-256 fingerprint
    ///     count (compared ignoring case and colons), as for an app signed with that key.
    ///   - host: the host the file was served from; a URL on any other host never opens the
    ///     app. `nil` means the URL's own host.
    public func decision(for url: LinkURL, packageName: String, certificateFingerprint: String? = nil,
                         servedFrom host: String? = nil) -> AssetLinksDecision {
        var tried = 0
        return evaluate(url, packageName: packageName, certificateFingerprint: certificateFingerprint, servedFrom: host,
                        trying: .candidates, explaining: false, rulesTried: &tried)
    }

    /// The decision for `url` and the app `packageName` with every rule tried, in order, and
    /// how each part of the URL compared with it (``AssetLinksDecision/steps``, ``AssetLinksDecision/lines``).
    /// See ``decision(for:packageName:certificateFingerprint:servedFrom:)-(LinkURL,_,_,_)``.
    public func explanation(for url: LinkURL, packageName: String, certificateFingerprint: String? = nil,
                            servedFrom host: String? = nil) -> AssetLinksDecision {
        var tried = 0
        return evaluate(url, packageName: packageName, certificateFingerprint: certificateFingerprint, servedFrom: host,
                        trying: .every, explaining: true, rulesTried: &tried)
    }

    /// The decision and the number of components compared with the URL to reach it: with
    /// `.candidates` as ``decision(for:packageName:certificateFingerprint:servedFrom:)-(LinkURL,_,_,_)``
    /// decides, with `.every` by trying every component in order, without explaining.
    func counted(for url: LinkURL, packageName: String, certificateFingerprint: String? = nil, servedFrom host: String? = nil,
                 trying selection: RuleSelection = .candidates) -> (decision: AssetLinksDecision, rulesTried: Int) {
        var tried = 0
        let decision = evaluate(url, packageName: packageName, certificateFingerprint: certificateFingerprint, servedFrom: host,
                                trying: selection, explaining: false, rulesTried: &tried)
        return (decision, tried)
    }

    /// Parses `url` and decides. See ``decision(for:packageName:certificateFingerprint:servedFrom:)-(LinkURL,_,_,_)``.
    ///
    /// - Throws: ``LinkURL/ParseError`` when `url` is not a URL with a scheme and a host.
    public func decision(for url: String, packageName: String, certificateFingerprint: String? = nil,
                         servedFrom host: String? = nil) throws(LinkURL.ParseError) -> AssetLinksDecision {
        decision(for: try LinkURL(parsing: url), packageName: packageName, certificateFingerprint: certificateFingerprint, servedFrom: host)
    }

    /// Parses `url` and explains. See ``explanation(for:packageName:certificateFingerprint:servedFrom:)-(LinkURL,_,_,_)``.
    ///
    /// - Throws: ``LinkURL/ParseError`` when `url` is not a URL with a scheme and a host.
    public func explanation(for url: String, packageName: String, certificateFingerprint: String? = nil,
                            servedFrom host: String? = nil) throws(LinkURL.ParseError) -> AssetLinksDecision {
        explanation(for: try LinkURL(parsing: url), packageName: packageName, certificateFingerprint: certificateFingerprint, servedFrom: host)
    }
}
