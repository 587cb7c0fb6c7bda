import Foundation
import DeepLinkRouting
import Testing

@Suite struct RouterMatchingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let behaviour: String
        let url: String
        let expected: Expected
        init(_ behaviour: String, _ url: String, _ expected: Expected) {
            self.behaviour = behaviour
            self.url = url
            self.expected = expected
        }
        var testDescription: String { behaviour }
    }

    static let cases: [Case] = [
        // Literals, the root and slashes
        Case("the root path matches the root route", "https://example.com/", .matched("home")),
        Case("an empty path matches the root route", "https://example.com", .matched("home")),
        Case("an empty path with a query matches the root route", "https://example.com?ref=ad", .matched("home", ["ref": ["ad"]])),
        Case("a literal route matches its path", "https://example.com/send", .matched("send")),
        Case("a trailing slash is ignored", "https://example.com/send/", .matched("send")),
        Case("repeated slashes are ignored", "https://example.com//send//", .matched("send")),
        Case("a dot segment is resolved", "https://example.com/./send", .matched("send")),
        Case("a dot-dot segment removes the segment before it", "https://example.com/puzzle/../send", .matched("send")),
        Case("a dot-dot segment at the root stays at the root", "https://example.com/../send", .matched("send")),
        Case("an encoded dot-dot is data, not a dot segment", "https://example.com/item/%2E%2E", .matched("itemBySlug", ["slug": [".."]])),
        Case("a literal is case-sensitive by default", "https://example.com/SEND", .fallback),
        Case("a case-insensitive route matches in lower case", "https://example.com/about", .matched("about")),
        Case("a case-insensitive route matches in upper case", "https://example.com/ABOUT", .matched("about")),
        Case("a case-sensitive route with capitals needs its exact case", "https://example.com/Legal/Terms", .matched("terms")),
        Case("a case-sensitive route with capitals rejects other cases", "https://example.com/legal/terms", .fallback),
        Case("a percent-encoded literal matches its decoded form", "https://example.com/caf%C3%A9", .matched("cafe")),
        Case("a literal written in raw unicode matches", "https://example.com/café", .matched("cafe")),
        Case("a longer path than any route falls back", "https://example.com/send/more", .fallback),
        Case("an unknown first segment falls back", "https://example.com/nothing/here", .fallback),

        // Parameters and types
        Case("a literal beats a parameter in the same place", "https://example.com/puzzle/today", .matched("puzzleToday")),
        Case("a day parameter captures a valid date", "https://example.com/puzzle/2025-10-25", .matched("puzzle", ["date": ["2025-10-25"]])),
        Case("an impossible date does not convert, so the route does not match", "https://example.com/puzzle/2025-02-30", .fallback),
        Case("a leap day converts in a leap year", "https://example.com/puzzle/2024-02-29", .matched("puzzle", ["date": ["2024-02-29"]])),
        Case("a leap day does not convert in a common year", "https://example.com/puzzle/2023-02-29", .fallback),
        Case("a date without zero padding does not convert", "https://example.com/puzzle/2025-1-5", .fallback),
        Case("two typed parameters both convert", "https://example.com/puzzle/2025-10-25/hint/3", .matched("hint", ["date": ["2025-10-25"], "number": ["3"]])),
        Case("an int parameter rejects a word", "https://example.com/puzzle/2025-10-25/hint/three", .fallback),
        Case("an int route takes a number", "https://example.com/item/42", .matched("itemByID", ["id": ["42"]])),
        Case("a failed int conversion continues with the next candidate", "https://example.com/item/blue-shirt", .matched("itemBySlug", ["slug": ["blue-shirt"]])),
        Case("a negative number converts to int", "https://example.com/item/-7", .matched("itemByID", ["id": ["-7"]])),
        Case("a number too large for int falls to the string route", "https://example.com/item/99999999999999999999", .matched("itemBySlug", ["slug": ["99999999999999999999"]])),
        Case("a double parameter takes a decimal", "https://example.com/v/2.5", .matched("version", ["version": ["2.5"]])),
        Case("a double parameter takes a whole number", "https://example.com/v/3", .matched("version", ["version": ["3"]])),
        Case("a double parameter rejects infinity", "https://example.com/v/inf", .fallback),
        Case("a double parameter rejects nan", "https://example.com/v/nan", .fallback),
        Case("a bool parameter takes true", "https://example.com/flag/true", .matched("flag", ["enabled": ["true"]])),
        Case("a bool parameter takes NO in capitals", "https://example.com/flag/NO", .matched("flag", ["enabled": ["NO"]])),
        Case("a bool parameter takes 1", "https://example.com/flag/1", .matched("flag", ["enabled": ["1"]])),
        Case("a bool parameter rejects maybe", "https://example.com/flag/maybe", .fallback),
        Case("a uuid parameter takes a lower-case uuid", "https://example.com/device/e621e1f8-c36c-495a-93fc-0c247a3e6e5f", .matched("device", ["id": ["e621e1f8-c36c-495a-93fc-0c247a3e6e5f"]])),
        Case("a uuid parameter takes an upper-case uuid", "https://example.com/device/E621E1F8-C36C-495A-93FC-0C247A3E6E5F", .matched("device", ["id": ["E621E1F8-C36C-495A-93FC-0C247A3E6E5F"]])),
        Case("a uuid parameter rejects a short id", "https://example.com/device/1234", .fallback),
        Case("a path parameter is percent-decoded", "https://example.com/item/blue%20shirt", .matched("itemBySlug", ["slug": ["blue shirt"]])),
        Case("an encoded slash stays inside its segment", "https://example.com/item/a%2Fb", .matched("itemBySlug", ["slug": ["a/b"]])),
        Case("an encoded percent sign decodes to a percent sign", "https://example.com/item/100%25", .matched("itemBySlug", ["slug": ["100%"]])),
        Case("a malformed percent escape is kept as written", "https://example.com/item/100%zz", .matched("itemBySlug", ["slug": ["100%zz"]])),
        Case("a truncated percent escape is kept as written", "https://example.com/item/abc%4", .matched("itemBySlug", ["slug": ["abc%4"]])),
        Case("a plus in the path is a plus", "https://example.com/item/a+b", .matched("itemBySlug", ["slug": ["a+b"]])),
        Case("an encoded unicode parameter decodes", "https://example.com/item/%E2%9C%93", .matched("itemBySlug", ["slug": ["✓"]])),
        Case("an emoji parameter decodes", "https://example.com/item/%F0%9F%8D%A6", .matched("itemBySlug", ["slug": ["🍦"]])),
        Case("a parameter keeps its case in a case-sensitive router", "https://example.com/item/Blue", .matched("itemBySlug", ["slug": ["Blue"]])),
        Case("a typed int before a literal in a longer route", "https://example.com/blog/2024/hello", .matched("blog", ["year": ["2024"], "slug": ["hello"]])),
        Case("a catch-all route takes a path the typed route cannot convert", "https://example.com/blog/archive/2019", .matched("blogArchive", ["rest": ["2019"]])),
        Case("a catch-all after two literals captures several segments", "https://example.com/blog/archive/x/y", .matched("blogArchive", ["rest": ["x/y"]])),

        // Optional groups
        Case("an optional group may be absent", "https://example.com/required/1", .matched("optional", ["a": ["1"]])),
        Case("an optional group may be present", "https://example.com/required/1/optional/2", .matched("optional", ["a": ["1"], "b": ["2"]])),
        Case("an optional group is all or nothing", "https://example.com/required/1/optional", .fallback),
        Case("an optional group with a typed parameter is absent", "https://example.com/user/ada/posts", .matched("posts", ["userID": ["ada"]])),
        Case("an optional group with a typed parameter is present", "https://example.com/user/ada/posts/7", .matched("posts", ["userID": ["ada"], "post": ["7"]])),
        Case("an optional typed parameter that does not convert does not match", "https://example.com/user/ada/posts/seven", .fallback),
        Case("nested groups: outer absent", "https://example.com/lang/en", .matched("nested", ["code": ["en"]])),
        Case("nested groups: outer present, inner absent", "https://example.com/lang/en/page/2", .matched("nested", ["code": ["en"], "page": ["2"]])),
        Case("nested groups: both present", "https://example.com/lang/en/page/2/section/b", .matched("nested", ["code": ["en"], "page": ["2"], "section": ["b"]])),
        Case("nested groups: inner without outer does not match", "https://example.com/lang/en/section/b", .fallback),

        // Catch-alls
        Case("a catch-all captures one segment", "https://example.com/files/a", .matched("files", ["path": ["a"]])),
        Case("a catch-all captures the rest of the path", "https://example.com/files/a/b/c.txt", .matched("files", ["path": ["a/b/c.txt"]])),
        Case("a catch-all needs at least one segment", "https://example.com/files", .fallback),
        Case("a catch-all ignores a trailing slash", "https://example.com/files/a/b/", .matched("files", ["path": ["a/b"]])),
        Case("a catch-all decodes each segment", "https://example.com/files/my%20docs/r%C3%A9sum%C3%A9.pdf", .matched("files", ["path": ["my docs/résumé.pdf"]])),
        Case("a catch-all in an optional group matches nothing", "https://example.com/docs", .matched("docs")),
        Case("a catch-all in an optional group matches one segment", "https://example.com/docs/intro", .matched("docs", ["path": ["intro"]])),
        Case("a catch-all in an optional group matches many segments", "https://example.com/docs/guide/routing/ranking", .matched("docs", ["path": ["guide/routing/ranking"]])),
        Case("an anonymous catch-all matches but captures nothing", "https://example.com/shop/shoes/red", .matched("shop")),

        // Ranking and priority
        Case("a higher priority beats a more specific literal", "https://example.com/promo/summer", .matched("promo", ["code": ["summer"]])),
        Case("a priority route still needs its own pattern to fit", "https://example.com/promo", .fallback),

        // Query items and fragments
        Case("query items are merged into the parameters", "https://example.com/puzzle/2025-10-25?ref=mail", .matched("puzzle", ["date": ["2025-10-25"], "ref": ["mail"]])),
        Case("a repeated query key gives all its values in order", "https://example.com/search?tag=a&tag=b&tag=c", .matched("search", ["tag": ["a", "b", "c"]])),
        Case("a path parameter beats a query item of the same name", "https://example.com/user/42?userID=evil", .matched("profile", ["userID": ["42"]])),
        Case("a query item named like a path parameter is hidden, others stay", "https://example.com/user/42?userID=evil&tab=likes", .matched("profile", ["userID": ["42"], "tab": ["likes"]])),
        Case("query names and values are percent-decoded", "https://example.com/search?q=ice%20cream&caf%C3%A9=1", .matched("search", ["q": ["ice cream"], "café": ["1"]])),
        Case("a plus in the query is a plus by default", "https://example.com/search?q=a+b", .matched("search", ["q": ["a+b"]])),
        Case("a query item without a value has an empty value", "https://example.com/search?debug", .matched("search", ["debug": [""]])),
        Case("a query item with an empty value has an empty value", "https://example.com/search?q=", .matched("search", ["q": [""]])),
        Case("empty query items are skipped", "https://example.com/search?&&q=x&", .matched("search", ["q": ["x"]])),
        Case("a value may contain an equals sign", "https://example.com/search?q=a=b", .matched("search", ["q": ["a=b"]])),
        Case("a typed query item that converts keeps the route", "https://example.com/search?page=3", .matched("search", ["page": ["3"]])),
        Case("a typed query item that does not convert rejects the route", "https://example.com/search?page=three", .fallback),
        Case("an absent typed query item is fine", "https://example.com/search", .matched("search")),
        Case("a fragment does not affect matching", "https://example.com/send#top", .matched("send")),
        Case("a question mark in the fragment stays in the fragment", "https://example.com/send#a?b=c", .matched("send")),
        Case("a query with invalid UTF-8 escapes is kept as written", "https://example.com/search?q=%E9", .matched("search", ["q": ["%E9"]])),

        // Hosts
        Case("the bare host is accepted", "https://example.com/send", .matched("send")),
        Case("the www alias is accepted", "https://www.example.com/send", .matched("send")),
        Case("a host is compared without case", "https://WWW.Example.COM/send", .matched("send")),
        Case("a host with a trailing dot is accepted", "https://example.com./send", .matched("send")),
        Case("a port is ignored", "https://example.com:443/send", .matched("send")),
        Case("user information before the host is ignored", "https://someone@example.com/send", .matched("send")),
        Case("an exact host without www does not accept www", "https://www.links.example.org/send", .rejected),
        Case("an exact host is accepted", "https://links.example.org/send", .matched("send")),
        Case("a subdomain of a wildcard domain is accepted", "https://app.example.net/send", .matched("send")),
        Case("a deeper subdomain of a wildcard domain is accepted", "https://a.b.example.net/send", .matched("send")),
        Case("a wildcard does not accept its bare domain", "https://example.net/send", .rejected),
        Case("a host that merely ends with the domain's text is rejected", "https://badexample.net/send", .rejected),
        Case("an unknown host is rejected", "https://evil.com/send", .rejected),
        Case("a look-alike host with our host as user information is rejected", "https://example.com@evil.com/send", .rejected),
        Case("our host as a subdomain of another host is rejected", "https://example.com.evil.com/send", .rejected),
        Case("an http link is rejected", "http://example.com/send", .rejected),
        Case("a URL without a host is rejected", "https:///send", .rejected),
        Case("a port that is not a number is rejected", "https://example.com:abc/send", .rejected),

        // Custom schemes
        Case("a custom scheme host is read as the first segment", "myapp://send?to=x", .matched("send", ["to": ["x"]])),
        Case("a custom scheme with more segments", "myapp://puzzle/2025-10-25", .matched("puzzle", ["date": ["2025-10-25"]])),
        Case("a custom scheme is compared without case", "MyApp://send", .matched("send")),
        Case("a custom scheme with an empty host reads the path", "myapp:///send", .matched("send")),
        Case("a custom scheme without slashes reads the path", "myapp:send", .matched("send")),
        Case("a custom scheme with nothing after it is the root", "myapp://", .matched("home")),
        Case("a custom scheme host is percent-decoded", "myapp://caf%C3%A9", .matched("cafe")),
        Case("a custom scheme link takes query items", "myapp://user/42?userID=evil", .matched("profile", ["userID": ["42"]])),
        Case("an unknown custom scheme is rejected", "otherapp://send", .rejected),
        Case("ftp is rejected", "ftp://example.com/send", .rejected),
        Case("text without a scheme is rejected", "example.com/send", .rejected),
        Case("an empty string is rejected", "", .rejected),
        Case("a path segment with invalid UTF-8 escapes is rejected", "https://example.com/item/%FF", .rejected),
    ]

    @Test(arguments: cases)
    func routesEachURLAsTheTableSays(_ testCase: Case) {
        check(Fixtures.router.route(testCase.url), testCase.expected)
    }

    @Test func aFragmentIsDecodedAndAvailable() throws {
        let match = try #require(Fixtures.router.route("https://example.com/send#section%202").match)
        #expect(match.parameters.fragment == "section 2")
        #expect(match.link.fragment == "section 2")
    }

    @Test func aURLWithoutAFragmentHasNone() throws {
        let match = try #require(Fixtures.router.route("https://example.com/send").match)
        #expect(match.parameters.fragment == nil)
    }

    @Test func aFallbackCarriesTheLinkTakenApart() {
        guard case .fallback(let link) = Fixtures.router.route("myapp://nothing/here?x=1#f") else {
            Issue.record("expected a fallback")
            return
        }
        #expect(link.source == .scheme("myapp"))
        #expect(link.host == nil)
        #expect(link.pathSegments == ["nothing", "here"])
        #expect(link.path == "/nothing/here")
        #expect(link.queryItems == [QueryItem(name: "x", value: "1")])
        #expect(link.fragment == "f")
    }

    @Test func aMatchNamesTheSourceThatAcceptedIt() throws {
        let match = try #require(Fixtures.router.route("https://a.b.example.net/send").match)
        #expect(match.link.source == .subdomains(of: "example.net"))
        #expect(match.link.host == "a.b.example.net")
    }

    @Test func typedValuesAreAvailableByType() throws {
        let match = try #require(Fixtures.router.route("https://example.com/puzzle/2025-10-25/hint/3").match)
        #expect(match.parameters.value("date", as: CalendarDay.self) == CalendarDay(year: 2025, month: 10, day: 25))
        #expect(match.parameters.value("number", as: Int.self) == 3)
        #expect(match.parameters.value("number", as: UUID.self) == nil)
    }

    @Test func untypedQueryItemsConvertOnRequest() throws {
        let match = try #require(Fixtures.router.route("https://example.com/search?page=4&n=2&n=x&n=5").match)
        #expect(match.parameters.value("page", as: Int.self) == 4)
        #expect(match.parameters.value("n", as: Int.self) == 2)
        #expect(match.parameters.values("n", as: Int.self) == [2, 5])
        #expect(match.parameters.value("missing", as: Int.self) == nil)
    }

    @Test func aRejectionSaysWhy() {
        guard case .rejected(let reason) = Fixtures.router.route("https://evil.com/send") else {
            Issue.record("expected a rejection")
            return
        }
        #expect(reason == .hostNotAccepted("evil.com"))
        #expect(reason.description == "host 'evil.com' is not in the allow-list")
    }

    @Test(arguments: [
        ("http://example.com/send", RejectionReason.insecureHTTP(host: "example.com")),
        ("otherapp://x", .schemeNotAccepted("otherapp")),
        ("https:///x", .missingHost),
        ("https://evil.com", .hostNotAccepted("evil.com")),
    ])
    func eachRejectionHasItsReason(url: String, reason: RejectionReason) {
        guard case .rejected(let actual) = Fixtures.router.route(url) else {
            Issue.record("expected a rejection for \(url)")
            return
        }
        #expect(actual == reason)
    }

    @Test func aFoundationURLRoutesLikeItsText() throws {
        let url = try #require(URL(string: "https://example.com/puzzle/2025-10-25?x=1"))
        check(Fixtures.router.route(url), .matched("puzzle", ["date": ["2025-10-25"], "x": ["1"]]))
    }
}

