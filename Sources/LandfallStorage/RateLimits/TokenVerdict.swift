/// What a token bucket decided for one request: go ahead, or wait.
///
/// The in-memory buckets of one instance and the buckets shared through the database
/// (``Storage/takeToken(_:limit:at:)``) answer with this one shape, computed the same way.
public enum TokenVerdict: Sendable, Hashable {
    /// Go ahead.
    case allowed
    /// Refused: try again after this many whole seconds (at least 1).
    case limited(retryAfter: Int)

    /// Refused while the bucket holds `tokens` (less than one), refilled at `rate` tokens a
    /// second: the whole seconds until it holds one.
    ///
    /// ```swift
    /// TokenVerdict.waiting(tokens: 0.25, rate: 0.5) // .limited(retryAfter: 2)
    /// ```
    public static func waiting(tokens: Double, rate: Double) -> TokenVerdict {
        let wait = (1 - tokens) / TokenBucketLimit.effectiveRate(rate)
        return .limited(retryAfter: max(1, Int(wait.rounded(.up))))
    }
}

/// A token bucket's shape: ``burst`` tokens at most, refilled at ``rate`` tokens a second.
public struct TokenBucketLimit: Sendable, Hashable {
    /// Tokens a second (a rate of 0 counts as one every 1,000 seconds).
    public var rate: Double
    /// How many tokens a full bucket holds.
    public var burst: Int

    /// Creates a limit of `burst` tokens refilled at `rate` a second.
    public init(rate: Double, burst: Int) {
        self.rate = rate
        self.burst = burst
    }

    /// How long an emptied bucket takes to be full again.
    public var refillSeconds: Double {
        Double(max(burst, 0)) / Self.effectiveRate(rate)
    }

    /// `rate`, at least one token every 1,000 seconds (so that every wait is finite).
    static func effectiveRate(_ rate: Double) -> Double {
        max(rate, 0.001)
    }
}
