import Foundation
import Hummingbird
import LandfallLinks
import Testing
@testable import LandfallServer

/// Public endpoints are rate limited per client address (here read from `X-Forwarded-For`, as
/// behind a proxy), with `Retry-After`; machines' files, health checks and authenticated API
/// calls are not.
@Suite struct RateLimitTests {
    /// A server allowing 3 requests at once per address, then one every 100 seconds: slow
    /// enough that no token comes back during a test, however loaded the machine is (at one a
    /// second, a test running beside many others saw its fourth request admitted).
    static func limitedServer(_ database: TestDatabase) async throws -> TestServer {
        try await TestServer(database: database) { configuration in
            configuration.rateLimit = RateLimit(requestsPerSecond: 0.01, burst: 3)
            configuration.clientAddressHeader = "X-Forwarded-For"
            configuration.trustedProxies = IPAddressRange.loopback
        }
    }

    static func from(_ address: String, _ headers: HTTPFields = [:]) -> HTTPFields {
        var headers = headers
        headers[.init("X-Forwarded-For")!] = address
        headers[.userAgent] = headers[.userAgent] ?? Visitors.desktop
        return headers
    }

    @Test("the fourth click from one address gets 429 with Retry-After; another address is unaffected", arguments: ServerCases.all)
    func fourthClickIsLimited(transport: Transport, database: TestDatabase) async throws {
        let server = try await Self.limitedServer(database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            _ = try await client.createLink(slug: "popular", key: key)
            for attempt in 1...3 {
                let response = try await client.get("/popular", host: Demo.links, headers: Self.from("203.0.113.7"))
                #expect(response.status == .found, "click \(attempt)")
            }
            let fourth = try await client.get("/popular", host: Demo.links, headers: Self.from("203.0.113.7"))
            #expect(fourth.status == .tooManyRequests)
            #expect(fourth["Location"] == nil)
            let retryAfter = try #require(fourth["Retry-After"].flatMap { Int($0) }, "\(fourth.headersOtherThanIDAndDate)")
            #expect(retryAfter >= 1)

            let other = try await client.get("/popular", host: Demo.links, headers: Self.from("198.51.100.23"))
            #expect(other.status == .found)
            let proxied = try await client.get("/popular", host: Demo.links, headers: Self.from("203.0.113.7, 198.51.100.99"))
            #expect(proxied.status == .found, "the rightmost address that is not a trusted proxy is the client's")
            let unknown = try await client.get("/nothing", host: Demo.links, headers: Self.from("203.0.113.7"))
            #expect(unknown.status == .tooManyRequests, "unknown slugs count too: a scan is limited")
        }
    }

    /// Issue 15, finding 3: the first entry of X-Forwarded-For was taken for the client's,
    /// and a client writes that one itself: rotating it gave 400 of 400 redirects, no 429.
    @Test("a client rotating made-up addresses at the left of X-Forwarded-For is still limited", arguments: ServerCases.all)
    func rotatingTheForwardedForHeaderDoesNotEscapeTheLimit(transport: Transport, database: TestDatabase) async throws {
        let server = try await Self.limitedServer(database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            _ = try await client.createLink(slug: "popular", key: key)
            var statuses: [Int] = []
            for attempt in 1...20 {
                // What the proxy sends on: the client's own header, then the address it saw.
                let response = try await client.get("/popular", host: Demo.links, headers: Self.from("198.51.100.\(attempt), 203.0.113.7"))
                statuses.append(response.status.code)
            }
            #expect(statuses == Array(repeating: 302, count: 3) + Array(repeating: 429, count: 17))
        }
    }

    @Test("association files and /health are never limited", arguments: ServerCases.all)
    func machinesAreNotLimited(transport: Transport, database: TestDatabase) async throws {
        let server = try await Self.limitedServer(database)
        try await server.run(transport) { client in
            for _ in 0..<10 {
                for host in [Demo.links, Demo.site] {
                    for path in ["/.well-known/apple-app-site-association", "/.well-known/assetlinks.json"] {
                        let response = try await client.get(path, host: host, headers: Self.from("203.0.113.7"))
                        #expect(response.status == .ok, "\(host)\(path)")
                    }
                }
                #expect(try await client.get("/health", host: Demo.links, headers: Self.from("203.0.113.7")).status == .ok)
            }
        }
    }

    @Test("API calls with a valid key are not limited; failed authentications are", arguments: ServerCases.all)
    func apiKeys(transport: Transport, database: TestDatabase) async throws {
        let server = try await Self.limitedServer(database)
        let key = try await server.authorization(.read)
        try await server.run(transport) { client in
            for attempt in 1...10 {
                let response = try await client.get("/v1/links", headers: Self.from("203.0.113.7", key))
                #expect(response.status == .ok, "call \(attempt)")
            }
            let bad = Self.from("198.51.100.23", [.authorization: "Bearer lf_AAAAAAAAAAAA_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB"])
            for attempt in 1...3 {
                try await client.get("/v1/links", headers: bad).expectAPIError(.unauthorized, "unauthorized")
                _ = attempt
            }
            let limited = try await client.get("/v1/links", headers: bad)
            limited.expectAPIError(.tooManyRequests, "rate_limited")
            #expect(limited["Retry-After"].flatMap { Int($0) }.map { $0 >= 1 } == true, "\(limited.headersOtherThanIDAndDate)")
            // A valid key from the same address still gets through.
            #expect(try await client.get("/v1/links", headers: Self.from("198.51.100.23", key)).status == .ok)
        }
    }

    @Test("resolve, being public, is limited per address", arguments: TestDatabase.all)
    func resolveIsLimited(database: TestDatabase) async throws {
        let server = try await Self.limitedServer(database)
        try await server.run(.router) { client in
            let path = "/v1/resolve?url=\(JSONText.queryValue("https://go.daily.example.com/abc"))"
            for _ in 1...3 {
                #expect(try await client.get(path, host: Demo.links, headers: Self.from("203.0.113.7")).status == .notFound)
            }
            let limited = try await client.get(path, host: Demo.links, headers: Self.from("203.0.113.7"))
            limited.expectAPIError(.tooManyRequests, "rate_limited")
            #expect(limited["Retry-After"] != nil)
        }
    }
}
