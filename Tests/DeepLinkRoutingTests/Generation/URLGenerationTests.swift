import DeepLinkRouting
import Foundation
import Testing

@Suite struct URLGenerationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let behaviour: String
        let route: String
        let parameters: [String: any Sendable]
        let target: LinkTarget
        let fragment: String?
        let link: String
        init(_ behaviour: String, _ route: String, _ parameters: [String: any Sendable], on target: LinkTarget = .https("example.com"),
             fragment: String? = nil, _ link: String) {
            self.behaviour = behaviour
            self.route = route
            self.parameters = parameters
            self.target = target
            self.fragment = fragment
            self.link = link
        }
        var testDescription: String { behaviour }
    }

    static let cases: [Case] = [
        Case("the root route is the host and a slash", "home", [:], "https://example.com/"),
        Case("a literal route is written as it is", "send", [:], "https://example.com/send"),
        Case("a typed value is formatted by its type", "puzzle", ["date": CalendarDay(year: 2025, month: 10, day: 25)!], "https://example.com/puzzle/2025-10-25"),
        Case("a string value for a typed parameter is used when it converts", "puzzle", ["date": "2025-10-25"], "https://example.com/puzzle/2025-10-25"),
        Case("a space is percent-encoded", "itemBySlug", ["slug": "blue shirt"], "https://example.com/item/blue%20shirt"),
        Case("a slash inside a parameter is percent-encoded", "itemBySlug", ["slug": "a/b"], "https://example.com/item/a%2Fb"),
        Case("a percent sign is percent-encoded", "itemBySlug", ["slug": "100%"], "https://example.com/item/100%25"),
        Case("unicode is percent-encoded as UTF-8", "itemBySlug", ["slug": "é"], "https://example.com/item/%C3%A9"),
        Case("a lone dot-dot value is encoded so it stays data", "itemBySlug", ["slug": ".."], "https://example.com/item/%2E%2E"),
        Case("an optional group is left out without its parameters", "optional", ["a": "1"], "https://example.com/required/1"),
        Case("an optional group is written with its parameters", "optional", ["a": "1", "b": "2"], "https://example.com/required/1/optional/2"),
        Case("a catch-all is written segment by segment", "files", ["path": "a b/c.txt"], "https://example.com/files/a%20b/c.txt"),
        Case("an optional catch-all is left out without a value", "docs", [:], "https://example.com/docs"),
        Case("extra parameters become query items in name order", "search", ["q": "ice cream", "page": 2], "https://example.com/search?page=2&q=ice%20cream"),
        Case("a list value becomes repeated query items", "search", ["tag": ["a", "b"]], "https://example.com/search?tag=a&tag=b"),
        Case("a plus in a query value is encoded", "search", ["q": "1+1"], "https://example.com/search?q=1%2B1"),
        Case("a fragment is encoded", "send", [:], fragment: "a b", "https://example.com/send#a%20b"),
        Case("a custom scheme writes the first segment as the host", "puzzle", ["date": "2025-10-25"], on: .scheme("myapp"), "myapp://puzzle/2025-10-25"),
        Case("a custom scheme link for the root route", "home", [:], on: .scheme("myapp"), "myapp://"),
        Case("the www alias is an accepted target", "send", [:], on: .https("www.example.com"), "https://www.example.com/send"),
        Case("a subdomain of a wildcard is an accepted target", "send", [:], on: .https("app.example.net"), "https://app.example.net/send"),
    ]

    @Test(arguments: cases)
    func writesTheLinkForARoute(_ testCase: Case) throws {
        let link = try Fixtures.router.link(to: testCase.route, parameters: testCase.parameters, fragment: testCase.fragment, on: testCase.target)
        #expect(link == testCase.link)
        #expect(Fixtures.router.route(link).match?.route.name == testCase.route)
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        let behaviour: String
        let route: String
        let parameters: [String: any Sendable]
        let target: LinkTarget
        let code: URLGenerationError.Code
        var testDescription: String { behaviour }
    }

    static let failures: [Failure] = [
        Failure(behaviour: "an unknown route name is an error", route: "nope", parameters: [:], target: .https("example.com"), code: .unknownRoute),
        Failure(behaviour: "a host outside the allow-list is an error", route: "send", parameters: [:], target: .https("evil.com"), code: .targetNotAccepted),
        Failure(behaviour: "an unknown scheme is an error", route: "send", parameters: [:], target: .scheme("other"), code: .targetNotAccepted),
        Failure(behaviour: "a missing parameter is an error", route: "puzzle", parameters: [:], target: .https("example.com"), code: .missingParameter),
        Failure(behaviour: "a value that does not convert is an error", route: "puzzle", parameters: ["date": "tomorrow"], target: .https("example.com"), code: .invalidValue),
        Failure(behaviour: "a list for a path parameter is an error", route: "itemBySlug", parameters: ["slug": ["a", "b"]], target: .https("example.com"), code: .invalidValue),
        Failure(behaviour: "an empty path value is an error", route: "itemBySlug", parameters: ["slug": ""], target: .https("example.com"), code: .emptyValue),
        Failure(behaviour: "a catch-all of only slashes is an error", route: "files", parameters: ["path": "//"], target: .https("example.com"), code: .emptyValue),
        Failure(behaviour: "an anonymous catch-all cannot be generated", route: "shop", parameters: [:], target: .https("example.com"), code: .missingParameter),
        Failure(behaviour: "a link a higher-ranked route would take is an error", route: "itemBySlug", parameters: ["slug": "42"], target: .https("example.com"), code: .wouldMatchAnotherRoute),
        Failure(behaviour: "a route a higher priority shadows cannot be generated", route: "summerPromo", parameters: [:], target: .https("example.com"), code: .wouldMatchAnotherRoute),
        Failure(behaviour: "a typed query item that does not convert is an error", route: "search", parameters: ["page": "two"], target: .https("example.com"), code: .invalidValue),
    ]

    @Test(arguments: failures)
    func refusesALinkThatWouldNotRouteBack(_ testCase: Failure) {
        do {
            let link = try Fixtures.router.link(to: testCase.route, parameters: testCase.parameters, on: testCase.target)
            Issue.record("expected an error, got \(link)")
        } catch {
            #expect(error.code == testCase.code, "\(error)")
        }
    }

    @Test func aFoundationURLIsAvailableToo() throws {
        let url = try Fixtures.router.url(to: "itemBySlug", parameters: ["slug": "a b"], on: .https("example.com"))
        #expect(url.absoluteString == "https://example.com/item/a%20b")
        check(Fixtures.router.route(url), .matched("itemBySlug", ["slug": ["a b"]]))
    }
}
