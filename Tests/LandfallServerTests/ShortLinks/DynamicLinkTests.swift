import Foundation
import Hummingbird
import Testing
@testable import LandfallServer

/// Firebase Dynamic Links long links on the link host behave as FDL documented, and none of
/// their URLs becomes an open redirect.
@Suite struct DynamicLinkTests {
    static let deepLink = "https://daily.example.com/puzzle/2026-11-20"
    /// A long link's query as FDL made them, `link` left unencoded as many were.
    static let query = "link=https://daily.example.com/puzzle/2026-11-20&apn=com.example.dailypuzzle&ibi=com.example.dailypuzzle&isi=1234567890"

    /// Follows the long link `/?query` on the link host as `userAgent`.
    static func follow(_ query: String, as userAgent: String, client: ServerClient) async throws -> ServedResponse {
        try await client.execute("/?\(query)", host: Demo.links, headers: [.userAgent: userAgent])
    }

    /// Where a phone goes for the store of the demo's own app: through a pending claim (`*` is its token).
    static func throughAClaim(_ store: String) -> String { "https://\(Demo.site)/v1/install/*?store=\(store)&app=daily" }

    /// Whether `location` is `expected`, where a `*` in `expected` stands for any text.
    static func matches(_ location: String?, _ expected: String) -> Bool {
        guard let location else { return false }
        let parts = expected.split(separator: "*", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return location == expected }
        return location.hasPrefix(parts[0]) && location.hasSuffix(parts[1]) && location.count > expected.count
    }

    /// Visitors, extra parameters, and where they are sent (`nil`: a page, no redirect).
    static let routes: [(visitor: String, extra: String, location: String?)] = [
        ("desktop", "", deepLink),
        ("desktop", "&ofl=https://shop.example.org/desktop", "https://shop.example.org/desktop"),
        ("android", "", throughAClaim("play")),
        ("android", "&afl=https://daily.example.com/invite/ANDR-0001", "https://daily.example.com/invite/ANDR-0001"),
        ("iPhone", "", nil),
        ("iPhone", "&ifl=https://shop.example.org/ios", "https://shop.example.org/ios"),
        ("iPhone", "&efr=1", throughAClaim("app-store")),
        ("iPhone", "&ofl=https://shop.example.org/desktop&afl=https://shop.example.org/android", nil),
        ("android", "&ofl=https://shop.example.org/desktop&ifl=https://shop.example.org/ios", throughAClaim("play")),
        ("desktop", "&afl=https://shop.example.org/android&ifl=https://shop.example.org/ios&efr=1", deepLink),
    ]

    static func userAgent(_ visitor: String) -> String {
        switch visitor {
        case "iPhone": Visitors.iPhone
        case "android": Visitors.android
        default: Visitors.desktop
        }
    }

    @Test("each platform goes where FDL sent it: desktop to ofl or link, Android to afl or the Play Store (through a claim), iPhone to ifl, the App Store with efr=1 (through a claim), or the preview page",
          arguments: ServerCases.all)
    func routing(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        try await server.run(transport) { client in
            for (visitor, extra, location) in Self.routes {
                let response = try await Self.follow(Self.query + extra, as: Self.userAgent(visitor), client: client)
                if let location {
                    #expect(response.status == .found, "\(visitor) with '\(extra)': \(response.status)")
                    #expect(Self.matches(response["Location"], location), "\(visitor) with '\(extra)': \(response["Location"] ?? "")")
                } else {
                    #expect(response.status == .ok, "\(visitor) with '\(extra)': \(response.status)")
                    #expect(response["Location"] == nil, "\(visitor) with '\(extra)'")
                }
            }
        }
    }

    @Test("an iPhone without the app gets FDL's preview page: open link in the app, the App Store, the banner", arguments: ServerCases.all)
    func iPhonePage(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        try await server.run(transport) { client in
            let response = try await Self.follow(Self.query, as: Visitors.iPhone, client: client)
            #expect(response.status == .ok)
            let page = HTMLPage(response.text)
            #expect(page.link(id: "open-in-app") == Self.deepLink)
            #expect(Self.matches(StoreButtons(page).appStore, Self.throughAClaim("app-store")), "the demo's own app: through a pending claim")
            #expect(page.meta("apple-itunes-app") == "app-id=1234567890, app-argument=\(Self.deepLink)")
        }
    }

