import Foundation
import Hummingbird
@testable import LandfallServer
import Testing

/// On SQLite there is one instance: every limit stays in its memory, and the database's
/// buckets are never written (no write per API request, guess or sign-in).
@Suite struct InstanceLimitsTests {
    @Test("on SQLite the API's limit and the guess throttle are kept in memory: 429 past the burst, and no bucket in the database",
          arguments: Transport.allCases)
    func sqliteKeepsLimitsInMemory(transport: Transport) async throws {
        let server = try await TestServer.readingAddresses(database: .sqlite) { configuration in
            configuration.rateLimit = RateLimit(requestsPerSecond: 0.001, burst: 5)
            configuration.inviteGuessLimits = GuessLimits(perAddress: RateLimit(requestsPerSecond: 0.001, burst: 2))
        }
        #expect(server.parts.apiLimiter?.isShared == false)
        try await server.run(transport) { client in
            var statuses: [HTTPResponse.Status] = []
            for index in 0..<8 {
                statuses.append(try await client.redeem(InvitationCodes.unknown(900 + index), from: "203.0.113.90").status)
            }
            #expect(statuses == [.notFound, .notFound, .tooManyRequests, .tooManyRequests, .tooManyRequests,
                                 .tooManyRequests, .tooManyRequests, .tooManyRequests])
            let limited = try await client.redeem(InvitationCodes.unknown(999), from: "203.0.113.90")
            limited.expectAPIError(.tooManyRequests, "rate_limited")
            #expect(try await server.parts.storage.purgeTokenBuckets(at: Date.distantFuture) == 0)
        }
    }
}
