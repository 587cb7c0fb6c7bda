import Foundation
import Hummingbird
import LandfallLinks
import LandfallStorage

/// `GET /`: clicks, installs and app opens today and over 7 and 30 days, clicks per day as a
/// chart, the click → install → open funnel, the platforms, the most clicked links, the
/// in-app browsers people clicked in and the most visited long links. The
/// numbers are the statistics API's (``TrafficStats``), after this instance's buffered clicks
/// are written.
struct OverviewRoutes: Sendable {
    let storage: Storage
    let clicks: ClickRecorder
    let clock: @Sendable () -> Date

    func addRoutes(to group: RouterGroup<DashboardContext>) {
        group.get("/", use: overview)
    }

    @Sendable func overview(_ request: Request, context: DashboardContext) async throws -> Response {
        try await clicks.flush()
        let days = TrafficPageValues.lastThirtyDays(to: clock())
        let today = days[29]
        let monthFilter = TrafficFilter(from: days[0], to: today)
        let counts = try await storage.trafficCounts(monthFilter)
        let month = TrafficStats(counts: counts, longLinks: try await storage.longLinkTraffic(monthFilter, limit: 10),
                                 inAppBrowsers: try await storage.inAppBrowserTraffic(monthFilter))
        let week = TrafficStats(counts: counts.filter { $0.day >= days[23] })
        let day = TrafficStats(counts: counts.filter { $0.day == today })
        let periods: [[String: Any]] = [("Today", day), ("Last 7 days", week), ("Last 30 days", month)].map { label, stats in
            ["label": label, "clicks": stats.clicks, "installs": stats.installs, "opens": stats.opens]
        }
        let funnelTop = max(month.clicks, month.installs, month.opens, 1)
        let funnel: [[String: Any]] = [("Clicks", month.clicks), ("Installs", month.installs), ("App opens", month.opens)].map { label, value in
            ["label": label, "value": value, "step": TrafficPageValues.step(value, of: funnelTop)]
        }
        let host = try context.server.host
        let topLinks: [[String: Any]] = try await storage.mostClickedLinks(limit: 5).map { link in
            ["shortURL": Self.shown(link, on: host), "title": link.preview.title ?? "", "clicks": link.clickCount]
        }
        var values: [String: Any] = [
            "overviewCurrent": true, "periods": periods, "funnel": funnel, "platforms": TrafficPageValues.platforms(month),
            "inAppBrowsers": TrafficPageValues.inAppBrowsers(month),
        ]
        if !month.byLongLink.isEmpty {
            values["longLinks"] = month.byLongLink.map { ["link": $0.link, "clicks": $0.clicks, "previews": $0.previews] as [String: Any] }
            values["hasLongLinks"] = true
        }
        values.merge(TrafficPageValues.chart(month, days: days)) { ours, _ in ours }
        if !topLinks.isEmpty {
            values["topLinks"] = topLinks
            values["hasTopLinks"] = true
        }
        return try DashboardPage.response("overview", title: "Overview", values: values, context: context)
    }

    /// A link's short URL as the person reading the dashboard can open it: through the link
    /// host's development name (`http://go.localhost:8080/friday`, https when landfall holds
    /// the certificate) when the dashboard was
    /// reached through one, else its https URL.
    static func shown(_ link: ShortLink, on host: ServedHost) -> String {
        guard host.role.isLocal, let name = host.site.configuration.hosts.localName(for: link.host) else { return link.url }
        return "\(host.connectionScheme)://\(name)\(host.name.port.map { ":\($0)" } ?? "")/\(link.slug)"
    }
}
