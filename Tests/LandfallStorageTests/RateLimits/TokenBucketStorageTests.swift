import Foundation
@testable import LandfallStorage
import Testing

/// The token buckets kept in the database (``Storage/takeToken(_:limit:at:)``): a bucket
/// admits exactly `burst` takes, refills at its rate, and racing takes through two storages on
/// one database never grant more than it holds.
@Suite struct TokenBucketStorageTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// One step of a sequence: a take (or a check) `at` seconds after ``start``, and its answer.
    struct Step: Sendable, CustomTestStringConvertible {
        var at: Double
        var take = true
        var expected: TokenVerdict

        var testDescription: String { "\(take ? "take" : "check") at \(at) s: \(expected)" }

        static func take(_ at: Double, _ expected: TokenVerdict) -> Step { Step(at: at, expected: expected) }
        static func check(_ at: Double, _ expected: TokenVerdict) -> Step { Step(at: at, take: false, expected: expected) }
    }

    static let sequences: [(String, TokenBucketLimit, [Step])] = [
        ("three at once, then the wait for one more at 0.5 a second", TokenBucketLimit(rate: 0.5, burst: 3), [
            .take(0, .allowed), .take(0, .allowed), .take(0, .allowed),
            .take(0, .limited(retryAfter: 2)), .take(1, .limited(retryAfter: 1)),
            .take(2, .allowed), .take(2, .limited(retryAfter: 2)),
        ]),
        ("a check takes nothing and says what a take would", TokenBucketLimit(rate: 0.25, burst: 2), [
            .check(0, .allowed), .check(0, .allowed), .take(0, .allowed), .check(0, .allowed), .take(0, .allowed),
            .check(0, .limited(retryAfter: 4)), .check(3, .limited(retryAfter: 1)), .check(4, .allowed), .take(4, .allowed),
        ]),
        ("a quiet spell refills up to burst, never more", TokenBucketLimit(rate: 2, burst: 2), [
            .take(0, .allowed), .take(0, .allowed), .take(0, .limited(retryAfter: 1)),
            .take(100, .allowed), .take(100, .allowed), .take(100, .limited(retryAfter: 1)),
            .take(100.5, .allowed), .take(100.5, .limited(retryAfter: 1)),
        ]),
        ("a clock behind the bucket's last take refills nothing", TokenBucketLimit(rate: 1, burst: 1), [
            .take(10, .allowed), .take(5, .limited(retryAfter: 1)), .take(10.5, .limited(retryAfter: 1)), .take(11, .allowed),
        ]),
        ("a burst of 0 admits nothing", TokenBucketLimit(rate: 1, burst: 0), [
            .check(0, .limited(retryAfter: 1)), .take(0, .limited(retryAfter: 1)), .take(50, .limited(retryAfter: 1)),
        ]),
    ]

    @Test("a bucket answers each take and check of a sequence as a token bucket does", arguments: Backend.all, sequences)
    func answersSequences(backend: Backend, sequence: (String, TokenBucketLimit, [Step])) async throws {
        try await backend.withStorage { storage async throws in
            for step in sequence.2 {
                let now = Self.start.addingTimeInterval(step.at)
                let verdict = step.take ? try await storage.takeToken("test:a", limit: sequence.1, at: now)
                                        : try await storage.checkToken("test:a", limit: sequence.1, at: now)
                #expect(verdict == step.expected, "\(sequence.0): \(step.testDescription)")
            }
        }
    }

    @Test("buckets of different names are counted apart", arguments: Backend.all)
    func bucketsAreApart(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let limit = TokenBucketLimit(rate: 1, burst: 1)
            #expect(try await storage.takeToken("sign-in:198.51.100.1", limit: limit, at: Self.start) == .allowed)
            #expect(try await storage.takeToken("sign-in:198.51.100.2", limit: limit, at: Self.start) == .allowed)
            #expect(try await storage.takeToken("api:198.51.100.1", limit: limit, at: Self.start) == .allowed)
            #expect(try await storage.takeToken("sign-in:198.51.100.1", limit: limit, at: Self.start) == .limited(retryAfter: 1))
        }
    }

    @Test("200 racing takes through two storages on one database admit exactly the burst", arguments: Backend.all)
    func racingTakesAdmitTheBurst(backend: Backend) async throws {
        try await backend.withLocation { location in
            let first = try await Storage.open(location, logger: .quiet)
            let second = try await Storage.open(location, logger: .quiet)
            let limit = TokenBucketLimit(rate: 0.001, burst: 25)
            let verdicts = try await withThrowingTaskGroup(of: TokenVerdict.self) { group in
                for attempt in 0..<200 {
                    let storage = attempt.isMultiple(of: 2) ? first : second
                    group.addTask { try await storage.takeToken("race", limit: limit, at: Self.start) }
                }
                return try await group.reduce(into: [TokenVerdict]()) { $0.append($1) }
            }
            #expect(verdicts.filter { $0 == .allowed }.count == 25)
            await first.close()
            await second.close()
        }
    }

    @Test("purging deletes the buckets that are full again and keeps the others", arguments: Backend.all)
    func purgeDeletesFullBuckets(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let slow = TokenBucketLimit(rate: 0.1, burst: 2)   // full 20 s after a take
            let fast = TokenBucketLimit(rate: 1, burst: 2)     // full 2 s after a take
            _ = try await storage.takeToken("slow", limit: slow, at: Self.start)
            _ = try await storage.takeToken("fast", limit: fast, at: Self.start)
            #expect(try await storage.purgeTokenBuckets(at: Self.start.addingTimeInterval(1)) == 0)
            #expect(try await storage.purgeTokenBuckets(at: Self.start.addingTimeInterval(5)) == 1)
            #expect(try await storage.takeToken("slow", limit: slow, at: Self.start.addingTimeInterval(5)) == .allowed)
            #expect(try await storage.takeToken("slow", limit: slow, at: Self.start.addingTimeInterval(5)) == .limited(retryAfter: 5),
                    "the slow bucket kept its take: 1 + 0.5 refilled - 1 leaves 0.5 tokens")
            #expect(try await storage.purgeTokenBuckets(at: Self.start.addingTimeInterval(60)) == 1)
        }
    }
}
