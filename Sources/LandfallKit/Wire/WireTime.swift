import Foundation

/// Times as the API writes them: RFC 3339 in UTC, with milliseconds when the server writes
/// them (`2026-11-21T12:00:00.000Z`); read with or without fractional seconds.
enum WireTime {
    /// `date` with milliseconds, as the server writes times.
    static func string(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// The date of RFC 3339 text, with or without fractional seconds.
    static func date(_ text: String) -> Date? {
        (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
            ?? (try? Date.ISO8601FormatStyle().parse(text))
    }
}
