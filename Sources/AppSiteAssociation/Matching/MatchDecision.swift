import LandfallJSON
/// What iOS decides for one URL and one app: open it, exclude it, or nothing matched — and
/// which rule decided.
public struct MatchDecision: Sendable, Hashable, Codable {
    /// The three answers.
    public enum Outcome: String, Sendable, Hashable, Codable, CaseIterable {
        /// A rule matched: the app opens.
        case match
        /// An exclusion rule (`exclude: true` or `NOT `) matched first: the app does not open.
        case exclude
        /// No rule of any detail listing the app matched (or the URL is not on the file's host).
        case noMatch = "no_match"
    }

    /// Why no rule decided.
    public enum NoMatchReason: String, Sendable, Hashable, Codable {
        /// The URL's scheme is not http or https.
        case notWebURL = "not_web_url"
        /// The URL is on another host than the one the file was served from.
        case otherHost = "other_host"
        /// No detail lists the app.
        case appNotListed = "app_not_listed"
        /// Details list the app, but none of their rules matched.
        case noRuleMatched = "no_rule_matched"
    }

    /// The answer.
    public var outcome: Outcome
    /// The rule that decided, for ``Outcome/match`` and ``Outcome/exclude``.
    public var rule: RuleLocation?
    /// Why nothing matched, for ``Outcome/noMatch``.
    public var noMatchReason: NoMatchReason?

    /// Creates a decision.
    public init(outcome: Outcome, rule: RuleLocation? = nil, noMatchReason: NoMatchReason? = nil) {
        self.outcome = outcome
        self.rule = rule
        self.noMatchReason = noMatchReason
    }

    /// True when the app opens.
    public var opensApp: Bool { outcome == .match }
}

/// Where a rule stands in the file: its detail and its place among that detail's rules.
public struct RuleLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Index into `applinks.details` (0-based).
    public var detailIndex: Int
    /// Index into the detail's `components`, or into `paths` when ``isLegacyPath`` (0-based).
    public var ruleIndex: Int
    /// True when the rule is a legacy `paths` entry.
    public var isLegacyPath: Bool
    /// The app ID when the details are keyed by app ID (the oldest form), else `nil`.
    public var detailKey: String?

    /// Creates a location.
    public init(detailIndex: Int, ruleIndex: Int, isLegacyPath: Bool = false, detailKey: String? = nil) {
        self.detailIndex = detailIndex
        self.ruleIndex = ruleIndex
        self.isLegacyPath = isLegacyPath
        self.detailKey = detailKey
    }

    /// `applinks.details[0].components[3]` (or `paths[3]`).
    public var jsonPath: JSONPath {
        JSONPath([.key("applinks"), .key("details"), detailKey.map(JSONPath.Component.key) ?? .index(detailIndex),
                  .key(isLegacyPath ? "paths" : "components"), .index(ruleIndex)])
    }

    /// `detail 1, rule 4` (counting from 1, as people do).
    public var description: String { "detail \(detailIndex + 1), rule \(ruleIndex + 1)" }
}
