import Foundation
import HTTPTypes
import Hummingbird
import LandfallLinks
import Synchronization
@testable import LandfallServer
@testable import LandfallStorage
import Testing

/// Limits that hold across instances (issue 19): two servers on one PostgreSQL database, each
/// its own storage, count invitation guesses, API requests and sign-in attempts together, so
/// that a client spreading its tries over both is refused as often as by one server alone.
/// When the shared bucket cannot be read, each instance's own limit still applies.
///
/// The limits refill one token every 1000 seconds and the servers' clock stands still, so no
/// token comes back during a test.
@Suite(.enabled(if: TestDatabase.all.contains(.postgres), "needs PostgreSQL: run under scripts/with-postgres"))
struct SharedLimitsTests {
    /// 10 failures per address, 30 from all addresses together.
    static let guessLimits = GuessLimits(perAddress: RateLimit(requestsPerSecond: 0.001, burst: 10),
                                         global: RateLimit(requestsPerSecond: 0.001, burst: 30))
    static let apiLimit = RateLimit(requestsPerSecond: 0.001, burst: 10)
    static let signInLimit = RateLimit(requestsPerSecond: 0.001, burst: 4)

    /// A server on PostgreSQL (on `other`'s database when given) reading the client's address
    /// from `X-Forwarded-For`, with the small limits above; the API's and the pages' limit
    /// (`--rate-limit`) only when `apiLimited`, so that the others' tests count only their own.
    static func server(sharing other: TestServer? = nil, apiLimited: Bool) async throws -> TestServer {
        try await TestServer(database: .postgres, sharing: other) { configuration in
            configuration.clientAddressHeader = "X-Forwarded-For"
            configuration.trustedProxies = IPAddressRange.loopback
            configuration.inviteGuessLimits = guessLimits
            configuration.rateLimit = apiLimited ? apiLimit : nil
            configuration.dashboard.signInsPerAddress = signInLimit
            configuration.dashboard.passwordCost = 4
        }
    }

    /// Runs `body` with a client of each server over real HTTP: one server alone (both clients
    /// reach it), or two on one database.
    static func withClients(servers count: Int, apiLimited: Bool = false,
                            _ body: @escaping @Sendable ([ServerClient], [TestServer]) async throws -> Void) async throws {
        let first = try await server(apiLimited: apiLimited)
        if count == 1 {
            try await first.run(.live) { client in try await body([client, client], [first]) }
            return
        }
        let second = try await server(sharing: first, apiLimited: apiLimited)
        try await first.run(.live) { a in
            try await second.run(.live) { b in try await body([a, b], [first, second]) }
        }
    }

    /// How many of 100 unknown invitation codes, from 5 addresses, sent to the servers in turn,
    /// are answered 429 `invite_rate_limited` with `Retry-After`.
    static func throttledGuesses(servers: Int) async throws -> Int {
        let throttled = Counter()
        try await withClients(servers: servers) { clients, _ in
            for index in 0..<100 {
                let response = try await clients[index % 2].redeem(InvitationCodes.unknown(500 + index), from: "203.0.113.\(40 + index % 5)")
                if response.status == .tooManyRequests {
                    let retryAfter = response["Retry-After"].flatMap { Int($0) } ?? 0
                    #expect(retryAfter >= 1, "\(response.headersOtherThanIDAndDate)")
                    throttled.add()
                } else {
                    response.expectAPIError(.notFound, "invite_unknown")
                }
            }
        }
        return throttled.value
    }

    @Test("100 wrong invitation codes spread over two servers are throttled as if one server saw them")
    func invitationGuessesAreCountedTogether() async throws {
        let alone = try await Self.throttledGuesses(servers: 1)
        let spread = try await Self.throttledGuesses(servers: 2)
        // 30 from all addresses together: the other 70 are refused, however they are spread.
        #expect(alone == 70)
        #expect(spread == alone, "two servers refused \(spread), one alone \(alone)")
    }

