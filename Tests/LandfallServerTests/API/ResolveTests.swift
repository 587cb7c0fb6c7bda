import Foundation
import Hummingbird
import Testing
@testable import LandfallServer

/// `GET /v1/resolve?url=…`: what the app asks when a short link opened it directly.
@Suite struct ResolveTests {
    static let puzzle = "https://daily.example.com/puzzle/2026-11-20"

    /// `GET /v1/resolve` for `url`, with `extra` query parameters and no API key.
    static func resolve(_ url: String, extra: String = "", headers: HTTPFields = [:], client: ServerClient) async throws -> ServedResponse {
        try await client.get("/v1/resolve?url=\(JSONText.queryValue(url))\(extra)", host: Demo.links, headers: headers)
    }

    @Test("a short link resolves to its deep link, data, campaign and id, without a key, and counts as a click", arguments: ServerCases.all)
    func shortLink(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let link = try await client.createLink("""
                {"target": "\(Self.puzzle)", "slug": "opened", "data": {"referrer": "ada"},
                 "campaign": {"source": "newsletter", "name": "winter-league"}}
                """, key: key)
            let response = try await Self.resolve("https://go.daily.example.com/opened", extra: "&platform=ios&opened=true", client: client)
            #expect(response.status == .ok, "\(response.text)")
            #expect(response["Content-Type"]?.hasPrefix("application/json") == true)
            let json = try response.json
            #expect(json["url"] as? String == "https://go.daily.example.com/opened")
            #expect(json["deepLink"] as? String == Self.puzzle)
            #expect(json["data"] as? [String: String] == ["referrer": "ada"])
            #expect(json[path: "campaign.source"] as? String == "newsletter")
            #expect(json[path: "campaign.name"] as? String == "winter-league")
            #expect(json[path: "campaign.medium"] is NSNull)
            #expect(json["id"] as? String == link.id)

            let android = try await Self.resolve("https://go.daily.example.com/opened", extra: "&platform=android&opened=true", client: client)
            #expect(android.status == .ok)
            let byAgent = try await Self.resolve("https://go.daily.example.com/opened", extra: "&opened=true", headers: [.userAgent: Visitors.iPhone], client: client)
            #expect(byAgent.status == .ok)

            let stats = try await client.stats(of: link.id, key: key)
            #expect(stats["clicks"] as? Int == 3)
            #expect(LinksAPITests.buckets(stats["byPlatform"]) == ["ios: 2", "android: 1"])
        }
    }

    @Test("without opened=true a resolution only looks the link up: no click is counted and no maxClicks taken; a bad opened is 400", arguments: TestDatabase.all)
    func aLookUpCountsNothing(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(.router) { client in
            let link = try await client.createLink(#"{"target": "\#(Self.puzzle)", "slug": "looked", "maxClicks": 1}"#, key: key)
            for extra in ["", "&platform=ios", "&opened=false", "&opened=FALSE&platform=android"] {
                #expect(try await Self.resolve("https://go.daily.example.com/looked", extra: extra, client: client).status == .ok, "\(extra)")
            }
            try await server.parts.clicks.flush()
            #expect(try await client.stats(of: link.id, key: key)["clicks"] as? Int == 0)
            #expect(try await Self.resolve("https://go.daily.example.com/looked", extra: "&opened=true", client: client).status == .ok)
            try await Self.resolve("https://go.daily.example.com/looked", extra: "&opened=yes", client: client).expectAPIError(.badRequest, "invalid_body", field: "opened")
            try await Self.resolve("https://go.daily.example.com/?link=\(Self.puzzle)", extra: "&opened=2", client: client).expectAPIError(.badRequest, "invalid_body", field: "opened")
        }
    }

    @Test("resolve is answered on every host of the site, and http or upper-case hosts name the same link", arguments: TestDatabase.all)
    func spellings(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(.router) { client in
            let link = try await client.createLink(slug: "spelled", key: key)
            for host in [Demo.links, Demo.site] {
                for url in ["https://go.daily.example.com/spelled", "http://go.daily.example.com/spelled", "https://GO.daily.example.com/spelled"] {
                    let response = try await client.get("/v1/resolve?url=\(JSONText.queryValue(url))", host: host)
                    #expect(response.status == .ok, "\(url) on \(host): \(response.text)")
                    #expect(try response.json["id"] as? String == link.id)
                }
            }
        }
    }

    @Test("a Firebase Dynamic Links long link resolves to its link, with no id", arguments: ServerCases.all)
    func longLink(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        try await server.run(transport) { client in
            let long = "https://go.daily.example.com/?link=https%3A%2F%2Fdaily.example.com%2Fpuzzle%2F2026-11-20&apn=com.example.dailypuzzle&isi=1234567890&utm_source=fdl&utm_campaign=migration"
            let response = try await Self.resolve(long, client: client)
            #expect(response.status == .ok, "\(response.text)")
            let json = try response.json
            #expect(json["url"] as? String == long)
            #expect(json["deepLink"] as? String == Self.puzzle)
            #expect(json["data"] as? [String: String] == [:])
            #expect(json[path: "campaign.source"] as? String == "fdl")
            #expect(json[path: "campaign.name"] as? String == "migration")
            #expect(json["id"] == nil, "the contract: id is absent for a long link (not null): \(response.text)")
        }
    }

    @Test("an unknown slug answers 404, a gone link 410", arguments: ServerCases.all)
    func unknownAndGone(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            try await Self.resolve("https://go.daily.example.com/nothing", client: client).expectAPIError(.notFound, "not_found")
            try await Self.resolve("https://go.daily.example.com/a%2Fb", client: client).expectAPIError(.notFound, "not_found")
            let off = try await client.createLink(#"{"target": "\#(Self.puzzle)", "slug": "off", "disabled": true}"#, key: key)
            try await Self.resolve("https://go.daily.example.com/off", client: client).expectAPIError(.gone, "gone")
            _ = try await client.createLink(#"{"target": "\#(Self.puzzle)", "slug": "brief", "expiresAt": "2026-11-20T17:00:01Z"}"#, key: key)
            server.clock.advance(by: 1)
            try await Self.resolve("https://go.daily.example.com/brief", client: client).expectAPIError(.gone, "gone")
            _ = try await client.createLink(#"{"target": "\#(Self.puzzle)", "slug": "once", "maxClicks": 1}"#, key: key)
            #expect(try await Self.resolve("https://go.daily.example.com/once", extra: "&platform=ios&opened=true", client: client).status == .ok)
            try await Self.resolve("https://go.daily.example.com/once", extra: "&platform=ios&opened=true", client: client).expectAPIError(.gone, "gone")
            try await Self.resolve("https://go.daily.example.com/once", client: client).expectAPIError(.gone, "gone")
            #expect(try await client.stats(of: off.id, key: key)["clicks"] as? Int == 0)
        }
    }

    @Test("a URL that is not a link of the link host, or none, answers 400 naming url", arguments: [
        "https://daily.example.com/puzzle/2026-11-20", "https://evil.example.net/abc", "ftp://go.daily.example.com/abc",
        "go.daily.example.com/abc", "not a url", "https://go.daily.example.com.evil.example.net/abc",
    ])
    func notOurs(url: String) async throws {
        for database in TestDatabase.all {
            let server = try await TestServer(database: database)
            try await server.run(.router) { client in
                try await Self.resolve(url, client: client).expectAPIError(.badRequest, "invalid_body", field: "url")
            }
        }
    }

    @Test("resolve without url answers 400 naming url", arguments: ServerCases.all)
    func missingURL(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        try await server.run(transport) { client in
            for path in ["/v1/resolve", "/v1/resolve?url=", "/v1/resolve?link=https://go.daily.example.com/abc"] {
                try await client.get(path, host: Demo.links).expectAPIError(.badRequest, "invalid_body", field: "url")
            }
        }
    }

    @Test("a long link whose link is refused answers 400, never a deep link", arguments: TestDatabase.all)
    func hostileLongLink(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        try await server.run(.router) { client in
            let long = "https://go.daily.example.com/?link=https%3A%2F%2Fevil.example.net%2F&apn=com.example.dailypuzzle"
            let response = try await Self.resolve(long, client: client)
            #expect(response.status == .badRequest)
            #expect(response.errorCode.map(ContractErrorCodes.all.contains) == true, "\(response.text)")
            #expect(!response.text.contains("\"deepLink\""))
        }
    }
}
