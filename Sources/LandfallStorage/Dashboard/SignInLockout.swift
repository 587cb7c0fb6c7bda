import Foundation

/// How wrong passwords slow down the next sign-in to an account, whichever instance or address
/// they come from (the count is stored with the user): a few are free, then each further try
/// waits twice as long as the last, up to a cap. A successful sign-in starts the count again.
///
/// ```swift
/// if let wait = SignInLockout().wait(for: user, at: now) {
///     // refuse, saying to try again in `wait` seconds, without checking the password
/// }
/// ```
public struct SignInLockout: Sendable, Hashable {
    /// Wrong passwords allowed in a row before any waiting (5 by default).
    public var freeFailures: Int
    /// The wait after the first failure past the free ones, in seconds (30 by default).
    public var firstWait: TimeInterval
    /// The longest wait, in seconds (15 minutes by default).
    public var longestWait: TimeInterval

    /// Creates a lockout rule.
    public init(freeFailures: Int = 5, firstWait: TimeInterval = 30, longestWait: TimeInterval = 900) {
        self.freeFailures = freeFailures
        self.firstWait = firstWait
        self.longestWait = longestWait
    }

    /// How many seconds `user` must still wait at `now` before a password is checked, or `nil`
    /// when a try is allowed.
    public func wait(for user: DashboardUser, at now: Date) -> TimeInterval? {
        guard user.failedSignIns >= freeFailures, let last = user.lastFailedSignInAt else { return nil }
        let doublings = min(user.failedSignIns - freeFailures, 20)
        let wait = min(firstWait * Double(1 << doublings), longestWait)
        let remaining = last.addingTimeInterval(wait).timeIntervalSince(now)
        return remaining > 0 ? remaining : nil
    }
}
