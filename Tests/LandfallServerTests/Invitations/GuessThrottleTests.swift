import Foundation
import Hummingbird
@testable import LandfallServer
import Testing

/// The invitation-guess throttle (issue 15, finding 4): only answers about codes that do not
/// exist (unknown or malformed) are throttled, per guessing address and in one budget for all
/// addresses of the instance; a code that exists is always looked up and answered, whoever asks.
@Suite struct GuessThrottleTests {
    /// Guess limits small enough to reach in a test and slow enough that no failure is
    /// forgiven during one: 3 failures per address, 5 from all addresses together, then one
    /// every 1000 seconds.
    static let smallLimits = GuessLimits(perAddress: RateLimit(requestsPerSecond: 0.001, burst: 3),
                                         global: RateLimit(requestsPerSecond: 0.001, burst: 5))

    /// The headers of an invitation page seen by a desktop browser at `address`.
    static func pageHeaders(from address: String) -> HTTPFields {
        var headers: HTTPFields = [.userAgent: Visitors.desktop]
        headers[.init("X-Forwarded-For")!] = address
        return headers
    }

    @Test("30 wrong guesses sharing a real code's first four symbols, from three addresses, leave the real code redeemable by anyone",
          arguments: ServerCases.all)
    func guessesAroundARealCodeDoNotLockItOut(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)   // the default limits
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let real = try await client.createInvitation(#"{"count": 1, "uses": 5}"#, key: key)
            let guessers = ["203.0.113.21", "203.0.113.22", "203.0.113.23"]
            for index in 0..<30 {
                let guess = InvitationCodes.unknown(1000 + index, prefix: String(real.prefix(4)))
                try #require(guess != real)
                try await client.redeem(guess, from: guessers[index % 3]).expectAPIError(.notFound, "invite_unknown")
            }
            let stranger = try await client.redeem(real, from: "198.51.100.7")
            #expect(stranger.status == .ok, "someone else on the instance: \(stranger.text)")
            let neighbour = try await client.redeem(real, from: guessers[0])
            #expect(neighbour.status == .ok, "someone behind a guesser's address: \(neighbour.text)")
            #expect(try neighbour.json["usesLeft"] as? Int == 3)
            let page = try await client.get("/invites/\(real)", headers: Self.pageHeaders(from: guessers[1]))
            #expect(page.status == .ok, "the real code's page, from a guesser's address: \(page.status)")
        }
    }

    @Test("once a guesser's address has failed too often, its unknown and malformed codes answer 429 with Retry-After, and a neighbour at the same address still redeems a real code",
          arguments: ServerCases.all)
    func aNeighbourOfAGuesserRedeems(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database) { $0.inviteGuessLimits = Self.smallLimits }
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let real = try await client.createInvitation(#"{"count": 1, "uses": 5}"#, key: key)
            let revoked = try await client.createInvitation(key: key)
            _ = try await client.execute("/v1/invites/\(revoked)/revoke", method: .post, headers: key)
            let address = "203.0.113.66"
            // Three failures use up the address: two unknown codes and one malformed.
            try await client.redeem(InvitationCodes.unknown(10, prefix: "2222"), from: address).expectAPIError(.notFound, "invite_unknown")
            try await client.redeem(InvitationCodes.unknown(11, prefix: "3333"), from: address).expectAPIError(.notFound, "invite_unknown")
            try await client.redeem("ABC", from: address).expectAPIError(.badRequest, "invite_code_malformed")

            for guess in [InvitationCodes.unknown(12, prefix: "4444"), "ABCD"] {
                let limited = try await client.redeem(guess, from: address)
                limited.expectAPIError(.tooManyRequests, "invite_rate_limited")
                let retryAfter = try #require(limited["Retry-After"].flatMap { Int($0) }, "\(guess): \(limited.headersOtherThanIDAndDate)")
                #expect(retryAfter >= 1)
            }
            let page = try await client.get("/invites/\(InvitationCodes.unknown(13, prefix: "5555"))", headers: Self.pageHeaders(from: address))
            #expect(page.status == .tooManyRequests)
            #expect(page["Retry-After"] != nil, "\(page.headersOtherThanIDAndDate)")

            let neighbour = try await client.redeem(real.lowercased(), from: address)
            #expect(neighbour.status == .ok, "a real code is answered whoever asks: \(neighbour.text)")
            #expect(try neighbour.json["usesLeft"] as? Int == 4)
            try await client.redeem(revoked, from: address).expectAPIError(.gone, "invite_revoked", field: "code")
            let realPage = try await client.get("/invites/\(real)", headers: Self.pageHeaders(from: address))
            #expect(realPage.status == .ok, "\(realPage.status)")
            // Still throttled: the real codes took nothing from the budget and gave nothing back.
            try await client.redeem(InvitationCodes.unknown(14, prefix: "6666"), from: address)
                .expectAPIError(.tooManyRequests, "invite_rate_limited")
        }
    }

    @Test("failures from many addresses, each under its own limit, use up the instance's budget: unknown codes then answer 429 from a fresh address, real codes still redeem",
          arguments: ServerCases.all)
    func manyAddressesUseUpTheGlobalBudget(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database) { $0.inviteGuessLimits = Self.smallLimits }
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let real = try await client.createInvitation(#"{"count": 1, "uses": 5}"#, key: key)
            // Five failures, each from a new address and on a code of its own beginning.
            for index in 0..<5 {
                try await client.redeem(InvitationCodes.unknown(100 + index, prefix: "2\(index + 2)3\(index + 2)"), from: "198.51.100.\(index + 10)")
                    .expectAPIError(.notFound, "invite_unknown")
            }
            let fresh = "198.51.100.50"
            for guess in [InvitationCodes.unknown(200, prefix: "8888"), "lol"] {
                let limited = try await client.redeem(guess, from: fresh)
                limited.expectAPIError(.tooManyRequests, "invite_rate_limited")
                #expect(limited["Retry-After"].flatMap { Int($0) }.map { $0 >= 1 } == true, "\(guess): \(limited.headersOtherThanIDAndDate)")
            }
            let page = try await client.get("/invites/\(InvitationCodes.unknown(201, prefix: "9999"))", headers: Self.pageHeaders(from: fresh))
            #expect(page.status == .tooManyRequests)

            let redeemed = try await client.redeem(real, from: fresh)
            #expect(redeemed.status == .ok, "\(redeemed.text)")
            #expect(try redeemed.json["usesLeft"] as? Int == 4)
            let redeemedByAGuesser = try await client.redeem(real, from: "198.51.100.10")
            #expect(redeemedByAGuesser.status == .ok, "\(redeemedByAGuesser.text)")
            let realPage = try await client.get("/invites/\(real)", headers: Self.pageHeaders(from: "198.51.100.51"))
            #expect(realPage.status == .ok, "\(realPage.status)")
        }
    }
}
