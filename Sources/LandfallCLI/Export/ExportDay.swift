import Foundation

/// A day on the command line (`--from`, `--to`): `YYYY-MM-DD`, a real date of the Gregorian
/// calendar, as click counts are kept (UTC days).
///
/// ```swift
/// try ExportDay(parsing: "2026-11-20", option: "--from").text // "2026-11-20"
/// try ExportDay(parsing: "2026-02-30", option: "--from")      // throws: February 2026 has 28 days
/// ```
struct ExportDay: Sendable, Hashable, Comparable {
    /// The day as written, `YYYY-MM-DD`.
    let text: String

    /// Reads `argument`, given to `option`.
    ///
    /// - Throws: ``CommandFailure`` (bad input) saying what is wrong and what to write.
    init(parsing argument: String, option: String) throws(CommandFailure) {
        let parts = argument.split(separator: "-", omittingEmptySubsequences: false)
        guard argument.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else {
            throw CommandFailure(message: "\(option) '\(argument)' is not a day; write YYYY-MM-DD, such as 2026-11-20", status: .usageOrInputError)
        }
        guard (1...12).contains(month) else {
            throw CommandFailure(message: "\(option) '\(argument)' has no month \(parts[1]); months are 01 to 12 (YYYY-MM-DD)", status: .usageOrInputError)
        }
        let days = Self.days(inMonth: month, of: year)
        guard (1...days).contains(day) else {
            throw CommandFailure(message: "\(option) '\(argument)' is not a day of the calendar: \(parts[0])-\(parts[1]) has days 01 to \(days)",
                                 status: .usageOrInputError)
        }
        text = argument
    }

    static func < (lhs: ExportDay, rhs: ExportDay) -> Bool { lhs.text < rhs.text }

    /// The days of `--from` and `--to` (either may be absent), each read, and in order.
    ///
    /// - Throws: ``CommandFailure`` (bad input) for a day that does not read, or `--from` after `--to`.
    static func range(from: String?, to: String?) throws(CommandFailure) -> (from: ExportDay?, to: ExportDay?) {
        let from = try from.map { argument throws(CommandFailure) in try ExportDay(parsing: argument, option: "--from") }
        let to = try to.map { argument throws(CommandFailure) in try ExportDay(parsing: argument, option: "--to") }
        if let from, let to, to < from {
            throw CommandFailure(message: "--from \(from.text) is after --to \(to.text); give the earlier day first", status: .usageOrInputError)
        }
        return (from, to)
    }

    private static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
