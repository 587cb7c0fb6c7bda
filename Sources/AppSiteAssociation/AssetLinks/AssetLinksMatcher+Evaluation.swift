import LandfallJSON
extension AssetLinksMatcher {
    /// A URL's path, query items and fragment, as written.
    struct URLParts {
        let path: String
        let items: [(name: [UInt8], value: String)]
        let fragment: String

        init(_ url: LinkURL) {
            path = url.path.isEmpty ? "/" : url.path
            items = Self.items(of: url.query ?? "")
            fragment = url.fragment ?? ""
        }

        /// Splits a raw query into items the way the iOS matcher does (``PreparedURL``): at `&`,
        /// skipping empty items, and each item into name and value at its first `=`.
        static func items(of query: String) -> [(name: [UInt8], value: String)] {
            Array(query.utf8).split(separator: UInt8(ascii: "&")).map { item in
                guard let equals = item.firstIndex(of: UInt8(ascii: "=")) else { return (Array(item), "") }
                return (Array(item[..<equals]), String(decoding: item[(equals + 1)...], as: UTF8.self))
            }
        }
    }

    /// One dynamic component with its patterns compiled.
    struct CompiledComponent: Sendable {
        let label: String
        let isExclusion: Bool
        let path: WildcardPattern?
        let query: [(name: [UInt8], display: String, pattern: WildcardPattern)]
        let fragment: WildcardPattern?

        init(_ rule: DynamicAppLinkComponent) {
            isExclusion = rule.isExclusion
            path = rule.path.map(AssetLinksMatcher.compile)
            query = (rule.query ?? []).map { (Array($0.name.utf8), $0.name, AssetLinksMatcher.compile($0.pattern)) }
            fragment = rule.fragment.map(AssetLinksMatcher.compile)
            if let path = rule.path, rule.query == nil, rule.fragment == nil {
                label = path
            } else {
                var shown = rule
                shown.exclude = nil
                shown.comments = nil
                label = JSONWriter.compact.string(for: shown.jsonValue)
            }
        }

        /// Whether every part the rule names matches: ``compare(_:missingQueryItem:)``'s answer,
        /// without describing the comparisons (no value copied, no hint built).
        func matches(_ parts: URLParts, missingQueryItem: MissingQueryItem) -> Bool {
            if let path, !path.matches(parts.path) { return false }
            for item in query {
                var present = false
                for candidate in parts.items where candidate.name == item.name {
                    present = true
                    if !item.pattern.matches(candidate.value) { return false }
                }
                if !present, !(missingQueryItem == .matchesAsEmpty && item.pattern.matches("")) { return false }
            }
            if let fragment, !fragment.matches(parts.fragment) { return false }
            return true
        }

        /// Whether every part the rule names matches, and each comparison for the explanation.
        func compare(_ parts: URLParts, missingQueryItem: MissingQueryItem) -> (Bool, [PartCheck]) {
            var checks: [PartCheck] = []
            func check(_ part: PartCheck.Part, _ pattern: WildcardPattern, _ value: String, matched: Bool? = nil) -> Bool {
                let matched = matched ?? pattern.matches(value)
                checks.append(PartCheck(part: part, pattern: pattern.source, value: value, matched: matched,
                                        hint: matched ? nil : pattern.mismatchHint(for: value)))
                return matched
            }
            var all = true
            if let path { all = check(.path, path, parts.path) && all }
            for item in query {
                let values = parts.items.filter { $0.name == item.name }.map(\.value)
                if values.isEmpty {
                    let matched = missingQueryItem == .matchesAsEmpty && item.pattern.matches("")
                    let hint = missingQueryItem == .neverMatches ? "the URL has no such item" : nil
                    checks.append(PartCheck(part: .queryItem(item.display), pattern: item.pattern.source, value: "",
                                            matched: matched, hint: matched ? nil : hint ?? item.pattern.mismatchHint(for: "")))
                    all = matched && all
                } else if let failing = values.first(where: { !item.pattern.matches($0) }) {
                    all = check(.queryItem(item.display), item.pattern, failing, matched: false) && all
                } else {
                    all = check(.queryItem(item.display), item.pattern, values[0], matched: true) && all
                }
            }
            if let fragment { all = check(.fragment, fragment, parts.fragment) && all }
            return (all, checks)
        }
    }

    /// Compiles an Android pattern: `*` and `?` are wildcards and everything else is literal,
    /// including `$(...)`, which is a substitution variable only on iOS. Each `$(name)` is
    /// mapped to its own text, so the shared wildcard engine matches it literally (a `*` or `?`
    /// inside it stays a wildcard, as in the text).
    static func compile(_ source: String) -> WildcardPattern {
        var literal: [String: [String]] = [:]
        for name in VariableReferences(in: source).names {
            literal[name] = ["$(\(name))"]
        }
        return WildcardPattern(source, variables: SubstitutionTable(defined: literal), caseSensitive: true)
    }
}
