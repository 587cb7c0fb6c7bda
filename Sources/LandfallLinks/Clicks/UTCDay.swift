import Foundation

/// UTC days as clicks, events and address salts are filed under: `yyyy-MM-dd`, text that
/// sorts like the days.
public enum UTCDay {
    /// The UTC day `date` falls on: `2026-11-20`.
    public static func text(of date: Date) -> String {
        text(daysSince1970: daysSince1970(date))
    }

    /// The number of whole UTC days from 1970-01-01 to `date` (negative before it).
    public static func daysSince1970(_ date: Date) -> Int {
        Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    /// The day `days` days after 1970-01-01, by Howard Hinnant's days-to-civil algorithm
    /// (proleptic Gregorian).
    public static func text(daysSince1970 days: Int) -> String {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}
