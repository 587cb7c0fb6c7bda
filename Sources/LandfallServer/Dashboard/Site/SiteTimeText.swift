import Foundation
import LandfallLinks

/// How the site and API-key pages write a moment: in UTC to the minute
/// (`2026-11-21 05:00 UTC`), and relative to now for a person (`in 3 days`, `2 hours ago`).
enum SiteTimeText {
    /// `2026-11-21 05:00 UTC`.
    static func utc(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let inDay = seconds - days * 86_400
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(UTCDay.text(daysSince1970: days)) \(two(inDay / 3600)):\(two(inDay / 60 % 60)) UTC"
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

    private static func count(_ number: Int, _ unit: String) -> String {
        "\(number) \(unit)\(number == 1 ? "" : "s")"
    }
}