    /// How many of 30 API requests from one address, sent to the servers in turn, are answered
    /// 429 with `Retry-After`.
    static func limitedAPIRequests(servers: Int) async throws -> Int {
        let limited = Counter()
        try await withClients(servers: servers, apiLimited: true) { clients, _ in
            for index in 0..<30 {
                let response = try await clients[index % 2].get("/v1/resolve?url=https://daily.example.com/puzzle/2026-11-20",
                                                                headers: PublicClient.headers(from: "198.51.100.20"))
                if response.status == .tooManyRequests {
                    let retryAfter = response["Retry-After"].flatMap { Int($0) } ?? 0
                    #expect(retryAfter >= 1, "\(response.headersOtherThanIDAndDate)")
                    limited.add()
                }
            }
        }
        return limited.value
    }

    @Test("API requests over the limit, spread over two servers, get 429 with Retry-After at the same count as on one server")
    func apiRequestsAreCountedTogether() async throws {
        let alone = try await Self.limitedAPIRequests(servers: 1)
        let spread = try await Self.limitedAPIRequests(servers: 2)
        #expect(alone == 20)
        #expect(spread == alone, "two servers refused \(spread), one alone \(alone)")
    }

    /// How many of 12 sign-in attempts with unknown emails from one address, sent to the
    /// servers in turn, are answered 429 with `Retry-After`.
    static func throttledSignIns(servers: Int) async throws -> Int {
        let throttled = Counter()
        try await withClients(servers: servers) { clients, _ in
            for index in 0..<12 {
                // Without X-Forwarded-For: both servers see the client at 127.0.0.1.
                var browser = DashboardBrowser(client: clients[index % 2])
                let response = try await browser.signIn(email: "person\(index)@daily.example.com", password: "not the password")
                if response.status == .tooManyRequests {
                    let retryAfter = response["Retry-After"].flatMap { Int($0) } ?? 0
                    #expect(retryAfter >= 1, "\(response.headersOtherThanIDAndDate)")
                    throttled.add()
                } else {
                    #expect(response.status == .unauthorized, "\(response.status): \(response.text.prefix(300))")
                }
            }
        }
        return throttled.value
    }

    @Test("sign-in attempts from one address, spread over two servers, are throttled at the same count as on one server")
    func signInsAreCountedTogether() async throws {
        let alone = try await Self.throttledSignIns(servers: 1)
        let spread = try await Self.throttledSignIns(servers: 2)
        #expect(alone == 8)
        #expect(spread == alone, "two servers refused \(spread), one alone \(alone)")
    }

    @Test("when the shared bucket cannot be read (its table dropped), each server's own limit applies, and the warning is logged once, not per request")
    func theInstanceLimitAppliesWhenTheDatabaseCannotAnswer() async throws {
        try await Self.withClients(servers: 2, apiLimited: true) { clients, servers in
            try await servers[0].parts.storage.execute(raw: "DROP TABLE rate_limit_buckets")
            var limited = [0, 0]
            for index in 0..<40 {
                let response = try await clients[index % 2].get("/v1/resolve?url=https://daily.example.com/puzzle/2026-11-20",
                                                                headers: PublicClient.headers(from: "198.51.100.50"))
                if response.status == .tooManyRequests {
                    #expect(response["Retry-After"] != nil)
                    limited[index % 2] += 1
                }
            }
            // Each server alone: 10 of its 20 requests, then 429.
            #expect(limited == [10, 10])
            for server in servers {
                let warnings = server.recentLog.lines.filter { $0.message.hasPrefix("the shared rate limit could not be read") }
                #expect(warnings.count == 1, "\(warnings)")
                #expect(warnings.first?["limit"] == "api")
            }
        }
    }
}

extension SharedLimitsTests {
    /// A count kept by a test's body, read after the servers stopped.
    final class Counter: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func add() { count.withLock { $0 += 1 } }
    }
}
