import AppSiteAssociation
import DeepLinkRouting
@testable import LandfallSite
import Testing

/// The generated association rules without those an earlier rule covers: the same rules as
/// comparing every rule with every kept one, found with work proportional to the rules
/// (issue 15, finding 11: `config check` took 2.3 s for 1,000 routes and 7.9 s for 2,000).
@Suite struct UncoveredRulesTests {
    /// The rules of `rules` no earlier kept rule covers, found by comparing each with all the
    /// kept ones: what the generator did before, the specification of the result.
    static func comparingAll(_ rules: [ComponentRule]) -> [ComponentRule] {
        var kept: [ComponentRule] = []
        for rule in rules where !kept.contains(where: { $0.covers(rule) }) {
            kept.append(rule)
        }
        return kept
    }

    static func rule(_ path: String, exclude: Bool? = nil, caseSensitive: Bool? = nil, percentEncoded: Bool? = nil) -> ComponentRule {
        ComponentRule(path: path, exclude: exclude, caseSensitive: caseSensitive, percentEncoded: percentEncoded)
    }

    /// Lists of rules, and the paths kept.
    static let cases: [(rules: [ComponentRule], kept: [String])] = [
        ([rule("/puzzle/?*"), rule("/puzzle/?*/hint")], ["/puzzle/?*"]),
        ([rule("/puzzle/?*/hint"), rule("/puzzle/?*")], ["/puzzle/?*/hint", "/puzzle/?*"]),
        ([rule("*"), rule("/a"), rule("/b/?*"), rule("?")], ["*"]),
        ([rule("/a/b"), rule("/a/b"), rule("/a/c")], ["/a/b", "/a/c"]),
        ([rule("/a?c"), rule("/abc"), rule("/a*c"), rule("/axyc"), rule("/a?")], ["/a?c", "/a*c", "/a?"]),
        ([rule("/ab*b"), rule("/ab"), rule("/abb"), rule("/ab/cb")], ["/ab*b", "/ab"]),
        ([rule("*/hint"), rule("/x/hint"), rule("/x/hints"), rule("/hint")], ["*/hint", "/x/hints"]),
        ([rule("/section1/*"), rule("/section12/?*"), rule("/section1/?*"), rule("/section1")],
         ["/section1/*", "/section12/?*", "/section1"]),
        ([rule("/News/*", caseSensitive: false), rule("/news/today", caseSensitive: false), rule("/news/today")],
         ["/News/*", "/news/today"]),
        ([rule("/a/*", exclude: true), rule("/a/b"), rule("/a/c", exclude: true), rule("/a/*"), rule("/a/d")],
         ["/a/*", "/a/b", "/a/*"]),
        ([rule("/p/*", percentEncoded: false), rule("/p/x"), rule("/p/y", percentEncoded: false)], ["/p/*", "/p/x"]),
        ([rule("/p/*", percentEncoded: true), rule("/p/x")], ["/p/*"]),
        ([ComponentRule(path: "/q/*", query: .string("a=1")), rule("/q/x"), rule("/q/*"), ComponentRule(path: "/q/y", query: .string("a=1"))],
         ["/q/*", "/q/x", "/q/*", "/q/y"]),
        ([ComponentRule(fragment: "top"), rule("*"), ComponentRule(fragment: "top")], ["", "*", ""]),
        ([rule("/é/*"), rule("/é/ü"), rule("/e/ü")], ["/é/*", "/e/ü"]),
        ([rule("/a*b*c"), rule("/abc"), rule("/a/b/c"), rule("/a?b?c"), rule("/ac")], ["/a*b*c", "/ac"]),
    ]

    @Test(arguments: cases)
    func keepsTheRulesNoEarlierRuleCoversInTheirOrder(rules: [ComponentRule], kept: [String]) {
        let uncovered = UncoveredRules(rules).rules
        #expect(uncovered.map { $0.path ?? "" } == kept)
        #expect(uncovered == Self.comparingAll(rules))
    }

    /// The rules of `count` routes of the kinds a big site has (those of
    /// Benchmarks/ConfigCheck/routes-config.sh), and every tenth route's subpage, which an
    /// earlier rule covers.
    static func siteRules(routes count: Int) throws -> [ComponentRule] {
        var rules: [ComponentRule] = []
        for index in 0..<count {
            let pattern = switch index % 4 {
            case 0: "/section\(index)/index"
            case 1: "/section\(index)/:id"
            case 2: "/section\(index)/:year/:slug"
            default: "/section\(index)(/*rest)"
            }
            rules += AssociationPaths.rules(for: try RoutePattern(pattern), caseSensitive: index % 3 != 0, comment: "route\(index)")
            if index % 10 == 9 {
                rules += AssociationPaths.rules(for: try RoutePattern("/section\(index - 8)/:id/more"), caseSensitive: true)
            }
        }
        return rules
    }

    @Test func keepsTheSameRulesAsComparingAllOfThemForAGeneratedSite() throws {
        let rules = try Self.siteRules(routes: 300)
        let uncovered = UncoveredRules(rules).rules
        #expect(uncovered == Self.comparingAll(rules))
        #expect(uncovered.count < rules.count, "the subpages are covered")
    }

    @Test func comparesEachRuleWithAFewKeptRulesNotWithAllOfThem() throws {
        let rules = try Self.siteRules(routes: 1_000)
        let uncovered = UncoveredRules(rules)
        // Comparing each rule with every kept one makes about rules²/2 comparisons (more than
        // 600,000 here); rules that cannot cover each other are never compared.
        #expect(uncovered.comparisons <= 3 * rules.count, "\(uncovered.comparisons) comparisons for \(rules.count) rules")
    }
}
