import LandfallJSON
/// One run of ``AssociationLinter`` over one parsed file: the diagnostics found so far and what
/// the walk learned about the file (its details and rules as far as they could be read).
///
/// The walk is in `LintPass+Structure.swift` (types, keys, app IDs, details), the pattern and
/// variable checks in `LintPass+Patterns.swift`, and the unreachable-rule checks in
/// `LintPass+Reachability.swift`.
struct LintPass {
    /// Where a rule or a `defaults` dictionary is, without building its path until a message needs it.
    enum RulePlace {
        case component(detail: JSONPath, index: Int)
        case legacyPath(detail: JSONPath, index: Int)
        case other(JSONPath)

        /// `applinks.details[0].components[3]`, `applinks.details[0].paths[1]`, ...
        var path: JSONPath {
            switch self {
            case .component(let detail, let index): detail.appending("components").appending(index)
            case .legacyPath(let detail, let index): detail.appending("paths").appending(index)
            case .other(let path): path
            }
        }
    }

    /// One rule iOS evaluates, as written, with its settings resolved.
    struct RuleSite {
        /// The rule with the detail's and the file's defaults filled in.
        var effective: ComponentRule
        /// Where the rule is.
        var place: RulePlace
        var path: JSONPath { place.path }
        var location: SourceLocation?
        /// The legacy `paths` entry as written, or `nil` for a component.
        var legacyText: String?
        /// The component as written (without defaults), for its label.
        var written: ComponentRule

        /// A short label: the legacy path string, the path pattern, or the rule as JSON.
        var label: String { legacyText ?? AssociationMatcher.label(for: written) }
    }

    /// One entry of `applinks.details`, as far as it could be read.
    struct DetailSite {
        var path: JSONPath
        var location: SourceLocation?
        /// The app IDs iOS reads from the detail.
        var appIDs: [String]
        /// The rules iOS evaluates, in order.
        var rules: [RuleSite]
        /// True when some part of the detail has the wrong type, so its rules are not certain.
        var damaged: Bool
    }

    /// A substitution variable's definition.
    struct VariableSite {
        var name: String
        var path: JSONPath
        var keyLocation: SourceLocation?
        var isValidName: Bool
    }

    let reader = ModelReader()
    private(set) var diagnostics: [Diagnostic] = []

    /// The file as far as it could be read; parts with the wrong type are left out.
    var file = AssociationFile()
    /// The details of `applinks`, in order.
    var details: [DetailSite] = []
    /// `applinks.defaults`, and whether it had a value of the wrong type.
    var appLinksDefaults: ComponentRule?
    var appLinksDefaultsDamaged = false

    /// Every name defined under `substitutionVariables` (even with unreadable values).
    var declaredVariables: Set<String> = []
    /// The definitions, in file order (the last of repeated names).
    var variableSites: [VariableSite] = []
    /// Names referred to by some pattern.
    var usedVariables: Set<String> = []

    /// Records a diagnostic.
    mutating func report(_ code: AASALintCode, _ path: JSONPath?, _ location: SourceLocation?, _ message: String, fix: String? = nil) {
        diagnostics.append(Diagnostic(code, path: path, location: location, message: message, fix: fix))
    }

    /// The diagnostics in document order (those without a place first), stable for equal places.
    func sortedDiagnostics() -> [Diagnostic] {
        diagnostics.enumerated()
            .sorted { lhs, rhs in
                let left = lhs.element.location?.offset ?? -1
                let right = rhs.element.location?.offset ?? -1
                return left != right ? left < right : lhs.offset < rhs.offset
            }
            .map(\.element)
    }
}

extension LintPass {
    /// `text` as a JSON string literal for a message, shortened when very long.
    static func quoted(_ text: String, limit: Int = 80) -> String {
        var shown = text
        var suffix = ""
        if text.unicodeScalars.count > limit {
            shown = String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit)))
            suffix = "…"
        }
        var output = ""
        JSONWriter.writeString(shown, into: &output)
        if !suffix.isEmpty { output.insert(contentsOf: suffix, at: output.index(before: output.endIndex)) }
        return output
    }

    /// The end of a path, for naming a place inside a message: `appIDs[1]`, `components[2]["/"]`.
    static func shortName(_ path: JSONPath) -> String {
        let keys = path.components.indices.filter { if case .key = path.components[$0] { true } else { false } }
        guard let last = keys.last else { return path.description }
        var start = last
        if keys.count >= 2, case .key(let key) = path.components[last], ["/", "?", "#"].contains(key) || last == path.components.count - 1 {
            start = keys[keys.count - 2]
        }
        return JSONPath(Array(path.components[start...])).description
    }

    /// How a rule elsewhere is named in a message: relative to `place` when in the same detail.
    static func ruleName(_ rule: RuleSite, from place: JSONPath) -> String {
        let sameDetail = rule.path.components.count == place.components.count
            && rule.path.components.dropLast(2) == place.components.dropLast(2)
            && rule.path.components.count >= 2
        let name = sameDetail ? JSONPath(Array(rule.path.components.suffix(2))).description : rule.path.description
        return "\(name) \(quoted(rule.label))"
    }
}
