import Foundation
@testable import LandfallServer
@testable import LandfallStorage
import Logging
import Testing

/// The database's token bucket (``Storage/takeToken(_:limit:at:)``) answers every sequence of
/// takes and checks exactly as this instance's ``RateLimiter`` does: the same `allowed`, the
/// same `Retry-After`. Sequences are made from a seed (times on a quarter-second grid, so that
/// both compute in exact binary fractions).
@Suite struct SharedBucketAgreementTests {
    static let limits = [RateLimit(requestsPerSecond: 0.5, burst: 3), RateLimit(requestsPerSecond: 2, burst: 5),
                         RateLimit(requestsPerSecond: 0.25, burst: 1), RateLimit(requestsPerSecond: 0.75, burst: 6)]

    /// One request of a sequence: when (milliseconds after its start, never going back) and
    /// whether it takes or only checks.
    struct Request {
        var at: Int
        var takes: Bool
    }

    /// 60 requests from `seed`: mostly bursts at one moment, with pauses of up to 4 s.
    static func sequence(seed: Int) -> [Request] {
        var at = 0
        var value = seed
        return (0..<60).map { _ in
            value = (value &* 1_103_515_245 &+ 12_345) & 0x7fff_ffff
            if value % 3 == 0 { at += 250 * ((value >> 4) % 17) }
            return Request(at: at, takes: (value >> 9) % 4 != 0)
        }
    }

    @Test("the database's bucket and the in-memory one give the same answers to the same requests",
          arguments: TestDatabase.all, Array(limits.indices))
    func sameAnswers(database: TestDatabase, limitIndex: Int) async throws {
        let limit = Self.limits[limitIndex]
        let directory = try TemporaryDirectory("landfall-shared-buckets")
        defer { directory.remove() }
        let location = try await database.makeLocation(sqliteDirectory: directory.path)
        defer { location.remove() }
        let storage = try await Storage.open(
            location.databaseURL.map { .postgres(url: $0, connections: TestDatabase.postgresConnections) } ?? .sqlite(directory: directory.path),
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        do {
            try await Self.compare(limit, storage: storage)
        } catch {
            await storage.close()
            throw error
        }
        await storage.close()
    }

    /// Runs five sequences against `storage`'s bucket and a ``RateLimiter``, expecting the same answers.
    static func compare(_ limit: RateLimit, storage: Storage) async throws {
        let bucket = TokenBucketLimit(rate: limit.requestsPerSecond, burst: limit.burst)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for seed in 1...5 {
            let memory = RateLimiter(limit: limit, shardCount: 1)
            let base = ContinuousClock.now
            var refused = 0
            for (index, request) in Self.sequence(seed: seed).enumerated() {
                let instant = base + .milliseconds(request.at)
                let date = start.addingTimeInterval(Double(request.at) / 1000)
                let expected = request.takes ? memory.admit("client", now: instant) : memory.check("client", now: instant)
                let shared = request.takes ? try await storage.takeToken("agree:\(seed)", limit: bucket, at: date)
                                           : try await storage.checkToken("agree:\(seed)", limit: bucket, at: date)
                #expect(shared == expected, "seed \(seed), request \(index) (\(request.takes ? "take" : "check") at \(request.at) ms)")
                if expected != .allowed { refused += 1 }
            }
            #expect(refused > 0, "seed \(seed): a sequence that reaches the limit")
        }
    }
}
