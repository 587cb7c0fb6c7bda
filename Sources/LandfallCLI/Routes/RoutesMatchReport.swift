import AppSiteAssociation
import DeepLinkRouting
import LandfallJSON

/// How `landfall routes match` shows its decisions: text for people, JSON for machines.
struct RoutesMatchReport {
    /// One URL, the router's decision, and the route it should open if it is a table example.
    struct Entry {
        var url: String
        var decision: RoutingDecision
        var expectedRoute: String?
    }

    /// The URLs given, then the table's examples when asked for.
    var entries: [Entry]

    /// Per URL, the decision, the route and the parameters:
    ///
    /// ```
    /// https://example.com/puzzle/2025-10-25?ref=share
    ///   matched  puzzle  /puzzle/:date
    ///     date = 2025-10-25
    ///     ref = share
    /// ```
    func text(style: TerminalStyle) -> String {
        var lines: [String] = []
        for entry in entries {
            let decision = entry.decision
            lines.append(style.paint(entry.url, .bold) + (entry.expectedRoute.map { "  (example of \($0))" } ?? ""))
            switch decision {
            case .matched(let match):
                let route = match.route
                let name = route.name == route.pattern ? "" : "  " + route.name
                lines.append("  " + style.paint("matched", .green) + name + "  " + route.pattern)
                for (name, values) in Self.parameters(match.parameters.names, match.parameters.values) {
                    lines.append("    \(name) = " + (values.count == 1 ? values[0] : "[" + values.joined(separator: ", ") + "]"))
                }
                if let fragment = match.parameters.fragment {
                    lines.append("    #fragment = \(fragment)")
                }
                if !route.requirements.isEmpty {
                    lines.append("    " + style.paint("requires \(route.requirements.map(\.name).joined(separator: ", ")): "
                        + "the app holds the link until then", .dim))
                }
            case .fallback(let link):
                lines.append("  " + style.paint("fallback", .yellow) + "  no route matches \(link.path); the app's fallback decides")
            case .rejected(let reason):
                lines.append("  " + style.paint("rejected", .red) + "  \(reason)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An array with one object per URL:
    /// `{"url", "decision", "route", "pattern", "parameters", "fragment", "requires", "reason", "exampleOf"}`.
    /// `parameters` maps each name to a string, or to an array of strings for a query key
    /// given more than once; `route`, `pattern`, `fragment`, `reason` and `exampleOf` (the
    /// route a table example belongs to) are `null` when they do not apply.
    var json: JSONValue {
        .array(entries.map { entry in
            let decision = entry.decision
            var route: JSONValue = .null
            var pattern: JSONValue = .null
            var parameters: [(String, JSONValue)] = []
            var fragment: JSONValue = .null
            var requires: [JSONValue] = []
            var reason: JSONValue = .null
            switch decision {
            case .matched(let match):
                route = .string(match.route.name)
                pattern = .string(match.route.pattern)
                parameters = Self.json(Self.parameters(match.parameters.names, match.parameters.values))
                fragment = match.parameters.fragment.map(JSONValue.string) ?? .null
                requires = match.route.requirements.map { .string($0.name) }
            case .fallback(let link):
                var names: [String] = []
                for item in link.queryItems where !names.contains(item.name) { names.append(item.name) }
                parameters = Self.json(Self.parameters(names) { name in link.queryItems.filter { $0.name == name }.map(\.value) })
                fragment = link.fragment.map(JSONValue.string) ?? .null
            case .rejected(let rejection):
                reason = .string(rejection.description)
            }
            return .object([
                ("url", .string(entry.url)),
                ("decision", .string(decision.name)),
                ("route", route),
                ("pattern", pattern),
                ("parameters", .object(parameters)),
                ("fragment", fragment),
                ("requires", .array(requires)),
                ("reason", reason),
                ("exampleOf", entry.expectedRoute.map(JSONValue.string) ?? .null),
            ])
        })
    }

    private static func parameters(_ names: [String], _ values: (String) -> [String]) -> [(String, [String])] {
        names.map { ($0, values($0)) }
    }

    private static func json(_ parameters: [(String, [String])]) -> [(String, JSONValue)] {
        parameters.map { name, values in
            (name, values.count == 1 ? .string(values[0]) : .array(values.map(JSONValue.string)))
        }
    }
}
