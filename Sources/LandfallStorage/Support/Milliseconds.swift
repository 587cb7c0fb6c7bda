import Foundation

/// Dates as the database keeps them: whole milliseconds since 1970-01-01 UTC, in an integer
/// column (the same in SQLite and PostgreSQL, and independent of either's time zone settings).
///
/// A date read back is `Date(timeIntervalSince1970: Double(milliseconds) / 1000)`: a date made
/// that way round-trips exactly; any other comes back at its nearest millisecond.
enum Milliseconds {
    /// `date` in milliseconds, rounded to the nearest (so that a date computed as a whole
    /// number of milliseconds, slightly off in binary, keeps its millisecond).
    static func from(_ date: Date) -> Int {
        Int((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// The date `milliseconds` after 1970-01-01 UTC.
    static func date(_ milliseconds: Int) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
