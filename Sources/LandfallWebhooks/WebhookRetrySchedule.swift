/// When a failed delivery is tried again: exponential backoff with jitter, about a day in all.
///
/// ```swift
/// WebhookRetrySchedule.standard.delay(afterAttempt: 1)    // about 5 s (4 to 6)
/// WebhookRetrySchedule.standard.delay(afterAttempt: 12)   // nil: the delivery has failed
/// ```
public struct WebhookRetrySchedule: Sendable, Hashable {
    /// The delays after attempt 1, 2, …, in seconds, before jitter.
    public let delays: [Double]
    /// Each delay is scaled by a random factor in `1 - jitter ... 1 + jitter`, so that the
    /// retries of many deliveries that failed together (a receiver's outage) spread out.
    public let jitter: Double

    /// 5 s, 30 s, 2 min, 5 min, 15 min, 30 min, 1 h, 2 h, 4 h, 8 h and 8 h: 12 attempts, the last
    /// about 24 hours after the first.
    public static let standard = WebhookRetrySchedule(delays: [5, 30, 120, 300, 900, 1_800, 3_600, 7_200, 14_400, 28_800, 28_800], jitter: 0.2)

    /// A schedule of `delays` (a negative one, or one that is not a number, counts as 0) and
    /// `jitter` (kept within 0...1; one that is not a number counts as 0).
    public init(delays: [Double], jitter: Double) {
        self.delays = delays.map { $0.isNaN ? 0 : max(0, $0) }
        self.jitter = jitter.isNaN ? 0 : min(max(jitter, 0), 1)
    }

    /// How many attempts a delivery gets in one round.
    public var maximumAttempts: Int { delays.count + 1 }

    /// The delay before the attempt after attempt number `attempt` (1-based) failed, or `nil`
    /// when `attempt` was the last: the delivery has then failed.
    public func delay<Generator: RandomNumberGenerator>(afterAttempt attempt: Int, using generator: inout Generator) -> Double? {
        guard attempt >= 1, attempt <= delays.count else { return nil }
        let factor = jitter == 0 ? 1 : Double.random(in: (1 - jitter)...(1 + jitter), using: &generator)
        return delays[attempt - 1] * factor
    }

    /// ``delay(afterAttempt:using:)`` with the system's random generator.
    public func delay(afterAttempt attempt: Int) -> Double? {
        var generator = SystemRandomNumberGenerator()
        return delay(afterAttempt: attempt, using: &generator)
    }
}
