import Foundation
import Hummingbird
@testable import LandfallServer
import Testing

/// `POST /v1/invites/redeem`, public: each outcome with its documented code and status,
/// codes typed carelessly, throttled guessing audited (the throttle itself: ``GuessThrottleTests``),
/// and N concurrent redemptions of a code with K uses giving exactly K successes.
@Suite struct RedemptionTests {
    static func guardedServer(_ database: TestDatabase) async throws -> TestServer {
        try await TestServer.readingAddresses(database: database) { $0.inviteGuessLimits = GuessThrottleTests.smallLimits }
    }

    @Test("a code is redeemed until its uses are spent; the answer has the code as written, the uses left and the campaign",
          arguments: ServerCases.all)
    func redeemUntilUsedUp(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let code = try await client.createInvitation(#"{"count": 1, "uses": 2, "campaign": "beta"}"#, key: key)
            let first = try await client.redeem(code, platform: "ios")
            #expect(first.status == .ok, "\(first.text)")
            #expect(try first.json as NSDictionary == ["code": code, "usesLeft": 1, "campaign": "beta"] as NSDictionary, "\(first.text)")
            let second = try await client.redeem(code, platform: "android")
            #expect(try second.json["usesLeft"] as? Int == 0)
            try await client.redeem(code).expectAPIError(.gone, "invite_used_up", field: "code")

            let plain = try await client.createInvitation(key: key)
            let answer = try await client.redeem(plain)
            #expect(try answer.json["campaign"] is NSNull, "\(answer.text)")
            let stored = try await client.get("/v1/invites/\(code)", headers: key)
            #expect(try stored.json["status"] as? String == "used_up")
            #expect(try stored.json["redeemed"] as? Int == 2)
        }
    }

    /// Ways people type a code they were given.
    enum Spelling: String, CaseIterable, Sendable {
        case lowercase, spaces, noDashes, spacedAround, enDashes

        func apply(to code: String) -> String {
            switch self {
            case .lowercase: code.lowercased()
            case .spaces: code.replacingOccurrences(of: "-", with: " ")
            case .noDashes: code.replacingOccurrences(of: "-", with: "").lowercased()
            case .spacedAround: "  " + code.lowercased().replacingOccurrences(of: "-", with: " - ") + " "
            case .enDashes: code.replacingOccurrences(of: "-", with: "\u{2013}")
            }
        }
    }

    @Test("a code typed in lowercase, with spaces, without dashes or with a word processor's dashes is redeemed",
          arguments: Spelling.allCases)
    func carelessTyping(spelling: Spelling) async throws {
        let server = try await TestServer.readingAddresses(database: .sqlite)
        let key = try await server.authorization()
        try await server.run(.router) { client in
            let code = try await client.createInvitation(key: key)
            let response = try await client.redeem(spelling.apply(to: code))
            #expect(response.status == .ok, "\(spelling.apply(to: code)): \(response.text)")
            #expect(try response.json["code"] as? String == code)
        }
    }

