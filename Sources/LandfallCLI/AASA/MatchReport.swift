import AppSiteAssociation
import LandfallJSON

/// How `landfall aasa match` shows its decisions: text for people, JSON for machines.
struct MatchReport {
    /// One explanation per URL and app, URLs outermost.
    var explanations: [MatchExplanation]
    /// The app IDs the file lists (to hint at a near miss, such as a case difference).
    var knownAppIDs: [String]

    /// For each URL and app:
    ///
    /// ```
    /// https://example.com/buy/1  ABCDE12345.com.example.app
    ///   match: opens ABCDE12345.com.example.app: detail 1, rule 2 `/buy/*` matched
    ///   rules tried:
    ///     detail 1, rule 1 `{"#":"no_universal_links"}` (exclude): fragment `` does not match `no_universal_links`
    ///     detail 1, rule 2 `/buy/*`: path matched
    /// ```
    func text(style: TerminalStyle) -> String {
        var lines: [String] = []
        for (index, explanation) in explanations.enumerated() {
            if index > 0 { lines.append("") }
            lines.append(style.paint(explanation.url, .bold) + "  " + explanation.appID)
            lines.append("  " + Self.paint(explanation.decision.outcome, style) + ": " + explanation.summary)
            if explanation.decision.noMatchReason == .appNotListed,
               let near = knownAppIDs.first(where: { $0.lowercased() == explanation.appID.lowercased() }) {
                lines.append("  note: the file lists \(near); app IDs compare exactly, case included")
            }
            if !explanation.steps.isEmpty {
                lines.append("  rules tried:")
                for step in explanation.steps {
                    lines.append("    " + (step.matched ? style.paint(step.description, .bold) : step.description))
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An array with one object per URL and app:
    /// `{"url", "appID", "decision", "reason", "rule": {"detail", "rule", "path"}, "summary", "explanation"}`.
    /// `rule` is `null` unless a rule decided; `detail` and `rule` count from 1, as in the text.
    var json: JSONValue {
        .array(explanations.map { explanation in
            let decision = explanation.decision
            let rule: JSONValue = decision.rule.map { location in
                .object([
                    ("detail", JSONValue(.number(String(location.detailIndex + 1)))),
                    ("rule", JSONValue(.number(String(location.ruleIndex + 1)))),
                    ("path", .string(location.jsonPath.description)),
                ])
            } ?? .null
            return .object([
                ("url", .string(explanation.url)),
                ("appID", .string(explanation.appID)),
                ("decision", .string(decision.outcome.rawValue)),
                ("reason", decision.noMatchReason.map { .string($0.rawValue) } ?? .null),
                ("rule", rule),
                ("summary", .string(explanation.summary)),
                ("explanation", .array(explanation.lines.map(JSONValue.string))),
            ])
        })
    }

    static func paint(_ outcome: MatchDecision.Outcome, _ style: TerminalStyle) -> String {
        switch outcome {
        case .match: style.paint(outcome.rawValue, .green)
        case .exclude: style.paint(outcome.rawValue, .yellow)
        case .noMatch: style.paint(outcome.rawValue, .red)
        }
    }
}