    @Test("a crawler gets the preview of st, sd and si, and no redirect", arguments: ServerCases.all)
    func crawlerPreview(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        try await server.run(transport) { client in
            let query = Self.query + "&st=Friday%27s+puzzle&sd=Can+you+beat+me%3F&si=https%3A%2F%2Fdaily.example.com%2Fstatic%2Ffriday.png"
            for userAgent in [Visitors.slack, Visitors.messages, "WhatsApp/2.23.20.0 A"] {
                let response = try await Self.follow(query, as: userAgent, client: client)
                #expect(response.status == .ok)
                #expect(response["Location"] == nil)
                let page = HTMLPage(response.text)
                #expect(page.meta("og:title") == "Friday&#39;s puzzle" || page.meta("og:title") == "Friday's puzzle", "\(page.metaTags)")
                #expect(page.meta("og:description") == "Can you beat me?")
                #expect(page.meta("og:image") == "https://daily.example.com/static/friday.png")
            }
        }
    }

    @Test("a long link without link answers a 400 page", arguments: ServerCases.all)
    func missingLink(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        try await server.run(transport) { client in
            for query in ["apn=com.example.dailypuzzle&isi=1234567890", "link=", "st=Hello", "link=not%20a%20url&apn=x"] {
                for userAgent in [Visitors.desktop, Visitors.iPhone, Visitors.android] {
                    let response = try await Self.follow(query, as: userAgent, client: client)
                    #expect(response.status == .badRequest, "\(query): \(response.status)")
                    #expect(response["Location"] == nil)
                    #expect(response["Content-Type"]?.hasPrefix("text/html") == true)
                }
            }
        }
    }

    /// Hostile URLs put in each URL parameter.
    static let hostileURLs = [
        "https://evil.example.net/", "javascript:alert(1)", "//evil.example.net", "https://daily.example.com@evil.example.net/",
        "https://daily.example.com.evil.example.net/", "https://go.daily.example.com/loop", "https://go.daily.example.com/?link=https://evil.example.net/",
        "data:text/html,<script>alert(1)</script>",
    ]

    @Test("a hostile link, afl, ifl, ipfl or ofl gets the refused page and never a Location to it", arguments: ServerCases.all)
    func hostileParameters(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let iPad = "Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
        try await server.run(transport) { client in
            for parameter in ["link", "afl", "ifl", "ipfl", "ofl"] {
                for url in Self.hostileURLs {
                    let encoded = JSONText.queryValue(url)
                    var query = "apn=com.example.dailypuzzle&isi=1234567890"
                    query += parameter == "link" ? "&link=\(encoded)" : "&link=\(JSONText.queryValue(Self.deepLink))&\(parameter)=\(encoded)"
                    for userAgent in [Visitors.desktop, Visitors.iPhone, iPad, Visitors.android, Visitors.slack] {
                        let response = try await Self.follow(query, as: userAgent, client: client)
                        #expect(response["Location"] == nil, "\(parameter)=\(url) as \(userAgent.prefix(30)): to \(response["Location"] ?? "")")
                        #expect([.forbidden, .badRequest].contains(response.status), "\(parameter)=\(url): \(response.status)")
                        #expect(HTMLPage(response.text).attributesMentioning("evil.example.net").isEmpty,
                                "\(parameter)=\(url) is offered in the page: \(HTMLPage(response.text).attributesMentioning("evil.example.net"))")
                    }
                }
            }
        }
    }

    @Test("a long link on the site host is not a dynamic link: the site's home is served there", arguments: TestDatabase.all)
    func onlyOnTheLinkHost(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        try await server.run(.router) { client in
            let response = try await client.execute("/?\(Self.query)", host: Demo.site, headers: [.userAgent: Visitors.desktop])
            #expect(response["Location"] != Self.deepLink)
        }
    }
}
