import Foundation

/// The server's clock in a test: it reads what the test set, and moves only when the test
/// moves it, so a test can stand one second before midnight and then at midnight.
///
/// ```swift
/// let clock = MovableClock(at: "2026-11-20T04:59:59Z")
/// let server = try await TestServer(clock: clock)
/// clock.advance(by: 1)
/// ```
final class MovableClock: @unchecked Sendable {
    // Safe: `moment` is only read and written while `lock` is held.
    private let lock = NSLock()
    private var moment: Date

    /// A clock standing at `moment`.
    init(at moment: Date) {
        self.moment = moment
    }

    /// A clock standing at an ISO 8601 moment such as `2026-11-20T17:00:00Z`.
    convenience init(at text: String) {
        self.init(at: Moment.parse(text))
    }

    /// The time the clock shows.
    var now: Date { lock.withLock { moment } }

    /// Sets the clock to `moment`.
    func set(_ moment: Date) {
        lock.withLock { self.moment = moment }
    }

    /// Sets the clock to an ISO 8601 moment.
    func set(_ text: String) {
        set(Moment.parse(text))
    }

    /// Moves the clock by `seconds` (back when negative).
    func advance(by seconds: TimeInterval) {
        lock.withLock { moment = moment.addingTimeInterval(seconds) }
    }

    /// The clock as ``ServerConfiguration/clock`` takes it.
    var reading: @Sendable () -> Date { { self.now } }
}
