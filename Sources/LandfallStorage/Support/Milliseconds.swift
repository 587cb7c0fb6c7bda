import Foundation

/// Dates as the database keeps them: whole milliseconds since 1970-01-01 UTC, in an integer
/// column (the same in SQLite and PostgreSQL, and independent of either's time zone settings).
enum Milliseconds {
    /// `date` in milliseconds, rounded down.
    static func from(_ date: Date) -> Int {
        Int((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// The date `milliseconds` after 1970-01-01 UTC.
    static func date(_ milliseconds: Int) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
