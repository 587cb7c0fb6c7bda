import Foundation
import LandfallLinks

/// How the dashboard writes a moment, always in UTC: to the minute for lists
/// (`2026-11-21 05:00 UTC`), to the second where order matters (`2026-11-21 05:00:07 UTC`: the
/// audit logs, a link's times), as a `datetime-local` field's value (`2026-11-21T05:00:07`), and
/// relative to now for a person (`in 3 days`, `2 hours ago`).
enum DashboardTime {
    /// `2026-11-21 05:00 UTC`.
    static func minute(_ date: Date) -> String {
        let (day, hour, minute, _) = parts(date)
        return "\(day) \(hour):\(minute) UTC"
    }

    /// `2026-11-21 05:00:07 UTC`.
    static func second(_ date: Date) -> String {
        let (day, hour, minute, second) = parts(date)
        return "\(day) \(hour):\(minute):\(second) UTC"
    }

    /// `2026-11-21T05:00:07`: the value of a `datetime-local` field read as UTC.
    static func fieldValue(_ date: Date) -> String {
        let (day, hour, minute, second) = parts(date)
        return "\(day)T\(hour):\(minute):\(second)"
    }

    /// The RFC 3339 time of what a person typed in a date-and-time field, read as UTC when it
    /// names no zone: what a `datetime-local` input sends (`2026-12-31T23:59`, with or without
    /// seconds, `T` or a space between), a day (`2026-12-31`, its midnight), or an RFC 3339 time
    /// with its zone, kept. `nil` when the text has none of these shapes.
    static func rfc3339(typed text: String) -> String? {
        if text.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil { return text + "T00:00:00Z" }
        guard let match = text.wholeMatch(of: /(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2})(:\d{2}(?:\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})?/) else {
            return nil
        }
        let (_, day, minute, seconds, zone) = match.output
        // A zone takes the seconds with it, as RFC 3339 writes them.
        if zone != nil && seconds == nil { return nil }
        return "\(day)T\(minute)\(seconds ?? ":00")\(zone ?? "Z")"
    }

    /// `in 3 days`, `in 5 hours`, `in 20 minutes`, `in under a minute`, or the same with `ago`
    /// for a moment past: whole units, rounded down, days from 48 hours on.
    static func relative(_ date: Date, from now: Date) -> String {
        let seconds = Int(date.timeIntervalSince(now))
        let distance = abs(seconds)
        let amount: String
        switch distance {
        case ..<60: return seconds >= 0 ? "in under a minute" : "under a minute ago"
        case ..<3600: amount = count(distance / 60, "minute")
        case ..<(48 * 3600): amount = count(distance / 3600, "hour")
        default: amount = count(distance / 86_400, "day")
        }
        return seconds >= 0 ? "in \(amount)" : "\(amount) ago"
    }

    /// The day (`yyyy-MM-dd`) and the hour, minute and second of `date` in UTC, two digits each.
    private static func parts(_ date: Date) -> (day: String, hour: String, minute: String, second: String) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let inDay = seconds - days * 86_400
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return (UTCDay.text(daysSince1970: days), two(inDay / 3600), two(inDay / 60 % 60), two(inDay % 60))
    }

    private static func count(_ number: Int, _ unit: String) -> String {
        "\(number) \(unit)\(number == 1 ? "" : "s")"
    }
}
