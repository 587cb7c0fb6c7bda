import Foundation
import LandfallLinks

/// What the overview and a link's page both show of traffic, as their templates' values: clicks
/// per day over the last 30 days (the `daily-chart` partial), the platforms people clicked
/// from and the in-app browsers they clicked in (the `meter` partial).
enum TrafficPageValues {
    /// The last 30 days in UTC, up to the day of `now`, oldest first (`yyyy-MM-dd`).
    static func lastThirtyDays(to now: Date) -> [String] {
        let today = UTCDay.daysSince1970(now)
        return (today - 29...today).map { UTCDay.text(daysSince1970: $0) }
    }

    /// The chart of `stats`' clicks on `days`, with its labels: `dailyChart` (the image),
    /// `dailyChartText` (its text), `chartHighest`, `chartFirstDay` and `chartLastDay`.
    static func chart(_ stats: TrafficStats, days: [String]) -> [String: Any] {
        let perDay = Dictionary(uniqueKeysWithValues: stats.byDay.map { ($0.key, $0.count) })
        let chart = DailyChart(days: days.map { ($0, perDay[$0] ?? 0) })
        return [
            "dailyChart": chart.dataURL, "dailyChartText": chart.text, "chartHighest": chart.highest,
            "chartFirstDay": days.first ?? "", "chartLastDay": days.last ?? "",
        ]
    }

    /// The platforms with clicks, crawlers left out, each a meter against the busiest.
    static func platforms(_ stats: TrafficStats) -> [[String: Any]] {
        let people = stats.byPlatform.filter { $0.key != ClickPlatform.crawler.rawValue && $0.count > 0 }
        let top = max(people.map(\.count).max() ?? 0, 1)
        return people.map { ["label": $0.key, "value": $0.count, "step": step($0.count, of: top)] }
    }

    /// The in-app browsers people clicked in, each a meter against the busiest.
    static func inAppBrowsers(_ stats: TrafficStats) -> [[String: Any]] {
        let top = max(stats.byInAppBrowser.map(\.count).max() ?? 0, 1)
        return stats.byInAppBrowser.map { ["label": $0.key, "value": $0.count, "step": step($0.count, of: top)] }
    }

    /// `value` out of `top` in twentieths (a bar's width class, `w0` to `w20`).
    static func step(_ value: Int, of top: Int) -> Int {
        min(20, max(0, Int((Double(value) / Double(max(top, 1)) * 20).rounded())))
    }
}
