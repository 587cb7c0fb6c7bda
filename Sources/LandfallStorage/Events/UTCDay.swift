import Foundation

/// UTC days as the database keeps them: `yyyy-MM-dd` text, which sorts like the days.
enum UTCDay {
    /// The calendar days are counted in.
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    /// The UTC day `date` falls on: `2026-11-20`.
    static func text(of date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        func pad(_ value: Int?, _ width: Int) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))"
    }

    /// The UTC day `days` days before the one `date` falls on.
    static func text(of date: Date, minusDays days: Int) -> String {
        text(of: date.addingTimeInterval(-Double(days) * 86_400))
    }
}
