import Testing
import AppSiteAssociation

/// `LinkURL` splits a URL as RFC 3986 reads it and never normalizes what it keeps.
@Suite struct LinkURLTests {
    struct Split: Sendable, CustomTestStringConvertible {
        var text: String
        var scheme: String
        var host: String
        var port: Int?
        var path: String
        var query: String?
        var fragment: String?
        var testDescription: String { text }
    }

    static let splits: [Split] = [
        Split(text: "https://example.com/help/faq?articleNumber=481#top", scheme: "https", host: "example.com", path: "/help/faq", query: "articleNumber=481", fragment: "top"),
        Split(text: "https://example.com", scheme: "https", host: "example.com", path: ""),
        Split(text: "https://example.com/", scheme: "https", host: "example.com", path: "/"),
        Split(text: "http://example.com/a?", scheme: "http", host: "example.com", path: "/a", query: ""),
        Split(text: "https://example.com/a#", scheme: "https", host: "example.com", path: "/a", fragment: ""),
        Split(text: "https://example.com?q=1", scheme: "https", host: "example.com", path: "", query: "q=1"),
        Split(text: "https://example.com#f", scheme: "https", host: "example.com", path: "", fragment: "f"),
        Split(text: "https://example.com/a#f?not-a-query", scheme: "https", host: "example.com", path: "/a", fragment: "f?not-a-query"),
        Split(text: "https://example.com/a?q=1?2#f#g", scheme: "https", host: "example.com", path: "/a", query: "q=1?2", fragment: "f#g"),
        Split(text: "HTTPS://EXAMPLE.com/A", scheme: "https", host: "EXAMPLE.com", path: "/A"),
        Split(text: "https://example.com:8443/a", scheme: "https", host: "example.com", port: 8443, path: "/a"),
        Split(text: "https://example.com:/a", scheme: "https", host: "example.com", path: "/a"),
        Split(text: "https://user:pw@example.com/a", scheme: "https", host: "example.com", path: "/a"),
        Split(text: "https://[::1]:8080/a", scheme: "https", host: "[::1]", port: 8080, path: "/a"),
        Split(text: "https://example.com/a%20b%2Fc?x=%41#%7E", scheme: "https", host: "example.com", path: "/a%20b%2Fc", query: "x=%41", fragment: "%7E"),
        Split(text: "https://example.com/café", scheme: "https", host: "example.com", path: "/café"),
        Split(text: "myapp://open/item", scheme: "myapp", host: "open", path: "/item"),
        Split(text: "https://example.com//double//", scheme: "https", host: "example.com", path: "//double//"),
    ]

    @Test(arguments: splits)
    func aURLSplitsIntoItsPartsAsWritten(_ split: Split) throws {
        let url = try LinkURL(parsing: split.text)
        #expect(url.scheme == split.scheme)
        #expect(url.host == split.host)
        #expect(url.port == split.port)
        #expect(url.path == split.path)
        #expect(url.query == split.query)
        #expect(url.fragment == split.fragment)
        #expect(url.text == split.text)
        #expect(url.description == split.text)
    }

    @Test(arguments: [
        ("https://example.com/a", true), ("http://example.com/a", true), ("HTTP://example.com/a", true),
        ("ftp://example.com/a", false), ("myapp://example.com/a", false), ("wss://example.com/a", false),
        ("https+x://example.com/a", false),
    ])
    func onlyHTTPAndHTTPSAreWebURLs(text: String, isWeb: Bool) throws {
        #expect(try LinkURL(parsing: text).isWebURL == isWeb)
    }

    @Test(arguments: [
        ("", "no scheme"),
        ("example.com/a", "no scheme"),
        ("/a/b", "no scheme"),
        ("1https://example.com", "no scheme"),
        (":x", "no scheme"),
        ("https:example.com", "no host"),
        ("https:/example.com", "no host"),
        ("https://", "empty host"),
        ("https:///a", "empty host"),
        ("https://:80/a", "empty host"),
        ("https://example.com/a b", "space"),
        ("https://example.com/a\tb", "control character"),
        ("https://example.com/a\u{7F}", "control character"),
        ("https://example.com:99999/", "port"),
        ("https://example.com:8a/", "port"),
        ("https://[::1/a", "IPv6"),
        ("https://[::1]x/a", "after the host"),
    ])
    func textThatIsNotAUsableURLIsAnError(text: String, reason: String) {
        let error = #expect(throws: LinkURL.ParseError.self) { try LinkURL(parsing: text) }
        #expect(error?.input == text)
        #expect(error?.reason.contains(reason) == true, "\(error?.reason ?? "")")
        #expect(error?.description.hasPrefix("not a usable URL \"") == true)
    }

    @Test func equalTextGivesEqualURLs() throws {
        #expect(try LinkURL(parsing: "https://example.com/a?b#c") == LinkURL(parsing: "https://example.com/a?b#c"))
        #expect(try LinkURL(parsing: "https://example.com/a") != LinkURL(parsing: "https://example.com/a/"))
    }
}
