/// How many invitation codes that do not exist (unknown or malformed) may be tried: per
/// client address, and from all addresses together, for guessing spread over many addresses;
/// counted together by every instance on one PostgreSQL database (on SQLite, one instance).
/// Each is a bucket of ``RateLimit/burst`` failures refilled at ``RateLimit/requestsPerSecond``.
///
/// Past either limit, codes that do not exist are answered 429 `invite_rate_limited` with
/// `Retry-After`. A code that exists is always looked up and answered (redeemed, or refused
/// for what it is), whoever asks, and takes nothing from either limit: a guesser cannot lock
/// out the people who share its address, nor anyone else.
///
/// ```swift
/// var configuration = ServerConfiguration(site: .demo)
/// configuration.inviteGuessLimits = GuessLimits(perAddress: RateLimit(requestsPerSecond: 1.0 / 60, burst: 5))
/// ```
public struct GuessLimits: Sendable, Hashable {
    /// Failures per client address.
    public var perAddress: RateLimit
    /// Failures from all addresses together. A failure refused by ``perAddress`` takes
    /// nothing from it, so one address cannot spend it alone.
    public var global: RateLimit

    /// Creates limits; by default 10 failures per address, then one every 30 seconds, and
    /// 300 from all addresses together, then one a second (far more than people mistyping
    /// codes make; codes have about 74 random bits, so the limits are there to make scripts
    /// give up and keep their load small, not to protect the codes).
    public init(perAddress: RateLimit = RateLimit(requestsPerSecond: 1.0 / 30, burst: 10),
                global: RateLimit = RateLimit(requestsPerSecond: 1, burst: 300)) {
        self.perAddress = perAddress
        self.global = global
    }
}
