/// Throttles guessing of invitation codes: failed attempts (unknown or malformed codes) are
/// counted per client address and per code prefix, each in token buckets of this instance;
/// when either is empty, redemptions and invitation pages answer 429 before any lookup.
///
/// Only failures take tokens, so people redeeming real codes are never slowed by it, while a
/// script guessing codes gets ``GuessLimits/perAddress`` tries and then one now and then. The
/// prefix buckets catch guessing spread over many addresses around one prefix.
final class InvitationGuard: Sendable {
    /// What was exhausted.
    enum Throttle: String {
        case address
        case prefix
    }

    private let addresses: RateLimiter
    private let prefixes: RateLimiter

    init(limits: GuessLimits) {
        addresses = RateLimiter(limit: limits.perAddress)
        prefixes = RateLimiter(limit: limits.perPrefix)
    }

    /// Whether `address` may try a code starting with `prefix` now; `nil` when it may, else
    /// which limit holds and the seconds to wait.
    func check(address: String, prefix: String?) -> (Throttle, retryAfter: Int)? {
        if case .limited(let wait) = addresses.check(address) { return (.address, wait) }
        if let prefix, case .limited(let wait) = prefixes.check(prefix) { return (.prefix, wait) }
        return nil
    }

    /// Counts a failed attempt by `address` on a code starting with `prefix` (none for a code
    /// too malformed to have one).
    func recordFailure(address: String, prefix: String?) {
        _ = addresses.admit(address)
        if let prefix { _ = prefixes.admit(prefix) }
    }
}
