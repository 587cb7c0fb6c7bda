import DeepLinkRouting
import Testing

@Suite struct RankingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let behaviour: String
        let routes: [Route]
        let path: String
        let winner: String
        var testDescription: String { behaviour }
    }

    static let cases: [Case] = [
        Case(behaviour: "a literal beats a parameter registered earlier",
             routes: [Route("/a/:x", name: "param"), Route("/a/b", name: "literal")], path: "/a/b", winner: "literal"),
        Case(behaviour: "a parameter beats a catch-all registered earlier",
             routes: [Route("/a/*rest", name: "catchAll"), Route("/a/:x", name: "param")], path: "/a/b", winner: "param"),
        Case(behaviour: "a literal beats a catch-all registered earlier",
             routes: [Route("/a/*rest", name: "catchAll"), Route("/a/b", name: "literal")], path: "/a/b", winner: "literal"),
        Case(behaviour: "specificity is compared from the left: an early literal wins over a later one",
             routes: [Route("/:x/b", name: "laterLiteral"), Route("/a/:y", name: "earlyLiteral")], path: "/a/b", winner: "earlyLiteral"),
        Case(behaviour: "equally specific routes go by registration order",
             routes: [Route("/a/:x", name: "first", parameters: ["x": .int]), Route("/a/:y", name: "second")], path: "/a/1", winner: "first"),
        Case(behaviour: "registration order holds even when the later route has a different type",
             routes: [Route("/a/:x", name: "first"), Route("/a/:y", name: "second", parameters: ["y": .int])], path: "/a/1", winner: "first"),
        Case(behaviour: "a route that fails conversion yields to the next candidate",
             routes: [Route("/a/:x", name: "number", parameters: ["x": .int]), Route("/a/:y", name: "word")], path: "/a/b", winner: "word"),
        Case(behaviour: "a higher priority beats a literal",
             routes: [Route("/a/b", name: "literal"), Route("/a/:x", name: "boosted", priority: 1)], path: "/a/b", winner: "boosted"),
        Case(behaviour: "a higher priority beats a catch-all's lack of specificity",
             routes: [Route("/a/b", name: "literal"), Route("/a/*r", name: "boosted", priority: 5)], path: "/a/b", winner: "boosted"),
        Case(behaviour: "a negative priority loses to everything at priority zero",
             routes: [Route("/a/b", name: "demoted", priority: -1), Route("/a/*r", name: "catchAll")], path: "/a/b", winner: "catchAll"),
        Case(behaviour: "the deeper literal wins among a parameter then literal and parameter then parameter",
             routes: [Route("/:a/:b", name: "params"), Route("/:a/b", name: "literalLast")], path: "/x/b", winner: "literalLast"),
        Case(behaviour: "a parameter-then-literal route wins over a parameter-then-catch-all route",
             routes: [Route("/x/*rest", name: "catchAll"), Route("/x/:id/edit", name: "edit")], path: "/x/1/edit", winner: "edit"),
        Case(behaviour: "an optional group's absent form ranks like the shorter pattern",
             routes: [Route("/a(/:b)", name: "optional"), Route("/a/new", name: "literal")], path: "/a/new", winner: "literal"),
        Case(behaviour: "a case-insensitive literal ranks as a literal",
             routes: [Route("/a/:x", name: "param"), Route("/a/B", name: "folded", caseSensitive: false)], path: "/a/b", winner: "folded"),
        Case(behaviour: "an exact and a case-insensitive literal both match and the earlier wins",
             routes: [Route("/a/b", name: "exact"), Route("/a/B", name: "folded", caseSensitive: false)], path: "/a/b", winner: "exact"),
        Case(behaviour: "deep backtracking finds the only route that fits",
             routes: [Route("/:a/:b/c", name: "c"), Route("/:a/x/d", name: "d"), Route("/q/:b/e", name: "e")], path: "/q/x/e", winner: "e"),
    ]

    @Test(arguments: cases)
    func theBestRouteWins(_ testCase: Case) throws {
        let router = try Router(sources: [.host("example.com")], routes: testCase.routes)
        check(router.route("https://example.com" + testCase.path), .matched(testCase.winner, Self.parameters(of: router, testCase)))
    }

    private static func parameters(of router: Router, _ testCase: Case) -> [String: [String]] {
        guard let match = router.route("https://example.com" + testCase.path).match else { return [:] }
        return Dictionary(uniqueKeysWithValues: match.parameters.names.map { ($0, match.parameters.values($0)) })
    }

    @Test func rankingIsTheSameWhateverTheRegistrationOrderOfUnequalRoutes() throws {
        let routes = [Route("/a/*r", name: "catchAll"), Route("/a/:x", name: "param"), Route("/a/b", name: "literal")]
        for permutation in [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
            let router = try Router(sources: [.host("example.com")], routes: permutation.map { routes[$0] })
            #expect(router.route("https://example.com/a/b").match?.route.name == "literal")
            #expect(router.route("https://example.com/a/c").match?.route.name == "param")
            #expect(router.route("https://example.com/a/c/d").match?.route.name == "catchAll")
        }
    }
}
