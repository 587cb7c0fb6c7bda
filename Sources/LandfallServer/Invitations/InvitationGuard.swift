import Foundation
import LandfallStorage
import Logging

/// Throttles guessing of invitation codes, keyed on the guesser: failures (codes that do not
/// exist: unknown or malformed) are counted per client address and in one budget for all
/// addresses (``GuessLimits``), in token buckets shared by every instance on one PostgreSQL
/// database (``SharedLimiter``; on SQLite, in this instance's memory).
///
/// Only answers about codes that do not exist are throttled; a code that exists is always
/// looked up and answered (``InvitationGate``). So a script guessing from behind a NAT
/// cannot lock out its neighbours, and guessing around a real code's beginning, from any
/// number of addresses, cannot lock out the code.
final class InvitationGuard: Sendable {
    /// The limit that holds.
    enum Throttle: String {
        /// The address's failures (``GuessLimits/perAddress``).
        case address
        /// All addresses' failures together (``GuessLimits/global``).
        case global
    }

    private let addresses: SharedLimiter
    private let everyone: SharedLimiter

    /// The key of the one bucket of ``everyone``.
    private static let allAddresses = "*"

    /// The throttle of `limits`, shared through `storage` when it is PostgreSQL.
    init(limits: GuessLimits, storage: Storage, clock: @escaping @Sendable () -> Date, logger: Logger) {
        addresses = SharedLimiter("invite-guess", limit: limits.perAddress, storage: storage, clock: clock, logger: logger)
        everyone = SharedLimiter("invite-guesses", limit: limits.global, storage: storage, clock: clock, logger: logger, shardCount: 1)
    }

    /// Whether a failure by `address` would be over a limit now, without counting one: `nil`
    /// when it would not, else the limit that holds and the seconds to wait.
    func check(address: String) async -> (Throttle, retryAfter: Int)? {
        if case .limited(let wait) = await addresses.check(address) { return (.address, wait) }
        if case .limited(let wait) = await everyone.check(Self.allAddresses) { return (.global, wait) }
        return nil
    }

    /// Counts a failure by `address`: `nil` when it is within the limits (it is answered as
    /// what it is), else the limit that holds and the seconds to wait. A failure over the
    /// address's limit is not counted in the global budget.
    func recordFailure(address: String) async -> (Throttle, retryAfter: Int)? {
        if case .limited(let wait) = await addresses.admit(address) { return (.address, wait) }
        if case .limited(let wait) = await everyone.admit(Self.allAddresses) { return (.global, wait) }
        return nil
    }
}
