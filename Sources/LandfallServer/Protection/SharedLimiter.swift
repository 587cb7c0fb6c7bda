import Foundation
import LandfallStorage
import Logging
import NIOConcurrencyHelpers

/// A rate limit per key (a client's address, or `*` for everyone) that holds across instances:
/// a token bucket in the database when the storage is PostgreSQL (``Storage/takeToken(_:limit:at:)``),
/// so that N instances behind one balancer count together; in this instance's memory
/// (``RateLimiter``) on SQLite, where there is one instance.
///
/// When the database cannot answer, this instance's bucket decides for that request: a
/// client is then limited as if this instance were alone, never refused for the outage nor
/// let through without limit. A warning says so at most once a minute.
///
/// ```swift
/// let signIns = SharedLimiter("sign-in", limit: RateLimit(requestsPerSecond: 1.0 / 6, burst: 10),
///                             storage: storage, clock: { Date() }, logger: logger)
/// if case .limited(let retryAfter) = await signIns.admit(address) { … }
/// ```
final class SharedLimiter: Sendable {
    /// The limit's name, the first part of its buckets' keys in the database (`sign-in:203.0.113.7`).
    let name: String
    let limit: RateLimit
    /// This instance's buckets: the limit on SQLite, the fallback on PostgreSQL.
    let memory: RateLimiter
    /// The storage whose buckets are shared, or `nil` when the limit is this instance's.
    private let shared: Storage?
    private let clock: @Sendable () -> Date
    private let logger: Logger
    private let state = NIOLockedValueBox(State())

    private struct State {
        /// When this limiter last deleted full buckets from the database.
        var purged: ContinuousClock.Instant?
        /// When the last warning about the database was logged, and the fallbacks since.
        var warned: ContinuousClock.Instant?
        var fallbacks = 0
    }

    /// How often full buckets are deleted, and a failure to reach them logged.
    static let interval = Duration.seconds(60)

    /// A limit shared through `storage` when it is PostgreSQL, else kept in this instance's memory.
    init(_ name: String, limit: RateLimit, storage: Storage, clock: @escaping @Sendable () -> Date, logger: Logger, shardCount: Int = 16) {
        self.name = name
        self.limit = limit
        self.memory = RateLimiter(limit: limit, shardCount: shardCount)
        if case .postgres = storage.location { self.shared = storage } else { self.shared = nil }
        self.clock = clock
        self.logger = logger
    }

    /// A limit kept in this instance's memory only.
    init(_ name: String, memory limit: RateLimit, shardCount: Int = 16) {
        self.name = name
        self.limit = limit
        self.memory = RateLimiter(limit: limit, shardCount: shardCount)
        self.shared = nil
        self.clock = { Date() }
        self.logger = Logger(label: "landfall.limits") { _ in SwiftLogNoOpLogHandler() }
    }

    /// Whether the buckets are in the database (PostgreSQL).
    var isShared: Bool { shared != nil }

    /// Takes one token from `key`'s bucket.
    func admit(_ key: String) async -> TokenVerdict {
        await decide(key, consuming: true)
    }

    /// Whether `key`'s bucket holds a token, without taking it (for limits that only count
    /// failures: ask first, ``admit(_:)`` after a failure).
    func check(_ key: String) async -> TokenVerdict {
        await decide(key, consuming: false)
    }

    private func decide(_ key: String, consuming: Bool) async -> TokenVerdict {
        guard let shared else {
            return consuming ? memory.admit(key) : memory.check(key)
        }
        let now = clock()
        let bucket = "\(name):\(key)"
        let limit = TokenBucketLimit(rate: limit.requestsPerSecond, burst: limit.burst)
        do {
            let verdict = consuming ? try await shared.takeToken(bucket, limit: limit, at: now)
                                    : try await shared.checkToken(bucket, limit: limit, at: now)
            if consuming { await purgeIfDue(shared, at: now) }
            return verdict
        } catch {
            warn(error)
            return consuming ? memory.admit(key) : memory.check(key)
        }
    }

    /// Deletes the database's full buckets, at most once a minute per limiter.
    private func purgeIfDue(_ storage: Storage, at now: Date) async {
        let due = state.withLockedValue { state in
            let instant = ContinuousClock.now
            if let purged = state.purged, instant - purged < Self.interval { return false }
            state.purged = instant
            return true
        }
        guard due else { return }
        do {
            _ = try await storage.purgeTokenBuckets(at: now)
        } catch {
            logger.debug("full rate limit buckets not purged", metadata: ["limit": "\(name)", "error": "\(error)"])
        }
    }

    /// Logs that the database could not answer: the first time, then at most once a minute
    /// with the number of requests this instance's bucket decided meanwhile.
    private func warn(_ error: StorageError) {
        let fallbacks: Int? = state.withLockedValue { state in
            state.fallbacks += 1
            let instant = ContinuousClock.now
            if let warned = state.warned, instant - warned < Self.interval { return nil }
            defer { state.fallbacks = 0 }
            state.warned = instant
            return state.fallbacks
        }
        guard let fallbacks else { return }
        logger.warning("the shared rate limit could not be read; this instance's own limit applies meanwhile",
                       metadata: ["limit": "\(name)", "requests": "\(fallbacks)", "error": "\(error)"])
    }
}
