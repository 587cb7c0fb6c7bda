/// How many failed invitation codes may be tried: per client address and per code prefix
/// (the first symbols of the code), each a bucket of ``RateLimit/burst`` failures refilled at
/// ``RateLimit/requestsPerSecond``. Redemptions of real codes take nothing from them.
public struct GuessLimits: Sendable, Hashable {
    /// Failures per client address.
    public var perAddress: RateLimit
    /// Failures per code prefix, whatever the address.
    public var perPrefix: RateLimit

    /// Creates limits; by default 10 failures per address, then one every 30 seconds, and 30
    /// per prefix, then one a minute.
    public init(perAddress: RateLimit = RateLimit(requestsPerSecond: 1.0 / 30, burst: 10),
                perPrefix: RateLimit = RateLimit(requestsPerSecond: 1.0 / 60, burst: 30)) {
        self.perAddress = perAddress
        self.perPrefix = perPrefix
    }
}
