/// A decision with the reasoning a person needs: every rule that was tried, in order, and how
/// each part of the URL compared with it.
///
/// ```
/// rule 4 `/help/*`: path matched; query item `articleNumber` = `481` does not match `????` (needs 4 characters)
/// ```
public struct MatchExplanation: Sendable, Hashable, Codable {
    /// The URL that was asked about.
    public var url: String
    /// The app that was asked about.
    public var appID: String
    /// The decision.
    public var decision: MatchDecision
    /// The rules that were tried, in order; the last one decided when the decision names a rule.
    public var steps: [RuleStep]
    /// One sentence saying what happens and why.
    public var summary: String

    /// Creates an explanation.
    public init(url: String, appID: String, decision: MatchDecision, steps: [RuleStep], summary: String) {
        self.url = url
        self.appID = appID
        self.decision = decision
        self.steps = steps
        self.summary = summary
    }

    /// The summary and one line per rule tried.
    public var lines: [String] { [summary] + steps.map(\.description) }
}

/// One rule tried while matching, and how each part compared.
public struct RuleStep: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Where the rule is.
    public var rule: RuleLocation
    /// The rule as a short label: its path pattern, or its JSON when it has no path.
    public var label: String
    /// Whether the rule is an exclusion.
    public var isExclusion: Bool
    /// Whether every part matched.
    public var matched: Bool
    /// The comparisons, in the order path, query, fragment.
    public var checks: [PartCheck]

    /// Creates a step.
    public init(rule: RuleLocation, label: String, isExclusion: Bool, matched: Bool, checks: [PartCheck]) {
        self.rule = rule
        self.label = label
        self.isExclusion = isExclusion
        self.matched = matched
        self.checks = checks
    }

    /// `detail 1, rule 4 `/help/*`: path matched; query item ...`.
    public var description: String {
        Self.describe(rule: rule, label: label, isExclusion: isExclusion, checks: checks)
    }

    /// The one wording of a rule tried, for iOS and Android explanations alike:
    /// `<where> `<label>` (exclude): <each check>`.
    static func describe(rule: some CustomStringConvertible, label: String, isExclusion: Bool, checks: [PartCheck]) -> String {
        let exclusion = isExclusion ? " (exclude)" : ""
        let detail = checks.isEmpty ? "matches every URL" : checks.map(\.description).joined(separator: "; ")
        return "\(rule) `\(label)`\(exclusion): \(detail)"
    }
}

/// One comparison of a URL part with a pattern.
public struct PartCheck: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Which part of the URL.
    public enum Part: Sendable, Hashable, Codable {
        case path
        case query
        case queryItem(String)
        case fragment
    }

    /// The part compared.
    public var part: Part
    /// The pattern as written.
    public var pattern: String
    /// The part's value as compared: after percent-decoding when the rule says `percentEncoded: false`,
    /// lower-cased when it says `caseSensitive: false`.
    public var value: String
    /// Whether it matched.
    public var matched: Bool
    /// For a mismatch, a hint such as `needs 4 characters`.
    public var hint: String?

    /// Creates a check.
    public init(part: Part, pattern: String, value: String, matched: Bool, hint: String? = nil) {
        self.part = part
        self.pattern = pattern
        self.value = value
        self.matched = matched
        self.hint = hint
    }

    /// `path matched` or `query item `articleNumber` = `481` does not match `????` (needs 4 characters)`.
    public var description: String {
        let subject: String
        switch part {
        case .path: subject = "path `\(value)`"
        case .query: subject = "query `\(value)`"
        case .queryItem(let name): subject = "query item `\(name)` = `\(value)`"
        case .fragment: subject = "fragment `\(value)`"
        }
        if matched {
            switch part {
            case .path: return "path matched"
            case .query: return "query matched"
            case .queryItem(let name): return "query item `\(name)` matched"
            case .fragment: return "fragment matched"
            }
        }
        return "\(subject) does not match `\(pattern)`" + (hint.map { " (\($0))" } ?? "")
    }
}
