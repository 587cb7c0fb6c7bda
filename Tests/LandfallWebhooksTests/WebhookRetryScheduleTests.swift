import SeededRandom
import Testing
@testable import LandfallWebhooks

/// The retry schedule: 12 attempts over about a day, each delay jittered within its bounds,
/// and no delay after the last attempt.
@Suite("Webhook retry schedule")
struct WebhookRetryScheduleTests {
    static let standard = WebhookRetrySchedule.standard

    @Test("The standard schedule's base delays are the documented ones and add up to about 24 hours")
    func standardDelaysSumToADay() {
        #expect(Self.standard.delays == [5, 30, 120, 300, 900, 1_800, 3_600, 7_200, 14_400, 28_800, 28_800])
        #expect(Self.standard.jitter == 0.2)
        #expect(Self.standard.maximumAttempts == 12)
        let total = Self.standard.delays.reduce(0, +)
        #expect(total > 23 * 3_600 && total <= 24 * 3_600)
    }

    @Test("Each delay stays within the jitter's bounds and is never negative, over thousands of draws",
          arguments: Array(1...11))
    func jitterStaysWithinBounds(attempt: Int) throws {
        var generator = SeededGenerator(seed: UInt64(attempt) &* 7_919)
        let base = Self.standard.delays[attempt - 1]
        var seen: Set<Double> = []
        for _ in 0..<5_000 {
            let delay = try #require(Self.standard.delay(afterAttempt: attempt, using: &generator))
            #expect(delay >= base * 0.8 && delay <= base * 1.2)
            #expect(delay >= 0)
            seen.insert(delay)
        }
        #expect(seen.count > 1_000)
        #expect(seen.min()! < base * 0.85 && seen.max()! > base * 1.15)
    }

    @Test("There is no delay after the last attempt, nor for an attempt number below 1", arguments: [12, 13, 100, 0, -1])
    func noDelayOutsideTheSchedule(attempt: Int) {
        var generator = SeededGenerator(seed: 1)
        #expect(Self.standard.delay(afterAttempt: attempt, using: &generator) == nil)
        #expect(Self.standard.delay(afterAttempt: attempt) == nil)
    }

    @Test("The system generator's delays are within bounds too")
    func systemGeneratorStaysWithinBounds() throws {
        for _ in 0..<1_000 {
            let delay = try #require(Self.standard.delay(afterAttempt: 1))
            #expect(delay >= 4 && delay <= 6)
        }
    }

    @Test("A schedule without jitter gives its base delays exactly")
    func noJitterGivesBaseDelays() {
        let schedule = WebhookRetrySchedule(delays: [1, 2, 3], jitter: 0)
        var generator = SeededGenerator(seed: 9)
        #expect((1...3).map { schedule.delay(afterAttempt: $0, using: &generator) } == [1, 2, 3])
        #expect(schedule.delay(afterAttempt: 4, using: &generator) == nil)
        #expect(schedule.maximumAttempts == 4)
    }

    @Test("A delay or a jitter that is not a number counts as zero, rather than stopping the server")
    func notANumberCountsAsZero() {
        let schedule = WebhookRetrySchedule(delays: [.nan, 10], jitter: .nan)
        #expect(schedule.delays == [0, 10])
        #expect(schedule.jitter == 0)
        var generator = SeededGenerator(seed: 5)
        #expect(schedule.delay(afterAttempt: 1, using: &generator) == 0)
        #expect(schedule.delay(afterAttempt: 2, using: &generator) == 10)
    }

    @Test("Negative delays and a jitter outside 0...1 are clamped, so a delay is never negative")
    func clampsItsParameters() {
        let schedule = WebhookRetrySchedule(delays: [-5, 10], jitter: 3)
        #expect(schedule.delays == [0, 10])
        #expect(schedule.jitter == 1)
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<1_000 {
            #expect(schedule.delay(afterAttempt: 2, using: &generator)! >= 0)
        }
    }
}
