/// How ``LinkClient`` retries a request that got no answer, a `429` or a `5xx`: exponential
/// backoff with jitter, honouring `Retry-After`. A `4xx` other than `429` is never retried
/// (asking again would get the same answer).
///
/// The wait before retry *n* (1 for the first retry) is `initialDelay × 2^(n-1)`, at most
/// `maxDelay`, shortened by a random part of up to `jitter` of it so that many devices do
/// not retry in step. With the defaults a request is tried 4 times, waiting about 0.5 s,
/// 1 s and 2 s in between. When the answer has `Retry-After: N`, the client waits exactly
/// `N` seconds instead, unless that is longer than `maxRetryAfter`: then it gives up at once
/// and reports the answer (an app should not hang for minutes).
///
/// ```swift
/// RetryPolicy()                              // 4 attempts, 0.5 s, 1 s, 2 s
/// RetryPolicy(maxAttempts: 6, maxDelay: .seconds(10))
/// RetryPolicy.none                           // one attempt, no retry
/// ```
public struct RetryPolicy: Sendable, Hashable {
    /// How many times a request is sent at most, the first time included (at least 1).
    public var maxAttempts: Int
    /// The wait before the first retry.
    public var initialDelay: Duration
    /// The longest wait between two attempts.
    public var maxDelay: Duration
    /// The part of each wait that is random, from 0 (none) to 1 (anywhere from 0 to the wait).
    public var jitter: Double
    /// The longest `Retry-After` the client waits for; a longer one ends the retries.
    public var maxRetryAfter: Duration

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - maxAttempts: Attempts at most, the first included; values below 1 count as 1.
    ///   - initialDelay: The wait before the first retry; 0.5 s by default.
    ///   - maxDelay: The longest wait between attempts; 30 s by default.
    ///   - jitter: The random part of each wait, 0 to 1; 0.5 by default.
    ///   - maxRetryAfter: The longest `Retry-After` honoured; 60 s by default.
    public init(maxAttempts: Int = 4, initialDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(30),
                jitter: Double = 0.5, maxRetryAfter: Duration = .seconds(60)) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
        self.jitter = min(1, max(0, jitter))
        self.maxRetryAfter = maxRetryAfter
    }

    /// One attempt and no retry.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// The wait before retry number `retry` (1 for the first), with `random` in `0...1`
    /// choosing the jitter.
    public func delay(beforeRetry retry: Int, random: Double) -> Duration {
        var base = initialDelay
        for _ in 1..<max(1, retry) where base < maxDelay {
            base = base * 2
        }
        base = min(base, maxDelay)
        return base - base * (jitter * min(1, max(0, random)))
    }
}
