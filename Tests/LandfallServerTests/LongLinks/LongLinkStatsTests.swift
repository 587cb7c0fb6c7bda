import Foundation
import Hummingbird
import LandfallLinks
import Testing
@testable import LandfallServer

/// Long links' visits and in-app browsers' clicks in the statistics: `GET /v1/stats` counts
/// long links' visits among its clicks and previews and lists them per `link` in `byLongLink`;
/// both statistics list the clicks made in apps' browsers in `byInAppBrowser`.
@Suite struct LongLinkStatsTests {
    static let puzzle = "https://daily.example.com/puzzle/2026-11-20"
    static let shop = "https://shop.example.org/winter"
    static let instagram = InAppBrowserPageTests.instagram
    static let facebookAndroid = InAppBrowserPageTests.facebookAndroid

    /// Visits the long link of `link` (with `extra` parameters) on the link host as `userAgent`.
    static func visit(_ link: String, extra: String = "", as userAgent: String, referrer: String? = nil,
                      client: ServerClient) async throws -> ServedResponse {
        var headers = PublicClient.headers(userAgent: userAgent)
        if let referrer { headers[.referer] = referrer }
        return try await client.execute("/?link=\(JSONText.queryValue(link))&apn=com.example.dailypuzzle\(extra)", host: Demo.links,
                                        headers: headers)
    }

    /// `GET /v1/stats?query` with `key`, requiring a 200.
    static func siteStats(_ client: ServerClient, key: HTTPFields, query: String = "") async throws -> [String: Any] {
        let response = try await client.get("/v1/stats\(query)", headers: key)
        try #require(response.status == .ok, "\(response.status): \(response.text)")
        return try response.json
    }

    /// The `byLongLink` rows as link: [clicks, previews], in order.
    static func longLinks(_ stats: [String: Any]) -> [(String, [Int])] {
        (stats["byLongLink"] as? [[String: Any]] ?? []).map {
            ($0["link"] as? String ?? "?", [$0["clicks"] as? Int ?? -1, $0["previews"] as? Int ?? -1])
        }
    }

    /// The `byInAppBrowser` rows as app: clicks, in order.
    static func inAppBrowsers(_ stats: [String: Any]) -> [(String, Int)] {
        (stats["byInAppBrowser"] as? [[String: Any]] ?? []).map { ($0["key"] as? String ?? "?", $0["count"] as? Int ?? -1) }
    }

    @Test("long links' visits are counted under their link in the site's statistics: clicks, previews, platforms, referrers, in-app browsers",
          arguments: ServerCases.all)
    func longLinkVisitsAreCounted(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        let read = try await server.authorization(.read)
        try await server.run(transport) { client in
            #expect(try await Self.visit(Self.puzzle, as: Visitors.desktop, referrer: "https://news.example.org/x", client: client).status == .found)
            #expect(try await Self.visit(Self.puzzle, as: Self.facebookAndroid, client: client).status == .found)
            #expect(try await Self.visit(Self.puzzle, as: Visitors.slack, client: client).status == .ok)
            #expect(try await Self.visit(Self.shop, extra: "&utm_campaign=winter", as: Visitors.desktop, client: client).status == .found)
            // Refused and broken long links are not counted.
            #expect(try await Self.visit("https://evil.example.net/", as: Visitors.desktop, client: client).status == .forbidden)
            #expect(try await client.execute("/?apn=x", host: Demo.links, headers: [.userAgent: Visitors.desktop]).status == .badRequest)

            let stats = try await Self.siteStats(client, key: read)
            #expect(Self.longLinks(stats).map(\.0) == [Self.puzzle, Self.shop])
            #expect(Self.longLinks(stats).map(\.1) == [[2, 1], [1, 0]])
            #expect(stats["clicks"] as? Int == 3, "long links' visits are clicks: \(stats)")
            #expect(stats["previews"] as? Int == 1)
            #expect(Self.inAppBrowsers(stats).map(\.0) == ["Facebook"])
            #expect(Self.inAppBrowsers(stats).map(\.1) == [1])
            let platforms = StatsTests.buckets(stats["byPlatform"])
            #expect(platforms["desktop"]?[0] == 2 && platforms["android"]?[0] == 1 && platforms["crawler"]?[0] == 1, "\(platforms)")
            #expect(StatsTests.buckets(stats["byReferrer"])["news.example.org"]?[0] == 1)
            #expect(StatsTests.buckets(stats["byCampaign"])["winter"]?[0] == 1)

            let winter = try await Self.siteStats(client, key: read, query: "?campaign=winter")
            #expect(Self.longLinks(winter).map(\.0) == [Self.shop])
            #expect(winter["clicks"] as? Int == 1)
            let later = try await Self.siteStats(client, key: read, query: "?from=2026-11-21")
            #expect(Self.longLinks(later).isEmpty)
            #expect(later["clicks"] as? Int == 0)

            let csv = try await client.get("/v1/stats?format=csv", headers: read)
            #expect(csv.text.contains("2026-11-20,click,desktop,,winter,,1"), "\(csv.text)")
        }
    }

