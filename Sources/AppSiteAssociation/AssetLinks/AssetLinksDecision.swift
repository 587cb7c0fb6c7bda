/// What Android decides for one URL and one package: open the app, keep it closed because an
/// exclusion matched, or nothing allowed it — with the statement and rule that decided, a
/// sentence a person can read and, from ``AssetLinksMatcher/explanation(for:packageName:certificateFingerprint:servedFrom:)-(LinkURL,_,_,_)``,
/// every rule tried:
///
/// ```
/// does not open com.example.app: statement 1, rule 5 `*` excludes it
/// statement 1, rule 3 `/products/*`: path `/about` does not match `/products/*` (does not start with `/products/`)
/// statement 1, rule 5 `*` (exclude): path matched
/// ```
public struct AssetLinksDecision: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Why the decision is what it is.
    public enum Reason: String, Sendable, Hashable, Codable, CaseIterable {
        /// A rule without `exclude` matched: the app opens.
        case ruleMatched = "rule_matched"
        /// A rule with `exclude: true` matched first: the app does not open.
        case exclusionMatched = "exclusion_matched"
        /// The statements granting App Links to the app have no dynamic components, so every
        /// URL on the host opens it.
        case noComponents = "no_components"
        /// The device runs Android 14 or earlier, which ignores dynamic components, so every
        /// URL on the host opens the app.
        case componentsIgnored = "components_ignored"
        /// The URL's scheme is not http or https.
        case notWebURL = "not_web_url"
        /// The URL is on another host than the one the file was served from.
        case otherHost = "other_host"
        /// No statement names the package as an `android_app` target.
        case packageNotListed = "package_not_listed"
        /// Statements name the package, but none grants `delegate_permission/common.handle_all_urls`.
        case relationNotListed = "relation_not_listed"
        /// Statements grant App Links to the package, but none lists the certificate fingerprint asked about.
        case fingerprintNotListed = "fingerprint_not_listed"
        /// The statements have dynamic components and none of them matched the URL.
        case noRuleMatched = "no_rule_matched"
    }

    /// The URL asked about.
    public var url: String
    /// The package asked about.
    public var packageName: String
    /// The answer, in the same terms as iOS: `match`, `exclude` or `no_match`.
    public var outcome: MatchDecision.Outcome
    /// Why.
    public var reason: Reason
    /// The index in ``AssetLinksFile/statements`` of the statement that decided, when one did.
    public var statementIndex: Int?
    /// The rule that decided, for ``Reason/ruleMatched`` and ``Reason/exclusionMatched``.
    public var rule: AssetLinksRuleLocation?
    /// The rules tried, in order, each part compared with a hint for each mismatch; the last one
    /// decided when ``rule`` is set. Empty in a decision from
    /// ``AssetLinksMatcher/decision(for:packageName:certificateFingerprint:servedFrom:)-(LinkURL,_,_,_)``,
    /// which tries only the rules that can match and describes none.
    public var steps: [AssetLinksRuleStep]
    /// One sentence saying what happens and why.
    public var summary: String

    /// Creates a decision.
    public init(
        url: String,
        packageName: String,
        outcome: MatchDecision.Outcome,
        reason: Reason,
        statementIndex: Int? = nil,
        rule: AssetLinksRuleLocation? = nil,
        steps: [AssetLinksRuleStep] = [],
        summary: String
    ) {
        self.url = url
        self.packageName = packageName
        self.outcome = outcome
        self.reason = reason
        self.statementIndex = statementIndex
        self.rule = rule
        self.steps = steps
        self.summary = summary
    }

    /// True when the app opens.
    public var opensApp: Bool { outcome == .match }

    /// The summary and one line per rule tried.
    public var lines: [String] { [summary] + steps.map(\.description) }

    /// ``lines``, one per line.
    public var description: String { lines.joined(separator: "\n") }
}
