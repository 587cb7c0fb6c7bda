import Foundation

/// Moments written as ISO 8601 text in tests.
enum Moment {
    /// The moment `text` names (`2026-11-20T17:00:00Z`, `2026-11-19T18:30:00Z`); a test's own
    /// literal, so a typo stops the test with the text it could not read.
    static func parse(_ text: String) -> Date {
        guard let date = try? Date.ISO8601FormatStyle().parse(text) else {
            preconditionFailure("not an ISO 8601 moment with a time zone: \(text)")
        }
        return date
    }
}