    @Test("a short link's clicks in an app's browser are counted by app, in the link's and the site's statistics; other clicks are not",
          arguments: ServerCases.all)
    func inAppBrowserClicksOfAShortLink(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let link = try await client.createLink(PendingClaimPageTests.newsletterLink, key: key)
            for userAgent in [Self.instagram, Self.instagram, Self.facebookAndroid, Visitors.iPhone, Visitors.desktop, Visitors.slack] {
                let response = try await client.get("/xmas", host: Demo.links, headers: PublicClient.headers(userAgent: userAgent))
                #expect([.ok, .found].contains(response.status))
            }
            #expect(try await Self.visit(Self.puzzle, as: Self.instagram, client: client).status == .ok)

            let linkStats = try await client.stats(of: link.id, key: key)
            #expect(linkStats["clicks"] as? Int == 5)
            #expect(Self.inAppBrowsers(linkStats).map(\.0) == ["Instagram", "Facebook"])
            #expect(Self.inAppBrowsers(linkStats).map(\.1) == [2, 1])
            #expect(Self.longLinks(linkStats).isEmpty)

            let site = try await Self.siteStats(client, key: key)
            #expect(Self.inAppBrowsers(site).map(\.0) == ["Instagram", "Facebook"])
            #expect(Self.inAppBrowsers(site).map(\.1) == [3, 1], "the long link's Instagram visit counts in the site's")
            #expect(site["clicks"] as? Int == 6)
        }
    }

    @Test("with longLinks: off, a long link gets a 404 page saying so, and is not counted")
    func longLinksTurnedOff() async throws {
        let server = try await TestServer(site: LongLinkSettingsTests.demo(links: "  longLinks: off\n"))
        let read = try await server.authorization(.read)
        try await server.run(.router) { client in
            for userAgent in [Visitors.desktop, Visitors.android, Visitors.iPhone, Visitors.slack] {
                let response = try await Self.visit(Self.puzzle, as: userAgent, client: client)
                #expect(response.status == .notFound)
                #expect(response["Location"] == nil)
                #expect(response.text.contains("Long links are turned off"), "\(response.text.prefix(400))")
            }
            let resolved = try await client.get("/v1/resolve?opened=true&url=" + JSONText.queryValue("https://go.daily.example.com/?link=\(JSONText.queryValue(Self.puzzle))"))
            #expect(resolved.status == .notFound, "\(resolved.text)")
            #expect(resolved.text.contains("links.longLinks: off"))
            let stats = try await Self.siteStats(client, key: read)
            #expect(Self.longLinks(stats).isEmpty)
            #expect(stats["previews"] as? Int == 0)
        }
    }

    @Test("an app that resolves a long link it was opened with counts a visit under its link; a look-up without opened=true counts nothing",
          arguments: TestDatabase.all)
    func resolvingAnOpenedLongLinkCountsIt(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let read = try await server.authorization(.read)
        try await server.run(.router) { client in
            let url = JSONText.queryValue("https://go.daily.example.com/?link=\(JSONText.queryValue(Self.puzzle))&utm_campaign=winter")
            let lookUp = try await client.get("/v1/resolve?url=\(url)")
            #expect(lookUp.status == .ok, "\(lookUp.text)")
            #expect(try lookUp.json["deepLink"] as? String == Self.puzzle)
            #expect(Self.longLinks(try await Self.siteStats(client, key: read)).isEmpty)

            let opened = try await client.get("/v1/resolve?opened=true&platform=android&url=\(url)")
            #expect(opened.status == .ok, "\(opened.text)")
            let stats = try await Self.siteStats(client, key: read)
            #expect(Self.longLinks(stats).map(\.0) == [Self.puzzle])
            #expect(Self.longLinks(stats).first?.1 == [1, 0])
            #expect((stats["byPlatform"] as? [[String: Any]])?.first { $0["key"] as? String == "android" }?["count"] as? Int == 1)
        }
    }
}
