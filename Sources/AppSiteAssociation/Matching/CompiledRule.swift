/// One rule with its settings resolved (component, then detail defaults, then file defaults)
/// and its patterns compiled. A class, so walking the rules costs one reference, not a copy
/// of every pattern; it is immutable after `init`.
final class CompiledRule: Sendable {
    enum Query: Sendable {
        case any
        case whole(WildcardPattern)
        case items([(name: [UInt8], display: String, pattern: WildcardPattern)])
    }

    let location: RuleLocation
    let label: String
    let isExclusion: Bool
    /// `nil` when the path may be anything.
    let path: WildcardPattern?
    let query: Query
    let fragment: WildcardPattern?
    /// Which transformed form of the URL the rule compares against (see ``PreparedURL``).
    let variant: Int

    init(_ rule: ComponentRule, location: RuleLocation, label: String, variables: SubstitutionTable) {
        let caseSensitive = rule.caseSensitive ?? true
        let percentEncoded = rule.percentEncoded ?? true
        self.location = location
        self.label = label
        self.isExclusion = rule.exclude ?? false
        self.variant = PreparedURL.variantIndex(folded: !caseSensitive, decoded: !percentEncoded)
        func compile(_ source: String) -> WildcardPattern {
            WildcardPattern(source, variables: variables, caseSensitive: caseSensitive)
        }
        if let source = rule.path {
            let pattern = compile(Self.rooted(source))
            self.path = pattern.matchesEverything ? nil : pattern
        } else {
            self.path = nil
        }
        switch rule.query {
        case .string(let source)?:
            self.query = .whole(compile(source))
        case .items(let items)?:
            self.query = .items(items.map { item in
                let name = caseSensitive ? item.name : item.name.lowercased()
                return (Array(name.utf8), item.name, compile(item.pattern))
            })
        case .ignoredDictionary?, nil:
            self.query = .any
        }
        self.fragment = rule.fragment.map(compile)
    }

    /// The leading `/` of a path pattern is optional: `abc` means `/abc`. A pattern that starts
    /// with `*` already covers the slash and is left alone.
    static func rooted(_ source: String) -> String {
        if source.hasPrefix("/") || source.hasPrefix("*") { return source }
        return "/" + source
    }
}
