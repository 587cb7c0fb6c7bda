import Foundation
import Hummingbird
import Testing
@testable import LandfallServer

/// `POST /v1/claims` with a token (a strong match): once, then `token_claimed`; forged,
/// malformed and expired tokens; and 20 concurrent claims of one token giving one match.
@Suite struct ClaimTests {
    @Test("a token is claimed once: again it is none with token_claimed", arguments: ServerCases.all)
    func claimedOnce(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        try await server.run(transport) { client in
            let token = try await client.claimToken(from: "/puzzle/2026-11-19")
            let first = try await client.claim(token: token)
            #expect(first["match"] as? String == "strong")
            let response = try await client.claim(#"{"token": "\#(token)", "platform": "ios"}"#, from: "198.51.100.200")
            #expect(response.status == .ok)
            #expect(response["Cache-Control"]?.contains("no-store") == true)
            #expect(try response.json as NSDictionary == ["match": "none", "reason": "token_claimed", "link": NSNull()] as NSDictionary,
                    "\(response.text)")
        }
    }

    @Test("a well-formed token never issued is none with token_unknown", arguments: ServerCases.all)
    func forgedToken(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        try await server.run(transport) { client in
            _ = try await client.claimToken(from: "/puzzle/2026-11-19")
            for forged in ["lfc_AAAAAAAAAAAAAAAAAAAAAA", "lfc_3q2-7wEjRZ6Qb_pJkLm0xA"] {
                let answer = try await client.claim(token: forged)
                #expect(answer as NSDictionary == ["match": "none", "reason": "token_unknown", "link": NSNull()] as NSDictionary, "\(answer)")
            }
        }
    }

    @Test("malformed claims are 400 invalid_body naming the field", arguments: [
        (#"{"token": "lfc_abc", "platform": "ios"}"#, "token"),
        (#"{"token": "abc_AAAAAAAAAAAAAAAAAAAAAA", "platform": "ios"}"#, "token"),
        (#"{"token": "lfc_AAAAAAAAAAAAAAAAAAAAA!", "platform": "ios"}"#, "token"),
        (#"{"token": 42, "platform": "ios"}"#, "token"),
        (#"{"token": "lfc_AAAAAAAAAAAAAAAAAAAAAA", "platform": "windows"}"#, "platform"),
        (#"{"token": "lfc_AAAAAAAAAAAAAAAAAAAAAA"}"#, "platform"),
        (#"{"token": "lfc_AAAAAAAAAAAAAAAAAAAAAA", "platform": "ios", "device": "x"}"#, "device"),
        (#"{"platform": "ios", "allowWeakMatch": true, "screen": 390}"#, "screen"),
        (#"{"platform": "ios", "allowWeakMatch": "yes"}"#, "allowWeakMatch"),
    ])
    func malformedClaims(body: String, field: String) async throws {
        let server = try await TestServer.readingAddresses(database: .sqlite)
        try await server.run(.router) { client in
            try await client.claim(body).expectAPIError(.badRequest, "invalid_body", field: field)
        }
    }

    @Test("hints that cannot be read as hints are left out: they never cost a token its strong match", arguments: Transport.allCases)
    func oddHintsAreIgnored(transport: Transport) async throws {
        let server = try await TestServer.readingAddresses(database: .sqlite)
        try await server.run(transport) { client in
            let token = try await client.claimToken(from: "/puzzle/2026-11-19")
            let response = try await client.claim(#"{"token": "\#(token)", "platform": "ios", "osVersion": "beta", "language": "?", "screen": "wide"}"#)
            #expect(response.status == .ok, "\(response.text)")
            #expect(try response.json["match"] as? String == "strong", "\(response.text)")
        }
    }

    @Test("a claim with neither a token nor allowWeakMatch true is 400", arguments: [
        #"{"platform": "ios"}"#, #"{"platform": "ios", "allowWeakMatch": false, "osVersion": "18.1"}"#,
    ])
    func nothingToMatch(body: String) async throws {
        let server = try await TestServer.readingAddresses(database: .sqlite)
        try await server.run(.router) { client in
            _ = try await client.claimToken(from: "/puzzle/2026-11-19")
            try await client.claim(body).expectAPIError(.badRequest, "invalid_body")
        }
    }

    @Test("after the claim lifetime (7 days) a token is none with token_expired; a moment before it still matches", arguments: ServerCases.all)
    func expiredToken(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        try await server.run(transport) { client in
            let early = try await client.claimToken(from: "/puzzle/2026-11-19")
            let late = try await client.claimToken(from: "/puzzle/2026-11-18")
            server.clock.advance(by: 7 * 86_400 - 1)
            #expect(try await client.claim(token: early)["match"] as? String == "strong")
            server.clock.advance(by: 1)
            let expired = try await client.claim(token: late)
            #expect(expired as NSDictionary == ["match": "none", "reason": "token_expired", "link": NSNull()] as NSDictionary, "\(expired)")
        }
    }

    @Test("an expired claim is purged with the salts of days gone, after which its token is unknown", arguments: TestDatabase.all)
    func expiredClaimsArePurged(database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        try await server.run(.router) { client in
            let token = try await client.claimToken(from: "/puzzle/2026-11-19")
            try await server.parts.claims.flush()
            server.clock.advance(by: 8 * 86_400)
            // The server's own pass (PurgeService, at start and then every 10 minutes) may take
            // it first once the clock has moved: on PostgreSQL its first pass can come that late.
            let purged = try await server.parts.storage.purgeClaims(expiredBefore: server.clock.now)
            #expect(purged <= 1)
            #expect(try await server.parts.storage.purgeClaims(expiredBefore: server.clock.now) == 0)
            #expect(try await client.claim(token: token)["reason"] as? String == "token_unknown")
        }
    }

    @Test("20 concurrent claims over HTTP of one token: exactly one strong match, 19 token_claimed", .timeLimit(.minutes(10)),
          arguments: TestDatabase.all)
    func concurrentClaims(database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        let key = try await server.authorization()
        try await server.run(.live) { client in
            _ = try await client.createLink(PendingClaimPageTests.newsletterLink, key: key)
            let token = try await client.claimToken(from: "/xmas", host: Demo.links)
            let answers = try await withThrowingTaskGroup(of: (String?, String?).self) { group in
                for index in 0..<20 {
                    group.addTask {
                        try await client.onNewConnection { connection in
                            let answer = try await connection.claim(token: token, from: "198.51.100.\(index + 1)")
                            return (answer["match"] as? String, answer["reason"] as? String)
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.filter { $0.0 == "strong" }.count == 1, "\(answers)")
            #expect(answers.filter { $0.0 == "none" && $0.1 == "token_claimed" }.count == 19, "\(answers)")

            // One install in the statistics.
            let stats = try await client.get("/v1/stats", headers: key)
            #expect(try stats.json["installs"] as? Int == 1, "\(stats.text)")
        }
    }
}
