import AppSiteAssociation
import Yams

/// Reads typed values out of a composed YAML document, collecting a ``SiteIssue`` (with key
/// path, line and column) for every value that is not what the configuration expects,
/// and carrying on, so that one run reports every problem it can.
final class YAMLDocument {
    private(set) var issues: [SiteIssue] = []

    /// Records an error at `node`'s place.
    func error(_ message: String, at path: String, _ node: Node?) {
        issues.append(SiteIssue(.error, path: path, line: node?.mark?.line, column: node?.mark?.column, message: message))
    }

    /// Records an error at a character inside a one-line scalar: `offset` characters after the
    /// text's first (the quote of a quoted scalar counted); at the scalar's start otherwise.
    func error(_ message: String, at path: String, _ node: Node, characterOffset offset: Int) {
        var column = node.mark?.column
        if case .scalar(let scalar) = node, !scalar.string.contains("\n"), let start = column {
            switch scalar.style {
            case .plain: column = start + offset
            case .singleQuoted, .doubleQuoted: column = start + 1 + offset
            default: break
            }
        }
        issues.append(SiteIssue(.error, path: path, line: node.mark?.line, column: column, message: message))
    }

    /// Records a warning at `node`'s place.
    func warning(_ message: String, at path: String, _ node: Node?) {
        issues.append(SiteIssue(.warning, path: path, line: node?.mark?.line, column: node?.mark?.column, message: message))
    }

    /// Whether the node is an explicit null (`~`, `null`, or nothing after the colon).
    static func isNull(_ node: Node) -> Bool {
        guard case .scalar(let scalar) = node, scalar.style == .plain else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    /// The mapping at `node`, after reporting keys that are not in `known` (with a likely
    /// correction). `nil`, with an error, when the node is not a mapping.
    func mapping(_ node: Node, at path: String, known: [String], expected: String = "a mapping") -> Node.Mapping? {
        guard let mapping = node.mapping else {
            error("expected \(expected), found \(Self.describe(node))", at: path, node)
            return nil
        }
        for key in mapping.keys {
            guard let name = key.string else {
                error("keys must be text, found \(Self.describe(key))", at: path, key)
                continue
            }
            guard !known.contains(name) else { continue }
            let hint = NameSuggestion.closest(to: name, among: known).map { "did you mean '\($0)'?" }
                ?? "known keys: \(known.joined(separator: ", "))"
            error("unknown key '\(name)'; \(hint)", at: Self.join(path, name), key)
        }
        return mapping
    }

    /// The text of a scalar at `mapping[key]`; `nil` when absent or null, with an error when
    /// it is `required` and missing, or when it is a list or mapping.
    func string(_ mapping: Node.Mapping, _ key: String, at path: String, required: Bool = false) -> (String, Node)? {
        let place = Self.join(path, key)
        guard let node = mapping[key], !Self.isNull(node) else {
            if required { error("'\(key)' is required", at: place, mapping[key] ?? Self.anchor(of: mapping)) }
            return nil
        }
        guard case .scalar(let scalar) = node else {
            error("expected text, found \(Self.describe(node))", at: place, node)
            return nil
        }
        if required && scalar.string.isEmpty {
            error("'\(key)' must not be empty", at: place, node)
            return nil
        }
        return (scalar.string, node)
    }

    /// A `true`/`false` at `mapping[key]`, or `nil` when absent.
    func bool(_ mapping: Node.Mapping, _ key: String, at path: String) -> Bool? {
        guard let node = mapping[key], !Self.isNull(node) else { return nil }
        guard let value = node.bool else {
            error("expected true or false, found \(Self.describe(node))", at: Self.join(path, key), node)
            return nil
        }
        return value
    }

    /// A whole number at `mapping[key]` within `range`, or `nil` when absent.
    func int(_ mapping: Node.Mapping, _ key: String, at path: String, in range: ClosedRange<Int>) -> Int? {
        guard let node = mapping[key], !Self.isNull(node) else { return nil }
        guard let value = node.int else {
            error("expected a whole number, found \(Self.describe(node))", at: Self.join(path, key), node)
            return nil
        }
        guard range.contains(value) else {
            error("\(value) is out of range; expected \(range.lowerBound)...\(range.upperBound)", at: Self.join(path, key), node)
            return nil
        }
        return value
    }

    /// A list of texts at `mapping[key]` (a single text counts as a list of one); empty when absent.
    func strings(_ mapping: Node.Mapping, _ key: String, at path: String) -> [(String, Node)] {
        guard let node = mapping[key], !Self.isNull(node) else { return [] }
        if case .scalar(let scalar) = node { return [(scalar.string, node)] }
        guard let sequence = node.sequence else {
            error("expected a list of texts, found \(Self.describe(node))", at: Self.join(path, key), node)
            return []
        }
        var result: [(String, Node)] = []
        for (index, element) in sequence.enumerated() {
            guard case .scalar(let scalar) = element, !Self.isNull(element) else {
                error("expected text, found \(Self.describe(element))", at: "\(Self.join(path, key))[\(index)]", element)
                continue
            }
            result.append((scalar.string, element))
        }
        return result
    }

    /// `a.b`, or `b` when `a` is empty.
    static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    /// The node a problem with a missing key points at: the mapping's first key.
    static func anchor(of mapping: Node.Mapping) -> Node? {
        mapping.keys.first
    }

    /// `a mapping`, `a list`, `the text "x"`, `null`.
    static func describe(_ node: Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let scalar):
            if isNull(node) { return "nothing (null)" }
            return "\"\(scalar.string)\""
        case .alias: return "an alias"
        }
    }
}
