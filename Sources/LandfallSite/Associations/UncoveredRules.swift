import AppSiteAssociation

/// Generated rules without those an earlier rule covers (``AssociationGenerator`` writes only
/// the rules that can decide something), each compared only with the kept rules that could
/// cover it.
///
/// ```swift
/// UncoveredRules([ComponentRule(path: "/puzzle/?*"), ComponentRule(path: "/puzzle/?*/hint")]).rules
/// // [ComponentRule(path: "/puzzle/?*")]
/// ```
///
/// A rule covers another only when both are path rules of the same kind (``ComponentRule/covers(_:)``),
/// and its literal start (the characters before its first `*` or `?`) begins the other's
/// literal start, and its literal end (after its last wildcard) ends the other's literal end:
/// a literal character matches only itself. So the kept rules are filed by kind, literal
/// start and literal end, and a rule is compared only with those filed under a start and an
/// end it has: a site's rules, which mostly begin with different literal paths, are each
/// compared with a few, not with all those kept before (issue 15: 1,000 routes took 2.3 s).
/// The rules kept are exactly those of comparing every pair, in the same order.
struct UncoveredRules {
    /// The rules kept, in their order.
    private(set) var rules: [ComponentRule] = []
    /// How many times two rules were compared with ``ComponentRule/covers(_:)``: the work done,
    /// which tests count.
    private(set) var comparisons = 0
    /// The kept rules that can cover others, by kind and literal start, then by literal end.
    private var filed: [Drawer: [String: [ComponentRule]]] = [:]

    /// Where kept rules that may cover others are filed: their kind and literal start.
    private struct Drawer: Hashable {
        var exclude: Bool
        var caseSensitive: Bool
        var percentEncoded: Bool
        var start: String
    }

    /// The rules of `rules` that no earlier one covers, in their order.
    init(_ rules: [ComponentRule]) {
        for rule in rules where !isCovered(rule) {
            self.rules.append(rule)
            file(rule)
        }
    }

    /// A path rule's characters as ``ComponentRule/covers(_:)`` compares them (lowercased when
    /// the rule ignores case), or `nil` for a rule that neither covers nor is covered.
    private static func comparedPath(of rule: ComponentRule) -> [Character]? {
        guard let path = rule.path, rule.query == nil, rule.fragment == nil else { return nil }
        return Array(rule.caseSensitive == false ? path.lowercased() : path)
    }

    /// The literal start and end of `path`: the characters before its first wildcard and after
    /// its last (all of it, twice, when it has none).
    private static func literalEnds(of path: [Character]) -> (start: ArraySlice<Character>, end: ArraySlice<Character>) {
        let first = path.firstIndex { $0 == "*" || $0 == "?" } ?? path.endIndex
        let last = path.lastIndex { $0 == "*" || $0 == "?" }.map { $0 + 1 } ?? path.startIndex
        return (path[..<first], path[last...])
    }

    private static func drawer(for rule: ComponentRule, start: ArraySlice<Character>) -> Drawer {
        Drawer(exclude: rule.exclude ?? false, caseSensitive: rule.caseSensitive ?? true,
               percentEncoded: rule.percentEncoded ?? true, start: String(start))
    }

    /// Files a kept rule under its kind, literal start and literal end.
    private mutating func file(_ rule: ComponentRule) {
        guard let path = Self.comparedPath(of: rule) else { return }
        let (start, end) = Self.literalEnds(of: path)
        filed[Self.drawer(for: rule, start: start), default: [:]][String(end), default: []].append(rule)
    }

    /// Whether a kept rule covers `rule`: only those filed under a beginning of its literal
    /// start and an ending of its literal end are compared.
    private mutating func isCovered(_ rule: ComponentRule) -> Bool {
        guard let path = Self.comparedPath(of: rule) else { return false }
        let (start, end) = Self.literalEnds(of: path)
        for length in 0...start.count {
            guard let byEnd = filed[Self.drawer(for: rule, start: start.prefix(length))] else { continue }
            for endLength in 0...end.count {
                for kept in byEnd[String(end.suffix(endLength))] ?? [] {
                    comparisons += 1
                    if kept.covers(rule) { return true }
                }
            }
        }
        return false
    }
}
