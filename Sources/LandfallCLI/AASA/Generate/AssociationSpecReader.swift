import AppSiteAssociation
import LandfallSite
import Yams

/// Reads an ``AssociationSpec`` from a small YAML file, rejecting anything it does not know
/// with the line and column of the problem.
///
/// ```yaml
/// apps:
///   - ABCDE12345.com.example.app
/// rules:
///   - path: /help/website/*
///     exclude: true
///   - path: /help/*
///     query: { articleNumber: "????" }
/// webcredentials: [ABCDE12345.com.example.app]
/// ```
///
/// Top-level keys: `apps` (required), `rules` (required), `defaults`, `substitutionVariables`,
/// `webcredentials`, `appclips`. Rule keys: `path`, `query` (a string, or a map of item names
/// to patterns), `fragment`, `exclude`, `caseSensitive`, `percentEncoded`, `comment`.
struct AssociationSpecReader {
    /// Why a spec cannot be read: a message and, when known, the line and column.
    struct SpecError: Error, Sendable, Equatable, CustomStringConvertible {
        var line: Int?
        var column: Int?
        var message: String

        /// `line 7, column 5: unknown key ...`.
        var description: String {
            guard let line else { return message }
            return "line \(line)" + (column.map { ", column \($0)" } ?? "") + ": " + message
        }
    }

    static let topLevelKeys = ["apps", "rules", "defaults", "substitutionVariables", "webcredentials", "appclips"]
    static let ruleKeys = ["path", "query", "fragment", "exclude", "caseSensitive", "percentEncoded", "comment"]
    static let defaultsKeys = ["caseSensitive", "percentEncoded"]

    /// Reads `text`.
    ///
    /// - Throws: ``SpecError`` naming the line of the first problem.
    func read(_ text: String) throws(SpecError) -> AssociationSpec {
        let root: Node?
        do {
            root = try BoundedYAML.compose(yaml: text)
        } catch let error as YamlError {
            throw Self.specError(error)
        } catch let error as BoundedYAML.TooLarge {
            throw SpecError(message: "too large: \(error)")
        } catch {
            throw SpecError(message: "not valid YAML: \(error)")
        }
        guard let root else {
            throw SpecError(message: "the file is empty; it needs at least `apps:` and `rules:`")
        }
        let top = try mapping(root, "the top level", known: Self.topLevelKeys)
        guard let appsNode = top["apps"] else {
            throw fail(root, "missing `apps:`, the list of app IDs (such as ABCDE12345.com.example.app)")
        }
        guard let rulesNode = top["rules"] else {
            throw fail(root, "missing `rules:`, the list of rules such as `- path: /buy/*`")
        }
        var spec = AssociationSpec(apps: try appIDs(appsNode, "apps"), rules: [])
        guard !spec.apps.isEmpty else { throw fail(appsNode, "`apps` lists no app; name at least one app ID") }
        let ruleNodes = try sequence(rulesNode, "rules")
        guard !ruleNodes.isEmpty else { throw fail(rulesNode, "`rules` is empty; add a rule such as `- path: \"*\"`") }
        for (index, node) in ruleNodes.enumerated() {
            spec.rules.append(try rule(node, number: index + 1))
        }
        if let node = top["defaults"] {
            let entries = try mapping(node, "defaults", known: Self.defaultsKeys)
            var defaults = ComponentRule()
            if let flag = entries["caseSensitive"] { defaults.caseSensitive = try bool(flag, "defaults.caseSensitive") }
            if let flag = entries["percentEncoded"] { defaults.percentEncoded = try bool(flag, "defaults.percentEncoded") }
            spec.defaults = defaults
        }
        if let node = top["substitutionVariables"] {
            let entries = try mapping(node, "substitutionVariables", known: nil)
            for (name, valueNode) in entries.pairs {
                if name.isEmpty || name.contains(where: { "$()".contains($0) }) {
                    throw fail(entries.keyNodes[name] ?? valueNode, "a variable name may not be empty or contain $, ( or ): \"\(name)\"")
                }
                let values = try sequence(valueNode, "substitutionVariables.\(name)").map { node throws(SpecError) in
                    try string(node, "a value of substitutionVariables.\(name)")
                }
                guard !values.isEmpty else { throw fail(valueNode, "substitutionVariables.\(name) lists no values") }
                spec.substitutionVariables.append(SubstitutionVariable(name: name, values: values))
            }
        }
        if let node = top["webcredentials"] { spec.webCredentials = try appIDs(node, "webcredentials") }
        if let node = top["appclips"] { spec.appClips = try appIDs(node, "appclips") }
        return spec
    }

    // MARK: - Pieces