    @Test("every refusal has its own documented code and status", arguments: ServerCases.all)
    func refusals(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let revoked = try await client.createInvitation(#"{"count": 1, "uses": 3}"#, key: key)
            _ = try await client.execute("/v1/invites/\(revoked)/revoke", method: .post, headers: key)
            let usedUp = try await client.createInvitation(#"{"count": 1}"#, key: key)
            #expect(try await client.redeem(usedUp).status == .ok)
            let expired = try await client.createInvitation(#"{"count": 1, "expiresAt": "2026-11-21T00:00:00Z"}"#, key: key)
            let stillValid = try await client.get("/v1/invites/\(expired)", headers: key)
            #expect(try stillValid.json["status"] as? String == "active")
            server.clock.set("2026-11-21T00:00:00Z")

            try await client.redeem(revoked).expectAPIError(.gone, "invite_revoked", field: "code")
            try await client.redeem(expired).expectAPIError(.gone, "invite_expired", field: "code")
            try await client.redeem(usedUp).expectAPIError(.gone, "invite_used_up", field: "code")
            try await client.redeem(InvitationCodes.unknown(3), from: "198.51.100.2").expectAPIError(.notFound, "invite_unknown", field: "code")
            try await client.redeem("7KQ2M-X4P9T-HCW3", from: "198.51.100.3").expectAPIError(.badRequest, "invite_code_malformed", field: "code")
            try await client.redeem("7KQ2M-X4P0T-HCW3R", from: "198.51.100.4").expectAPIError(.badRequest, "invite_code_malformed", field: "code")
            try await client.redeem("", from: "198.51.100.5").expectAPIError(.badRequest, "invite_code_malformed", field: "code")

            // A malformed body is not a code problem.
            try await client.execute("/v1/invites/redeem", method: .post, headers: PublicClient.headers(), body: #"{"platform": "ios"}"#)
                .expectAPIError(.badRequest, "invalid_body", field: "code")
            try await client.execute("/v1/invites/redeem", method: .post, headers: PublicClient.headers(),
                                     body: #"{"code": "\#(revoked)", "platform": "windows"}"#)
                .expectAPIError(.badRequest, "invalid_body", field: "platform")
            try await client.execute("/v1/invites/redeem", method: .get, headers: PublicClient.headers())
                .expectAPIError(.methodNotAllowed, "method_not_allowed")
        }
    }

    @Test("refused and throttled attempts are in the audit log with their reason and a hashed address", arguments: ServerCases.all)
    func throttlingIsAudited(transport: Transport, database: TestDatabase) async throws {
        let server = try await Self.guardedServer(database)
        let key = try await server.authorization(.read)
        try await server.run(transport) { client in
            let guesser = "203.0.113.99"
            try await client.redeem("lol", from: guesser).expectAPIError(.badRequest, "invite_code_malformed")
            server.clock.advance(by: 1)
            let unknown = InvitationCodes.unknown(7, prefix: "2345")
            try await client.redeem(unknown.lowercased(), from: guesser).expectAPIError(.notFound, "invite_unknown")
            server.clock.advance(by: 1)
            try await client.redeem(InvitationCodes.unknown(8, prefix: "2346"), from: guesser).expectAPIError(.notFound, "invite_unknown")
            server.clock.advance(by: 1)
            try await client.redeem(InvitationCodes.unknown(9, prefix: "2347"), from: guesser).expectAPIError(.tooManyRequests, "invite_rate_limited")
            // Two more failures from elsewhere spend the instance's budget of five.
            for index in 0..<2 {
                _ = try await client.redeem(InvitationCodes.unknown(300 + index, prefix: "9999"), from: "198.51.100.\(100 + index)")
            }
            server.clock.advance(by: 1)
            try await client.redeem(InvitationCodes.unknown(400, prefix: "9999"), from: "198.51.100.200")
                .expectAPIError(.tooManyRequests, "invite_rate_limited")

            let entries = try #require(try await client.get("/v1/invites/audit", headers: key).json["entries"] as? [[String: Any]])
            func entry(_ action: String, _ reason: String, code: String? = nil) -> [String: Any]? {
                entries.first { entry in
                    entry["action"] as? String == action && entry["reason"] as? String == reason
                        && (code == nil || InvitationCodes.symbols(entry["code"]) == InvitationCodes.symbols(code))
                }
            }
            let malformed = try #require(entry("refused", "malformed"), "\(entries)")
            #expect(malformed["code"] as? String == "lol", "a malformed code as entered")
            let refused = try #require(entry("refused", "unknown", code: unknown), "a code that parses is written normalized: \(entries)")
            let byAddress = try #require(entry("throttled", "address"), "\(entries)")
            #expect(InvitationCodes.symbols(byAddress["code"]) == InvitationCodes.symbols(InvitationCodes.unknown(9, prefix: "2347")))
            let byGlobal = try #require(entry("throttled", "global"), "\(entries)")
            #expect(InvitationCodes.symbols(byGlobal["code"]) == InvitationCodes.symbols(InvitationCodes.unknown(400, prefix: "9999")))
            let hash = try #require(refused["addressHash"] as? String)
            #expect(hash.count == 32 && hash.allSatisfy(\.isHexDigit))
            #expect(malformed["addressHash"] as? String == hash)
            #expect(byAddress["addressHash"] as? String == hash)
            #expect(byGlobal["addressHash"] as? String != hash)
            #expect(entries.filter { $0["action"] as? String == "refused" }.count == 5, "\(entries.map { $0["action"] ?? "" })")
        }
    }

    @Test("40 concurrent redemptions over HTTP of a code with 6 uses: exactly 6 succeed and 34 are invite_used_up",
          .timeLimit(.minutes(10)), arguments: TestDatabase.all)
    func concurrentRedemptions(database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        let key = try await server.authorization()
        try await server.run(.live) { client in
            let code = try await client.createInvitation(#"{"count": 1, "uses": 6}"#, key: key)
            let outcomes = try await withThrowingTaskGroup(of: (HTTPResponse.Status, String?, Int?).self) { group in
                for index in 0..<40 {
                    group.addTask {
                        try await client.onNewConnection { connection in
                            let response = try await connection.redeem(index.isMultiple(of: 2) ? code : code.lowercased(),
                                                                        from: "198.51.100.\(index + 1)")
                            return (response.status, response.errorCode, try? response.json["usesLeft"] as? Int)
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let successes = outcomes.filter { $0.0 == .ok }
            #expect(successes.count == 6, "\(outcomes.map { "\($0.0.code) \($0.1 ?? "")" })")
            #expect(Set(successes.compactMap(\.2)) == Set(0..<6), "each success left one use fewer")
            #expect(outcomes.filter { $0.0 == .gone && $0.1 == "invite_used_up" }.count == 34,
                    "\(outcomes.filter { $0.0 != .ok && $0.1 != "invite_used_up" }.map { "\($0.0.code) \($0.1 ?? "")" })")

            let stored = try await client.get("/v1/invites/\(code)", headers: key)
            #expect(try stored.json["redeemed"] as? Int == 6)
            #expect(try stored.json["usesLeft"] as? Int == 0)
            let audit = try #require(try await client.get("/v1/invites/audit?limit=100", headers: key).json["entries"] as? [[String: Any]])
            #expect(audit.filter { $0["action"] as? String == "redeemed" }.count == 6)
            #expect(audit.filter { $0["action"] as? String == "refused" && $0["reason"] as? String == "used_up" }.count == 34)
        }
    }
}
