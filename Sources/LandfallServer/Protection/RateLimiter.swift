import LandfallStorage
import NIOConcurrencyHelpers

/// Token buckets per client address, spread over shards so that concurrent requests rarely
/// wait on one lock. Buckets idle long enough to be full again are dropped, so memory stays
/// proportional to the addresses active in the last few seconds.
final class RateLimiter: Sendable {
    /// What the limiter decided for one request: the shape the database's shared buckets
    /// answer with too (``SharedLimiter``).
    typealias Verdict = TokenVerdict

    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    private struct Shard {
        var buckets: [String: Bucket] = [:]
        var lastSweep: ContinuousClock.Instant
    }

    let limit: RateLimit
    private let shards: [NIOLockedValueBox<Shard>]
    private let refillDuration: Duration

    init(limit: RateLimit, shardCount: Int = 16) {
        self.limit = limit
        let now = ContinuousClock.now
        self.shards = (0..<shardCount).map { _ in NIOLockedValueBox(Shard(lastSweep: now)) }
        self.refillDuration = .seconds(Double(limit.burst) / max(limit.requestsPerSecond, 0.001))
    }

    /// Takes one token from `client`'s bucket at `now`.
    func admit(_ client: String, now: ContinuousClock.Instant = .now) -> Verdict {
        take(client, now: now, consuming: true)
    }

    /// Whether `client`'s bucket holds a token at `now`, without taking it (for limits that
    /// only count failures: ask first, ``admit(_:now:)`` after a failure).
    func check(_ client: String, now: ContinuousClock.Instant = .now) -> Verdict {
        take(client, now: now, consuming: false)
    }

    private func take(_ client: String, now: ContinuousClock.Instant, consuming: Bool) -> Verdict {
        let shard = shards[Int(UInt(bitPattern: client.hashValue) % UInt(shards.count))]
        return shard.withLockedValue { shard in
            if now - shard.lastSweep > refillDuration {
                shard.buckets = shard.buckets.filter { now - $0.value.updated < refillDuration }
                shard.lastSweep = now
            }
            let capacity = Double(limit.burst)
            var bucket = shard.buckets[client] ?? Bucket(tokens: capacity, updated: now)
            let elapsed = Self.seconds(now - bucket.updated)
            bucket.tokens = min(capacity, bucket.tokens + elapsed * limit.requestsPerSecond)
            bucket.updated = now
            defer { shard.buckets[client] = bucket }
            if bucket.tokens >= 1 {
                if consuming { bucket.tokens -= 1 }
                return .allowed
            }
            return .waiting(tokens: bucket.tokens, rate: limit.requestsPerSecond)
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
