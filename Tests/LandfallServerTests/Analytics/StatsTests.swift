import Foundation
import Hummingbird
import Testing
@testable import LandfallServer

/// `GET /v1/stats` and `GET /v1/links/{id}/stats`: clicks, installs (claims) and opens (app
/// events) per day, platform, referrer and campaign, with the funnel; the `from`, `to` and
/// `campaign` filters; CSV.
@Suite struct StatsTests {
    /// What happened in the tests' story, on 2026-11-20 (the server's clock stands at 17:00 UTC).
    struct Story {
        let linkID: String
        let code: String
    }

    /// A newsletter link followed from a desktop (with a referrer), an iPhone that installs
    /// and opens twice, and Slack's preview; a route page claimed without a link; an
    /// invitation of the campaign `beta` redeemed.
    static func tell(_ client: ServerClient, key: HTTPFields) async throws -> Story {
        let link = try await client.createLink(PendingClaimPageTests.newsletterLink, key: key)
        var referred = PublicClient.headers(userAgent: Visitors.desktop)
        referred[.referer] = "https://news.example.org/today"
        #expect(try await client.get("/xmas", host: Demo.links, headers: referred).status == .found)
        let token = try await client.claimToken(from: "/xmas", host: Demo.links)
        #expect(try await client.landingPage("/xmas", host: Demo.links, as: Visitors.slack).response.status == .ok)
        #expect(try await client.claim(token: token)["match"] as? String == "strong")
        let events = EventsTests.batch([
            EventsTests.event(type: "first_open", extra: #", "linkID": "\#(link.id)""#),
            EventsTests.event(type: "open", at: "2026-11-20T16:59:40Z", extra: #", "linkID": "\#(link.id)""#),
        ])
        #expect(try await client.report(events).status == .ok)

        let pageToken = try await client.claimToken(from: "/puzzle/2026-11-19", address: "198.51.100.9")
        #expect(try await client.claim(token: pageToken)["match"] as? String == "strong")
        let code = try await client.createInvitation(#"{"count": 1, "campaign": "beta"}"#, key: key)
        #expect(try await client.redeem(code, platform: "android").status == .ok)
        return Story(linkID: link.id, code: code)
    }

    /// The buckets of `list` as key: [count, installs, opens].
    static func buckets(_ list: Any?) -> [String: [Int]] {
        var buckets: [String: [Int]] = [:]
        for bucket in list as? [[String: Any]] ?? [] {
            guard let key = bucket["key"] as? String else { continue }
            buckets[key] = [bucket["count"] as? Int ?? -1, bucket["installs"] as? Int ?? -1, bucket["opens"] as? Int ?? -1]
        }
        return buckets
    }

    @Test("a link's statistics have its clicks, previews, installs and opens, the funnel, and every breakdown", arguments: ServerCases.all)
    func linkFunnel(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        let key = try await server.authorization()
        let read = try await server.authorization(.read, name: "dashboard")
        try await server.run(transport) { client in
            let story = try await Self.tell(client, key: key)
            let stats = try await client.stats(of: story.linkID, key: read)
            #expect(stats["linkID"] as? String == story.linkID)
            #expect(stats["clicks"] as? Int == 2, "\(stats)")
            #expect(stats["previews"] as? Int == 1)
            #expect(stats["installs"] as? Int == 1)
            #expect(stats["opens"] as? Int == 2)
            #expect(stats["funnel"] as? NSDictionary == ["clicks": 2, "installs": 1, "opens": 2] as NSDictionary)
            #expect(stats["installsByMatch"] as? NSDictionary == ["strong": 1, "weak": 0] as NSDictionary)
            #expect(stats["events"] as? NSDictionary == ["click": 2, "open": 1, "first_open": 1, "claim": 1, "redemption": 0] as NSDictionary,
                    "\(stats["events"] ?? "none")")
            #expect(Self.buckets(stats["byDay"]) == ["2026-11-20": [2, 1, 2]])
            #expect(Self.buckets(stats["byCampaign"]) == ["winter-league": [2, 1, 2]])
            let platforms = Self.buckets(stats["byPlatform"])
            #expect(platforms["ios"] == [1, 1, 2], "\(platforms)")
            #expect(platforms["desktop"] == [1, 0, 0], "\(platforms)")
            #expect(platforms["crawler"] == [1, 0, 0], "previews appear as the platform crawler: \(platforms)")
            let referrers = Self.buckets(stats["byReferrer"])
            #expect(referrers["news.example.org"] == [1, 0, 0], "\(referrers)")
            #expect(referrers[""]?[0] == 1, "\(referrers)")
        }
    }

    @Test("the site's statistics add installs and opens that followed no link, and redemptions", arguments: ServerCases.all)
    func siteFunnel(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            _ = try await Self.tell(client, key: key)
            let response = try await client.get("/v1/stats", headers: key)
            #expect(response.status == .ok, "\(response.text)")
            let stats = try response.json
            #expect(stats["linkID"] == nil, "the site's statistics are of no one link")
            #expect(stats["funnel"] as? NSDictionary == ["clicks": 2, "installs": 2, "opens": 2] as NSDictionary, "\(response.text)")
            #expect(stats["installsByMatch"] as? NSDictionary == ["strong": 2, "weak": 0] as NSDictionary)
            #expect(stats["events"] as? NSDictionary == ["click": 2, "open": 1, "first_open": 1, "claim": 2, "redemption": 1] as NSDictionary,
                    "\(stats["events"] ?? "none")")
            #expect(Self.buckets(stats["byDay"])["2026-11-20"] == [2, 2, 2])
            let campaigns = Self.buckets(stats["byCampaign"])
            #expect(campaigns["winter-league"] == [2, 1, 2], "\(campaigns)")

            try await client.get("/v1/stats").expectAPIError(.unauthorized, "unauthorized")
        }
    }

