import AppSiteAssociation
import LandfallJSON

/// How `landfall android match` shows its decisions: text for people, JSON for machines.
struct AndroidMatchReport {
    /// One decision per URL, in the order given.
    var decisions: [AndroidIntentDecision]

    /// For each URL:
    ///
    /// ```
    /// https://example.com/puzzle/today
    ///   opens: .MainActivity (filter at line 12)
    ///   opens .MainActivity: the filter at line 12 matches and example.com is declared for verification (...)
    ///   filters tried:
    ///     filter at line 8 (.MainActivity): has no android:scheme, so it matches no link
    ///     filter at line 12 (.MainActivity): matches (scheme https, host example.com, path="/puzzle/today"); App Link, verified at example.com
    /// ```
    func text(style: TerminalStyle) -> String {
        var lines: [String] = []
        for (index, decision) in decisions.enumerated() {
            if index > 0 { lines.append("") }
            lines.append(style.paint(TerminalText.visible(decision.url), .bold))
            let place = decision.filterLine.map { " (filter at line \($0))" } ?? ""
            if decision.opens {
                lines.append("  " + style.paint("opens", .green) + ": \(TerminalText.visible(decision.activity ?? "?"))\(place)")
            } else {
                lines.append("  " + style.paint("does not open", .red) + ": \(decision.reason.rawValue)"
                             + (decision.activity.map { ", nearest \(TerminalText.visible($0))\(place)" } ?? ""))
            }
            lines.append("  " + TerminalText.visible(decision.summary))
            if !decision.steps.isEmpty {
                lines.append("  filters tried:")
                for step in decision.steps { lines.append("    " + TerminalText.visible(step)) }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An array with one object per URL:
    /// `{"url", "opens", "activity", "reason", "filterLine", "summary", "explanation"}`;
    /// `activity` and `filterLine` are `null` when no filter decided.
    var json: JSONValue {
        .array(decisions.map { decision in
            .object([
                ("url", .string(decision.url)),
                ("opens", .bool(decision.opens)),
                ("activity", decision.activity.map(JSONValue.string) ?? .null),
                ("reason", .string(decision.reason.rawValue)),
                ("filterLine", decision.filterLine.map { JSONValue(.number(String($0))) } ?? .null),
                ("summary", .string(decision.summary)),
                ("explanation", .array(decision.lines.map(JSONValue.string))),
            ])
        })
    }
}
