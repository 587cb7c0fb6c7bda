import DeepLinkRouting
import Foundation
import Testing

@Suite struct RouteTableTests {
    static let json = """
        {
          "hosts": ["links.example.org", {"host": "example.com", "www": true}, "*.example.net"],
          "schemes": ["myapp"],
          "routing": {"caseSensitive": false, "plusAsSpace": true},
          "pages": {"this key belongs to the server": true},
          "routes": [
            {"name": "puzzle", "pattern": "/puzzle/:date", "parameters": {"date": "day"},
             "examples": ["https://example.com/puzzle/2025-10-25"]},
            {"name": "profile", "pattern": "/user/:userID", "requires": ["signedIn"], "page": "profile.mustache"},
            {"pattern": "/search", "query": {"page": "int"}, "priority": 3},
            {"name": "legal", "pattern": "/Legal", "caseSensitive": true}
          ]
        }
        """

    @Test func decodesEverySectionAndIgnoresKeysItDoesNotDefine() throws {
        let table = try RouteTable(json: Data(Self.json.utf8))
        #expect(table.hosts == [.host("links.example.org"), .host("example.com", includingWWW: true), .subdomains(of: "example.net")])
        #expect(table.schemes == ["myapp"])
        #expect(table.routing == RouterOptions(caseSensitive: false, plusAsSpace: true))
        #expect(table.routes.count == 4)
        #expect(table.routes[0] == RouteDefinition(pattern: "/puzzle/:date", name: "puzzle", parameters: ["date": "day"],
                                                   examples: ["https://example.com/puzzle/2025-10-25"]))
        #expect(table.routes[1].requires == [.signedIn])
        #expect(table.routes[2].effectiveName == "/search")
        #expect(table.routes[2].query == ["page": "int"])
        #expect(table.routes[2].priority == 3)
        #expect(table.routes[3].caseSensitive == true)
    }

    @Test func buildsARouterThatRoutesLikeTheTableSays() throws {
        let router = try Router(table: try RouteTable(json: Data(Self.json.utf8)))
        check(router.route("https://www.example.com/PUZZLE/2025-10-25"), .matched("puzzle", ["date": ["2025-10-25"]]))
        check(router.route("myapp://search?q=a+b&page=2"), .matched("/search", ["q": ["a b"], "page": ["2"]]))
        check(router.route("https://x.example.net/legal"), .fallback)
        check(router.route("https://links.example.org/Legal"), .matched("legal"))
        #expect(router.route(named: "profile")?.requirements == [.signedIn])
        for definition in try RouteTable(json: Data(Self.json.utf8)).routes {
            for example in definition.examples {
                #expect(router.route(example).match?.route.name == definition.effectiveName, "example \(example)")
            }
        }
    }

    @Test func examplesThatOpenTheirRouteAreNotMismatches() throws {
        let table = try RouteTable(json: Data(Self.json.utf8))
        #expect(try Router(table: table).exampleMismatches(in: table).isEmpty)
    }

    @Test func everyExampleThatMissesItsRouteIsReportedWithWhatHappened() throws {
        let table = RouteTable(hosts: [.host("example.com")], routes: [
            RouteDefinition(pattern: "/puzzle/today", name: "today"),
            RouteDefinition(pattern: "/puzzle/:date", name: "puzzle", parameters: ["date": "day"], examples: [
                "https://example.com/puzzle/2025-10-25",
                "https://example.com/puzzle/today",
                "https://example.com/puzzle/2025-02-30",
                "https://evil.com/puzzle/2025-10-25",
            ]),
        ])
        let mismatches = try Router(table: table).exampleMismatches(in: table)
        #expect(mismatches.map(\.description) == [
            "routes[1] 'puzzle': https://example.com/puzzle/today matched 'today' (/puzzle/today)",
            "routes[1] 'puzzle': https://example.com/puzzle/2025-02-30 matched no route (fallback)",
            "routes[1] 'puzzle': https://evil.com/puzzle/2025-10-25 was rejected: host 'evil.com' is not in the allow-list",
        ])
    }

    @Test func encodingAndDecodingGiveTheSameTable() throws {
        let table = try RouteTable(json: Data(Self.json.utf8))
        let data = try JSONEncoder().encode(table)
        #expect(try RouteTable(json: data) == table)
    }

    @Test func anEmptyDocumentIsAnEmptyTable() throws {
        #expect(try RouteTable(json: Data("{}".utf8)) == RouteTable())
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        let behaviour: String
        let json: String
        let message: String
        var testDescription: String { behaviour }
    }

    static let bad: [Bad] = [
        Bad(behaviour: "a route without a pattern names its place", json: #"{"routes": [{"name": "x"}]}"#,
            message: "routes[0]: 'pattern' is required"),
        Bad(behaviour: "a pattern that is not a string names its place", json: #"{"routes": [{"pattern": 3}]}"#,
            message: "routes[0].pattern: expected a string"),
        Bad(behaviour: "routes that are not a list are reported", json: #"{"routes": {"pattern": "/a"}}"#,
            message: "routes: expected a list"),
        Bad(behaviour: "a host that is neither a string nor a mapping is reported", json: #"{"hosts": [3]}"#,
            message: "hosts[0]: expected a host ('example.com', '*.example.com') or {host: example.com, www: true}"),
        Bad(behaviour: "a priority that is not a number is reported", json: #"{"routes": [{"pattern": "/a", "priority": "high"}]}"#,
            message: "routes[0].priority: expected a whole number"),
        Bad(behaviour: "a case option that is not a boolean is reported", json: #"{"routing": {"caseSensitive": "no"}}"#,
            message: "routing.caseSensitive: expected true or false"),
        Bad(behaviour: "text that is not JSON is reported", json: "routes:", message: ""),
    ]

    @Test(arguments: bad)
    func reportsWhereATableIsWrong(_ testCase: Bad) {
        do {
            _ = try RouteTable(json: Data(testCase.json.utf8))
            Issue.record("the table should not decode")
        } catch {
            if testCase.message.isEmpty {
                #expect(error.path.isEmpty)
            } else {
                #expect(error.description == testCase.message)
            }
        }
    }

    @Test func anUnknownTypeNameListsTheKnownOnes() throws {
        let table = RouteTable(hosts: [.host("example.com")], routes: [RouteDefinition(pattern: "/p/:date", parameters: ["date": "dat"])])
        do {
            _ = try Router(table: table)
            Issue.record("the router should not build")
        } catch {
            #expect(error.code == .unknownParameterType)
            #expect(error.description == "routes[0].parameters.date: unknown type 'dat'; known types: bool, day, double, int, string, uuid")
        }
    }

    @Test func customTypesAreFoundByName() throws {
        let slug = ParameterType(name: "slug", parse: { text in text.allSatisfy { $0.isLowercase || $0 == "-" } ? text : nil }, format: { $0 })
        let table = RouteTable(hosts: [.host("example.com")], routes: [RouteDefinition(pattern: "/p/:s", parameters: ["s": "slug"])])
        let router = try Router(table: table, types: [slug])
        #expect(router.route("https://example.com/p/hello-world").match != nil)
        #expect(router.route("https://example.com/p/Hello").match == nil)
    }

    @Test func aHandlerForARouteTheTableLacksIsAnError() {
        let table = RouteTable(hosts: [.host("example.com")], routes: [RouteDefinition(pattern: "/a", name: "a")])
        #expect(throws: RouterError.self) { try Router(table: table, handlers: ["b": { _ in }]) }
    }
}
