/// What Android decides for one URL and one package: open the app, keep it closed because an
/// exclusion matched, or nothing allowed it — with the statement and rule that decided, every
/// rule tried, and a sentence a person can read.
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
    /// The rules tried, in order; the last one decided when ``rule`` is set.
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

/// Where a dynamic component stands: its statement and its place among that statement's rules.
public struct AssetLinksRuleLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Index into ``AssetLinksFile/statements`` (0-based).
    public var statementIndex: Int
    /// Index into the statement's ``AssetLinkStatement/dynamicAppLinkComponents`` (0-based).
    public var ruleIndex: Int

    /// Creates a location.
    public init(statementIndex: Int, ruleIndex: Int) {
        self.statementIndex = statementIndex
        self.ruleIndex = ruleIndex
    }

    /// `[0].relation_extensions["delegate_permission/common.handle_all_urls"].dynamic_app_link_components[3]`
    /// (exact for files whose include entries, if any, follow the statements, as encoding writes them).
    public var jsonPath: JSONPath {
        JSONPath([.index(statementIndex), .key("relation_extensions"), .key(AssetLinkStatement.handleAllURLs),
                  .key("dynamic_app_link_components"), .index(ruleIndex)])
    }

    /// `statement 1, rule 4` (counting from 1, as people do).
    public var description: String { "statement \(statementIndex + 1), rule \(ruleIndex + 1)" }
}

/// One dynamic component tried while matching, and how each part of the URL compared.
public struct AssetLinksRuleStep: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Where the rule is.
    public var rule: AssetLinksRuleLocation
    /// The rule as a short label: its path pattern, or its JSON when it has other patterns.
    public var label: String
    /// Whether the rule is an exclusion.
    public var isExclusion: Bool
    /// Whether every part matched.
    public var matched: Bool
    /// The comparisons, in the order path, query items, fragment.
    public var checks: [PartCheck]

    /// Creates a step.
    public init(rule: AssetLinksRuleLocation, label: String, isExclusion: Bool, matched: Bool, checks: [PartCheck]) {
        self.rule = rule
        self.label = label
        self.isExclusion = isExclusion
        self.matched = matched
        self.checks = checks
    }

    /// `statement 1, rule 4 `/products/*` (exclude): path matched`.
    public var description: String {
        let exclusion = isExclusion ? " (exclude)" : ""
        let detail = checks.isEmpty ? "matches every URL" : checks.map(\.description).joined(separator: "; ")
        return "\(rule) `\(label)`\(exclusion): \(detail)"
    }
}
