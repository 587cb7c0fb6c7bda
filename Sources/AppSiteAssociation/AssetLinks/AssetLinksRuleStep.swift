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
        RuleStep.describe(rule: rule, label: label, isExclusion: isExclusion, checks: checks)
    }
}
