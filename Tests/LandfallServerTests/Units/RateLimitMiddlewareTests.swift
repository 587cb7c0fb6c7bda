import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LandfallLinks
import Testing
@testable import LandfallServer

/// ``RateLimitMiddleware``: a request takes a token from its client's bucket or is refused
/// with 429 and `Retry-After` (a page, or the API's JSON under `/v1`); without a limiter
/// nothing is limited.
@Suite struct RateLimitMiddlewareTests {
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    /// The middleware after what it needs (the client's address, read from `X-Forwarded-For`,
    /// and the error answers), before a page and an API route. 3 requests at once, then one
    /// every 1000 seconds: no token comes back during a test.
    static func router(limiter: RateLimiter? = RateLimiter(limit: RateLimit(requestsPerSecond: 0.001, burst: 3))) throws
        -> Router<LandfallRequestContext> {
        let sites = try UnitHarness.demoSites()
        let router = UnitHarness.router()
        router.add(middleware: RouteLabelSpy())
        router.add(middleware: RequestIDMiddleware())
        router.add(middleware: ClientMiddleware(trust: ProxyTrust(header: forwardedFor, proxies: TrustedProxies(IPAddressRange.loopback))))
        router.add(middleware: ErrorMiddleware(sites: sites))
        router.add(middleware: RateLimitMiddleware(limiter: limiter))
        router.get("/page") { _, _ in Response.text(.ok, "page") }
        router.get("/v1/thing") { _, _ in Response.json(.ok, #"{"thing": 1}"#) }
        return router
    }

    static func from(_ address: String) -> HTTPFields { [forwardedFor: address] }

    /// The Retry-After of a refusal: about 1000 seconds, less by the seconds the test took (a
    /// full parallel run on two cores once took 14 between the burst and the refusal).
    static func expectRetryAfter(_ response: TestResponse) {
        let seconds = response["Retry-After"].flatMap { Int($0) }
        #expect(seconds.map { (900...1000).contains($0) } == true, "Retry-After \(response["Retry-After"] ?? "none")")
    }

    @Test("after the burst a page request is refused with a 429 page and Retry-After")
    func pageIsLimited() async throws {
        try await UnitHarness.test(try Self.router()) { client in
            for attempt in 1...3 {
                let response = try await client.send("/page", .get, headers: Self.from("203.0.113.7"))
                #expect(response.status == .ok, "request \(attempt)")
            }
            let refused = try await client.send("/page", .get, headers: Self.from("203.0.113.7"))
            #expect(refused.status == .tooManyRequests)
            #expect(refused["Content-Type"] == "text/html; charset=utf-8")
            #expect(refused.text.contains("Slow down a little"))
            #expect(refused.headers[UnitHarness.routeLabel] == "rate_limited")
            Self.expectRetryAfter(refused)
        }
    }

    @Test("after the burst an API request is refused with the API's 429")
    func apiIsLimited() async throws {
        try await UnitHarness.test(try Self.router()) { client in
            for _ in 1...3 {
                #expect(try await client.send("/v1/thing", .get, headers: Self.from("203.0.113.7")).status == .ok)
            }
            let refused = try await client.send("/v1/thing", .get, headers: Self.from("203.0.113.7"))
            #expect(refused.status == .tooManyRequests)
            #expect(refused["Content-Type"] == "application/json")
            #expect(refused.apiError["code"] == "rate_limited")
            Self.expectRetryAfter(refused)
            #expect(refused.apiError["message"] == "Too many requests from this address; try again in \(refused["Retry-After"] ?? "?") s.")
        }
    }

    @Test("pages and the API share a client's bucket; other clients have their own")
    func bucketsPerClient() async throws {
        try await UnitHarness.test(try Self.router()) { client in
            var statuses: [HTTPResponse.Status] = []
            for path in ["/page", "/v1/thing", "/page", "/v1/thing"] {
                statuses.append(try await client.send(path, .get, headers: Self.from("203.0.113.7")).status)
            }
            #expect(statuses == [.ok, .ok, .ok, .tooManyRequests])
            for other in ["198.51.100.23", "203.0.113.7, 198.51.100.24"] {
                let response = try await client.send("/page", .get, headers: Self.from(other))
                #expect(response.status == .ok, "\(other)")
            }
            let written = try await client.send("/page", .get, headers: Self.from("198.51.100.23, 203.0.113.7"))
            #expect(written.status == .tooManyRequests, "the rightmost address is the client's; the left one it wrote itself")
        }
    }

    @Test("without a limiter nothing is ever limited")
    func noLimiterNeverLimits() async throws {
        try await UnitHarness.test(try Self.router(limiter: nil)) { client in
            for attempt in 1...50 {
                let path = attempt.isMultiple(of: 2) ? "/page" : "/v1/thing"
                let response = try await client.send(path, .get, headers: Self.from("203.0.113.7"))
                #expect(response.status == .ok, "request \(attempt)")
            }
        }
    }
}
