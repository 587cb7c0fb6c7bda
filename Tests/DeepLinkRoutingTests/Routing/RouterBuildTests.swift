import DeepLinkRouting
import Testing

@Suite struct RouterBuildTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let behaviour: String
        let sources: [LinkSource]
        let routes: [Route]
        let code: RouterError.Code
        let message: String
        var testDescription: String { behaviour }
    }

    static let host: [LinkSource] = [.host("example.com")]

    static let cases: [Case] = [
        Case(behaviour: "two identical patterns are a build-time error", sources: host,
             routes: [Route("/a/:x"), Route("/b"), Route("/a/:y")], code: .identicalPatterns,
             message: "routes[2] '/a/:y': identical to routes[0] '/a/:x'; both match the same links, so one could never be chosen"),
        Case(behaviour: "the same pattern twice is identical", sources: host,
             routes: [Route("/a", name: "one"), Route("/a", name: "two")], code: .identicalPatterns,
             message: "routes[1] '/a': identical to routes[0] '/a'; both match the same links, so one could never be chosen"),
        Case(behaviour: "a trailing slash does not make a pattern different", sources: host,
             routes: [Route("/a", name: "one"), Route("/a/", name: "two")], code: .identicalPatterns,
             message: "routes[1] '/a/': identical to routes[0] '/a'; both match the same links, so one could never be chosen"),
        Case(behaviour: "two case-insensitive patterns differing in case are identical", sources: host,
             routes: [Route("/About", caseSensitive: false), Route("/about", caseSensitive: false)], code: .identicalPatterns,
             message: "routes[1] '/about': identical to routes[0] '/About'; both match the same links, so one could never be chosen"),
        Case(behaviour: "an invalid pattern names the route and points at the character", sources: host,
             routes: [Route("/ok"), Route("/user/:id/:id")], code: .invalidPattern,
             message: "routes[1] '/user/:id/:id': pattern '/user/:id/:id', character 11: duplicate parameter name 'id'\n  /user/:id/:id\n            ^"),
        Case(behaviour: "two routes with one name are an error", sources: host,
             routes: [Route("/a", name: "x"), Route("/b", name: "x")], code: .duplicateRouteName,
             message: "routes[1] '/b': the name 'x' is already used by routes[0]"),
        Case(behaviour: "a type for a name the pattern lacks is an error", sources: host,
             routes: [Route("/puzzle/:date", parameters: ["dat": .day])], code: .unknownParameter,
             message: "routes[0] '/puzzle/:date': a type is declared for 'dat', which the pattern does not have (its parameters: date); declare query item types as query types"),
        Case(behaviour: "a router without sources is an error", sources: [],
             routes: [Route("/a")], code: .noSources,
             message: "a router needs at least one host or scheme; without one it rejects every link"),
        Case(behaviour: "a URL given as a host is an error", sources: [.host("https://example.com")],
             routes: [], code: .invalidSource,
             message: "sources[0]: 'https://example.com' is not a host name (write 'example.com', not a URL; '*.' is only allowed at the start of a wildcard)"),
        Case(behaviour: "an empty host is an error", sources: [.host("")],
             routes: [], code: .invalidSource,
             message: "sources[0]: '' is not a host name (write 'example.com', not a URL; '*.' is only allowed at the start of a wildcard)"),
        Case(behaviour: "a scheme written with :// is an error", sources: [.scheme("myapp://")],
             routes: [], code: .invalidSource,
             message: "sources[0]: 'myapp://' is not a scheme: write a letter followed by letters, digits, '+', '-' or '.' ('myapp', not 'myapp://')"),
        Case(behaviour: "https as a custom scheme is an error", sources: [.scheme("https")],
             routes: [], code: .invalidSource,
             message: "sources[0]: https is not a custom scheme; list the hosts whose https links are accepted instead"),
        Case(behaviour: "a wildcard inside a host is an error", sources: [.host("a.*.example.com")],
             routes: [], code: .invalidSource,
             message: "sources[0]: 'a.*.example.com' is not a host name (write 'example.com', not a URL; '*.' is only allowed at the start of a wildcard)"),
    ]

    @Test(arguments: cases)
    func rejectsAMistakeWhenTheRouterIsBuilt(_ testCase: Case) {
        do {
            _ = try Router(sources: testCase.sources, routes: testCase.routes)
            Issue.record("the router should not build")
        } catch {
            #expect(error.code == testCase.code)
            #expect(error.description == testCase.message)
        }
    }

    @Test func routesWithTheSameShapeButDifferentTypesMayCoexist() throws {
        let router = try Router(sources: Self.host, routes: [
            Route("/item/:id", parameters: ["id": .int]), Route("/item/:slug"),
        ])
        #expect(router.routes.count == 2)
    }

    @Test func aCaseSensitiveAndACaseInsensitiveLiteralAreDifferentPatterns() throws {
        _ = try Router(sources: Self.host, routes: [Route("/about", name: "a"), Route("/about", name: "b", caseSensitive: false)])
    }

    @Test func theRouterCaseOptionAppliesToRoutesWithoutTheirOwn() throws {
        let router = try Router(sources: Self.host, routes: [Route("/About", name: "about"), Route("/Strict", name: "strict", caseSensitive: true)],
                                options: RouterOptions(caseSensitive: false))
        #expect(router.route("https://example.com/ABOUT").match?.route.name == "about")
        #expect(router.route("https://example.com/strict").match == nil)
        #expect(router.route("https://example.com/Strict").match?.route.name == "strict")
    }

    @Test func plusAsSpaceIsAnOption() throws {
        let router = try Router(sources: Self.host, routes: [Route("/search")], options: RouterOptions(plusAsSpace: true))
        let match = try #require(router.route("https://example.com/search?q=ice+cream&r=1%2B1").match)
        #expect(match.parameters["q"] == "ice cream")
        #expect(match.parameters["r"] == "1+1")
        let pathMatch = try #require(try Router(sources: Self.host, routes: [Route("/:x")], options: RouterOptions(plusAsSpace: true))
            .route("https://example.com/a+b").match)
        #expect(pathMatch.parameters["x"] == "a+b", "+ is only a space in the query")
    }

    @Test func httpIsAcceptedWhenTheOptionSaysSo() throws {
        let router = try Router(sources: [.host("localhost")], routes: [Route("/a")], options: RouterOptions(acceptsHTTP: true))
        #expect(router.route("http://localhost:8080/a").match != nil)
    }

    @Test func routesAndPatternsCanBeLookedUpByName() throws {
        #expect(Fixtures.router.route(named: "puzzle")?.pattern == "/puzzle/:date")
        #expect(Fixtures.router.pattern(named: "optional")?.parameterNames == ["a", "b"])
        #expect(Fixtures.router.route(named: "nope") == nil)
    }

    @Test func aRouterIsSendableAndUsableFromManyTasks() async {
        let router = Fixtures.router
        let names = await withTaskGroup(of: String?.self) { group in
            for index in 0..<200 {
                group.addTask { router.route("https://example.com/item/\(index)").match?.route.name }
            }
            var names: [String?] = []
            for await name in group { names.append(name) }
            return names
        }
        #expect(names.count == 200)
        #expect(names.allSatisfy { $0 == "itemByID" })
    }
}