    func rule(_ node: Node, number: Int) throws(SpecError) -> ComponentRule {
        let name = "rule \(number)"
        let entries = try mapping(node, name, known: Self.ruleKeys)
        var rule = ComponentRule()
        if let value = entries["path"] { rule.path = try pattern(value, "\(name) path") }
        if let value = entries["query"] {
            if case .mapping(let items) = value {
                var patterns: [QueryItemPattern] = []
                for (key, itemValue) in items {
                    let itemName = try string(key, "a query item name in \(name)")
                    patterns.append(QueryItemPattern(name: itemName, pattern: try string(itemValue, "\(name) query item \(itemName)")))
                }
                rule.query = .items(patterns)
            } else {
                rule.query = .string(try string(value, "\(name) query"))
            }
        }
        if let value = entries["fragment"] { rule.fragment = try string(value, "\(name) fragment") }
        if let value = entries["exclude"] { rule.exclude = try bool(value, "\(name) exclude") }
        if let value = entries["caseSensitive"] { rule.caseSensitive = try bool(value, "\(name) caseSensitive") }
        if let value = entries["percentEncoded"] { rule.percentEncoded = try bool(value, "\(name) percentEncoded") }
        if let value = entries["comment"] { rule.comment = try string(value, "\(name) comment") }
        guard rule.path != nil || rule.query != nil || rule.fragment != nil else {
            throw fail(node, "\(name) has no path, query or fragment; write `path: \"*\"` to match every URL")
        }
        return rule
    }

    func appIDs(_ node: Node, _ name: String) throws(SpecError) -> [String] {
        var result: [String] = []
        for element in try sequence(node, name) {
            let appID = try string(element, "an app ID in \(name)")
            if let problem = AssociationSpec.problem(withAppID: appID) { throw fail(element, "app ID \(problem)") }
            result.append(appID)
        }
        return result
    }

    func pattern(_ node: Node, _ name: String) throws(SpecError) -> String {
        let text = try string(node, name)
        guard !text.isEmpty else { throw fail(node, "\(name) is empty; write \"*\" to match everything") }
        return text
    }

    /// A mapping's entries with string keys, checking each key against `known` (when given).
    struct Entries {
        var pairs: [(String, Node)]
        var keyNodes: [String: Node]
        subscript(key: String) -> Node? { pairs.first { $0.0 == key }?.1 }
    }

    func mapping(_ node: Node, _ name: String, known: [String]?) throws(SpecError) -> Entries {
        guard case .mapping(let mapping) = node else {
            throw fail(node, "\(name) must be a map of keys to values, found \(kind(node))")
        }
        var entries = Entries(pairs: [], keyNodes: [:])
        for (keyNode, value) in mapping {
            let key = try string(keyNode, "a key in \(name)")
            if let known, !known.contains(key) {
                let hint = NameSuggestion.closest(to: key, among: known).map { "did you mean \"\($0)\"? " } ?? ""
                throw fail(keyNode, "unknown key \"\(key)\" in \(name); \(hint)known keys: \(known.joined(separator: ", "))")
            }
            if let first = entries.keyNodes[key] {
                throw fail(keyNode, "\"\(key)\" is written twice in \(name)" + (first.mark.map { " (first at line \($0.line))" } ?? ""))
            }
            entries.pairs.append((key, value))
            entries.keyNodes[key] = keyNode
        }
        return entries
    }

    func sequence(_ node: Node, _ name: String) throws(SpecError) -> [Node] {
        guard case .sequence(let sequence) = node else {
            throw fail(node, "\(name) must be a list (lines starting with `- `), found \(kind(node))")
        }
        return Array(sequence)
    }

    func string(_ node: Node, _ name: String) throws(SpecError) -> String {
        guard case .scalar(let scalar) = node else {
            throw fail(node, "\(name) must be text, found \(kind(node))")
        }
        return scalar.string
    }

    func bool(_ node: Node, _ name: String) throws(SpecError) -> Bool {
        let text = try string(node, name)
        switch text.lowercased() {
        case "true": return true
        case "false": return false
        default: throw fail(node, "\(name) must be true or false, found \"\(text)\"")
        }
    }

    func kind(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): "\"\(scalar.string)\""
        case .mapping: "a map"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }

    func fail(_ node: Node, _ message: String) -> SpecError {
        SpecError(line: node.mark?.line, column: node.mark?.column, message: message)
    }

    static func specError(_ error: YamlError) -> SpecError {
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            var message = "not valid YAML: \(problem)"
            if let context { message += " (\(context.text) at line \(context.mark.line), column \(context.mark.column))" }
            let about = problem + (context?.text ?? "")
            if about.contains("alias") || about.contains("anchor") {
                message += "; quote patterns that start with * or &, such as path: \"*\""
            }
            return SpecError(line: mark.line, column: mark.column, message: message)
        case .duplicatedKeysInMapping(let duplicates, let context):
            return SpecError(line: context.mark.line, column: context.mark.column,
                             message: "a key is written twice: \(duplicates.sorted().joined(separator: ", "))")
        default:
            return SpecError(message: "not valid YAML: \(error)")
        }
    }
}
