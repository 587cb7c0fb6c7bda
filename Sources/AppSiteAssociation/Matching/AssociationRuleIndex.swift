/// The rules iOS tries for one app, filed by the literal start of their path pattern
/// (``RulePrefixIndex``), one index per form of the URL a rule compares against (as written,
/// case-folded, percent-decoded, both): a decision tries only the rules whose literal start
/// begins the URL's path in that rule's form, in their order in the file.
///
/// The filter is the one the evaluation applies first anyway (``MatchProgramView/startsWithPrefix(_:_:)``
/// on the path with its trailing slash): a rule left out could not have matched, so the first
/// rule that matches among the candidates is the first among all the app's rules.
struct AssociationRuleIndex: Sendable {
    /// The variants the app's rules use (0 as written, 1 folded, 2 decoded, 3 both), each with
    /// its rules filed.
    private let byVariant: [(variant: Int, index: RulePrefixIndex)]

    /// Files `rules` (indices into `compiled`, ascending: the app's rules in file order).
    init(rules: [Int], compiled: [CompiledRule]) {
        var indices = Array(repeating: RulePrefixIndex(), count: 4)
        var used = Array(repeating: false, count: 4)
        for rule in rules {
            let source = compiled[rule]
            indices[source.variant].file(rule, under: source.path?.literalPrefix ?? [])
            used[source.variant] = true
        }
        byVariant = indices.indices.filter { used[$0] }.map { ($0, indices[$0]) }
    }

    /// The rules that can match `prepared`'s path, as indices into the matcher's rules, ascending.
    func candidates(_ prepared: inout PreparedURL) -> [Int] {
        var found: [Int] = []
        for (variant, index) in byVariant {
            if index.isRootOnly {
                found += index.candidates(count: 0) { _ in 0 }
            } else if variant == 0 || (variant == 1 && prepared.isASCII) {
                let subject = MatchSubject(bytes: prepared.raw.slice(prepared.rawLayout.path), appendingSlash: true,
                                           foldingASCII: variant == 1)
                found += index.candidates(count: subject.count) { subject[$0] }
            } else {
                found += prepared.withTransformed(variant) { bytes, layout in
                    let subject = MatchSubject(bytes: bytes.slice(layout.path), appendingSlash: true)
                    return index.candidates(count: subject.count) { subject[$0] }
                }
            }
        }
        if byVariant.count > 1 { found.sort() }
        return found
    }
}
