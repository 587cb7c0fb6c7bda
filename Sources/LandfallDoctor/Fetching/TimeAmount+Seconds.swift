import NIOCore

extension TimeAmount {
    /// A time amount from seconds with a fraction (`0.5` is 500 ms); negative values are zero,
    /// and values beyond a century are a century.
    static func fractionalSeconds(_ seconds: Double) -> TimeAmount {
        let bounded = min(max(seconds, 0), 100 * 365 * 86_400)
        return .nanoseconds(Int64((bounded * 1_000_000_000).rounded()))
    }
}
