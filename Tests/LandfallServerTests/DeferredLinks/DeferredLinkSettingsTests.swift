import Foundation
import Hummingbird
import Testing
@testable import LandfallServer

/// A site's `deferredLinks:` section decides how long a claim lives and how old it may be for
/// a weak match; without `invitations:` there are no invitation URLs.
@Suite struct DeferredLinkSettingsTests {
    /// A site of its own with a 10-minute weak-match window and claims that live 2 hours, and
    /// no `invitations:` section.
    static func site() throws -> TemporarySite {
        try TemporarySite(TemporarySite.configuration(routes: """
              - name: puzzle
                pattern: /puzzle/:date
                page:
                  title: "Puzzle {date}"
            """) + """


            deferredLinks:
              weakMatchWindow: 10m
              claimLifetime: 2h
            """)
    }

    static let iPhone: HTTPFields = [.userAgent: Visitors.iPhone]

    @Test("the configured claim lifetime holds: after 2 hours a token is token_expired", arguments: TestDatabase.all)
    func claimLifetime(database: TestDatabase) async throws {
        let site = try Self.site()
        defer { site.remove() }
        let server = try await TestServer.readingAddresses(site: site.source, database: database)
        try await server.run(.router) { client in
            let early = try await client.claimToken(from: "/puzzle/1", host: TemporarySite.host)
            let late = try await client.claimToken(from: "/puzzle/2", host: TemporarySite.host)
            server.clock.advance(by: 2 * 3600 - 1)
            #expect(try await client.claim(token: early, host: TemporarySite.host)["match"] as? String == "strong")
            server.clock.advance(by: 1)
            #expect(try await client.claim(token: late, host: TemporarySite.host)["reason"] as? String == "token_expired")
        }
    }

    @Test("the configured weak-match window holds: 10 minutes, not the default hour", arguments: TestDatabase.all)
    func weakMatchWindow(database: TestDatabase) async throws {
        let site = try Self.site()
        defer { site.remove() }
        let server = try await TestServer.readingAddresses(site: site.source, database: database)
        try await server.run(.router) { client in
            let weak = #"{"platform": "ios", "osVersion": "18.1", "allowWeakMatch": true}"#
            _ = try await client.claimToken(from: "/puzzle/1", host: TemporarySite.host)
            server.clock.advance(by: 599)
            let inside = try await client.claim(weak, host: TemporarySite.host)
            #expect(try inside.json["match"] as? String == "weak", "\(inside.text)")
            #expect(try inside.json[path: "link.url"] as? String == "https://puzzles.example.com/puzzle/1")

            _ = try await client.claimToken(from: "/puzzle/2", host: TemporarySite.host)
            server.clock.advance(by: 601)
            let outside = try await client.claim(weak, host: TemporarySite.host)
            #expect(try outside.json["reason"] as? String == "no_match", "\(outside.text)")
        }
    }

    @Test("without invitations: in the site, invitations have url null", arguments: TestDatabase.all)
    func noInvitationRoute(database: TestDatabase) async throws {
        let site = try Self.site()
        defer { site.remove() }
        let server = try await TestServer(site: site.source, database: database)
        let key = try await server.authorization()
        try await server.run(.router) { client in
            let batch = try await client.createInvitations(#"{"count": 2}"#, key: key, host: TemporarySite.host)
            #expect(batch.invitations.allSatisfy { $0["url"] is NSNull }, "\(batch.invitations)")
            let csv = try await client.get("/v1/invites?format=csv", host: TemporarySite.host, headers: key)
            #expect(csv.text.split(separator: "\n").dropFirst().allSatisfy { $0.hasPrefix("\(String($0.prefix(17))),,") }, "\(csv.text)")
            #expect(try await client.redeem(try #require(batch.codes.first), host: TemporarySite.host).status == .ok, "redemption needs no page")
        }
    }
}
