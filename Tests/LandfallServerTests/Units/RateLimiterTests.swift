import Testing
@testable import LandfallServer

/// ``RateLimiter``: a bucket of `burst` tokens per client, refilled at the rate, with the time
/// of each call given (`now:`), so nothing here waits.
@Suite struct RateLimiterTests {
    /// A limiter and the instant its tests start from (after the limiter was made).
    static func limiter(perSecond rate: Double, burst: Int) -> (RateLimiter, ContinuousClock.Instant) {
        let limiter = RateLimiter(limit: RateLimit(requestsPerSecond: rate, burst: burst))
        return (limiter, ContinuousClock.now)
    }

    @Test("a new client may make exactly `burst` requests at once, then is limited", arguments: [1, 3, 10, 200])
    func burstIsTheNumberAllowedAtOnce(burst: Int) {
        let (limiter, start) = Self.limiter(perSecond: 1, burst: burst)
        for request in 1...burst {
            #expect(limiter.admit("203.0.113.7", now: start) == .allowed, "request \(request)")
        }
        #expect(limiter.admit("203.0.113.7", now: start) == .limited(retryAfter: 1))
    }

    @Test("the bucket refills at the rate: whole tokens after the elapsed time", arguments: [
        (elapsed: 0.2, allowed: 0),
        (elapsed: 0.5, allowed: 1),
        (elapsed: 1.0, allowed: 2),
        (elapsed: 1.4, allowed: 2),
        (elapsed: 1.5, allowed: 3),
        (elapsed: 2.0, allowed: 4),
        (elapsed: 30.0, allowed: 4),
    ])
    func bucketRefillsAtTheRate(elapsed: Double, allowed: Int) {
        // 2 a second, in bursts of 4: empty it, then wait.
        let (limiter, start) = Self.limiter(perSecond: 2, burst: 4)
        for _ in 1...4 { _ = limiter.admit("client", now: start) }
        let later = start + .seconds(elapsed)
        var admitted = 0
        while limiter.admit("client", now: later) == .allowed { admitted += 1 }
        #expect(admitted == allowed)
    }

    @Test("a long quiet spell refills the bucket to `burst`, never beyond")
    func refillStopsAtTheBurst() {
        let (limiter, start) = Self.limiter(perSecond: 5, burst: 3)
        #expect(limiter.admit("client", now: start) == .allowed)
        let muchLater = start + .seconds(3600)
        for request in 1...3 {
            #expect(limiter.admit("client", now: muchLater) == .allowed, "request \(request)")
        }
        #expect(limiter.admit("client", now: muchLater) == .limited(retryAfter: 1))
    }

    @Test("Retry-After is the wait for the next whole token, rounded up, at least 1 second", arguments: [
        (rate: 0.5, waited: 0.0, retryAfter: 2),     // 2 s for a token
        (rate: 0.5, waited: 0.5, retryAfter: 2),     // 1.5 s left
        (rate: 0.5, waited: 1.0, retryAfter: 1),     // 1 s left exactly
        (rate: 0.5, waited: 1.5, retryAfter: 1),     // 0.5 s left: never 0
        (rate: 0.3, waited: 0.0, retryAfter: 4),     // 3.33 s
        (rate: 10, waited: 0.0, retryAfter: 1),      // 0.1 s
        (rate: 0.01, waited: 0.0, retryAfter: 100),
        (rate: 0.01, waited: 40.5, retryAfter: 60),   // 59.5 s left
    ])
    func retryAfterRoundsUp(rate: Double, waited: Double, retryAfter: Int) {
        let (limiter, start) = Self.limiter(perSecond: rate, burst: 1)
        #expect(limiter.admit("client", now: start) == .allowed)
        #expect(limiter.admit("client", now: start + .seconds(waited)) == .limited(retryAfter: retryAfter))
    }

    @Test("clients have buckets of their own: one limited client does not limit another")
    func clientsAreIndependent() {
        let (limiter, start) = Self.limiter(perSecond: 0.01, burst: 2)
        for _ in 1...2 { #expect(limiter.admit("203.0.113.7", now: start) == .allowed) }
        #expect(limiter.admit("203.0.113.7", now: start) == .limited(retryAfter: 100))
        for other in ["198.51.100.23", "2001:db8::1", "unknown", "203.0.113.70"] {
            #expect(limiter.admit(other, now: start) == .allowed, "\(other)")
            #expect(limiter.admit(other, now: start) == .allowed, "\(other)")
            #expect(limiter.admit(other, now: start) != .allowed, "\(other)")
        }
    }

    @Test("check says whether a token is there without taking it; admit takes it")
    func checkDoesNotConsume() {
        let (limiter, start) = Self.limiter(perSecond: 0.5, burst: 1)
        for _ in 1...10 {
            #expect(limiter.check("client", now: start) == .allowed)
        }
        #expect(limiter.admit("client", now: start) == .allowed)
        #expect(limiter.check("client", now: start) == .limited(retryAfter: 2))
        #expect(limiter.admit("client", now: start) == .limited(retryAfter: 2))
        #expect(limiter.check("client", now: start + .seconds(2)) == .allowed)
        #expect(limiter.check("client", now: start + .seconds(2)) == .allowed, "checking twice still takes nothing")
        #expect(limiter.admit("client", now: start + .seconds(2)) == .allowed)
        #expect(limiter.admit("client", now: start + .seconds(2)) == .limited(retryAfter: 2))
    }

    @Test("refused requests take nothing: a client that keeps knocking gets its token at the rate")
    func refusalsDoNotDelayTheNextToken() {
        let (limiter, start) = Self.limiter(perSecond: 1, burst: 1)
        #expect(limiter.admit("client", now: start) == .allowed)
        for quarter in 1...3 {
            #expect(limiter.admit("client", now: start + .milliseconds(250 * quarter)) == .limited(retryAfter: 1))
        }
        #expect(limiter.admit("client", now: start + .seconds(1)) == .allowed)
    }
}