    @Test("from, to and campaign narrow the statistics; a click of another day is in its own bucket", arguments: ServerCases.all)
    func filters(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let story = try await Self.tell(client, key: key)
            server.clock.set("2026-11-21T12:00:00Z")
            #expect(try await client.get("/xmas", host: Demo.links, headers: PublicClient.headers(userAgent: Visitors.desktop)).status == .found)

            let both = try await client.stats(of: story.linkID, key: key)
            #expect((both["byDay"] as? [[String: Any]])?.compactMap { $0["key"] as? String } == ["2026-11-20", "2026-11-21"])
            #expect(both["clicks"] as? Int == 3)

            func funnel(_ query: String, link: Bool = false) async throws -> NSDictionary? {
                let path = link ? "/v1/links/\(story.linkID)/stats?\(query)" : "/v1/stats?\(query)"
                let response = try await client.get(path, headers: key)
                try #require(response.status == .ok, "\(query): \(response.text)")
                return try response.json["funnel"] as? NSDictionary
            }
            #expect(try await funnel("from=2026-11-21") == ["clicks": 1, "installs": 0, "opens": 0] as NSDictionary)
            #expect(try await funnel("to=2026-11-20") == ["clicks": 2, "installs": 2, "opens": 2] as NSDictionary)
            #expect(try await funnel("from=2026-11-20&to=2026-11-20", link: true) == ["clicks": 2, "installs": 1, "opens": 2] as NSDictionary)
            #expect(try await funnel("from=2026-11-22") == ["clicks": 0, "installs": 0, "opens": 0] as NSDictionary)
            #expect(try await funnel("campaign=winter-league") == ["clicks": 3, "installs": 1, "opens": 2] as NSDictionary)
            #expect(try await funnel("campaign=autumn") == ["clicks": 0, "installs": 0, "opens": 0] as NSDictionary)
            let beta = try await client.get("/v1/stats?campaign=beta", headers: key)
            #expect(try beta.json[path: "events.redemption"] as? Int == 1, "\(beta.text)")
            #expect(try beta.json["clicks"] as? Int == 0)
        }
    }

    @Test("bad from and to are 400 naming them", arguments: [
        ("from=2026-13-01", "from"), ("from=yesterday", "from"), ("to=2026-11-2", "to"), ("from=2026-11-21&to=2026-11-20", "from"),
    ])
    func badFilters(query: String, field: String) async throws {
        let server = try await TestServer()
        let key = try await server.authorization(.read)
        try await server.run(.router) { client in
            try await client.get("/v1/stats?\(query)", headers: key).expectAPIError(.badRequest, "invalid_body", field: field)
            let link = try await client.createLink(key: try await server.authorization())
            try await client.get("/v1/links/\(link.id)/stats?\(query)", headers: key).expectAPIError(.badRequest, "invalid_body", field: field)
        }
    }

    @Test("the CSV has the documented header and one sorted row per day, type, platform, referrer, campaign and detail",
          arguments: ServerCases.all)
    func csv(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let story = try await Self.tell(client, key: key)
            var accept = key
            accept[.accept] = "text/csv"
            for (path, headers) in [("/v1/links/\(story.linkID)/stats?format=csv", key), ("/v1/links/\(story.linkID)/stats", accept)] {
                let response = try await client.get(path, headers: headers)
                #expect(response.status == .ok)
                #expect(response["Content-Type"]?.hasPrefix("text/csv") == true, "\(response.headersOtherThanIDAndDate)")
                let lines = response.text.split(separator: "\n").map { $0.trimmingCharacters(in: .init(charactersIn: "\r")) }
                #expect(lines == [
                    "day,type,platform,referrer,campaign,detail,count",
                    "2026-11-20,claim,ios,,winter-league,strong,1",
                    "2026-11-20,click,crawler,,winter-league,,1",
                    "2026-11-20,click,desktop,news.example.org,winter-league,,1",
                    "2026-11-20,click,ios,,winter-league,,1",
                    "2026-11-20,first_open,ios,,winter-league,,1",
                    "2026-11-20,open,ios,,winter-league,,1",
                ], "\(response.text)")
            }
            let site = try await client.get("/v1/stats?format=csv", headers: key)
            let lines = site.text.split(separator: "\n").map { $0.trimmingCharacters(in: .init(charactersIn: "\r")) }
            #expect(lines.first == "day,type,platform,referrer,campaign,detail,count")
            #expect(lines.contains("2026-11-20,redemption,android,,beta,\(story.code.replacingOccurrences(of: "-", with: "")),1")
                    || lines.contains("2026-11-20,redemption,android,,beta,\(story.code),1"), "\(site.text)")
            #expect(lines.contains("2026-11-20,claim,ios,,,strong,1"), "\(site.text)")
            #expect(lines.dropFirst() == lines.dropFirst().sorted()[...], "sorted: \(site.text)")
        }
    }
}
