import Foundation
import LandfallLinks
import SQLKit

extension Storage {
    /// The table of short links' clicks made in in-app browsers (schema version 9).
    static let inAppClickCountsTable = "in_app_click_counts"

    /// Adds `counts` to the stored clicks made in in-app browsers, in one transaction: each to
    /// the count with the same link, day and app (created at 0 when missing). These clicks are
    /// counted in the click counts too (``record(_:alreadyCounted:journalAbove:)``): this is the
    /// share of them that was in an app's browser. Counts of links deleted meanwhile are dropped
    /// without an error; concurrent calls add up.
    public func record(inAppClicks counts: [InAppClickCount]) async throws(StorageError) {
        var totals: [InAppClickKey: Int] = [:]
        for count in counts where count.count != 0 { totals[count.key, default: 0] += count.count }
        guard !totals.isEmpty else { return }
        // Sorted, so that concurrent transactions lock rows in the same order (no deadlocks).
        let rows = totals.sorted { ($0.key.linkID, $0.key.day, $0.key.app) < ($1.key.linkID, $1.key.day, $1.key.app) }
        try await retryingConflicts { () throws(StorageError) in
            try await self.writing("recording in-app browser clicks") { database, _ in
                for chunk in rows.chunked(into: Self.rowsPerStatement) {
                    let values = chunk.map { key, count -> SQLQueryString in
                        "(\(bind: key.linkID.rawValue), \(bind: key.day), \(bind: key.app), \(bind: count))"
                    }
                    try await database.raw("""
                        INSERT INTO in_app_click_counts (link_id, day, app, count)
                        SELECT v.column1, v.column2, v.column3, v.column4
                        FROM (VALUES \(values.joined(separator: ", "))) AS v
                        WHERE EXISTS (SELECT 1 FROM links WHERE links.id = v.column1)
                        ORDER BY v.column1, v.column2, v.column3
                        ON CONFLICT (link_id, day, app)
                        DO UPDATE SET count = in_app_click_counts.count + excluded.count
                        """).run()
                }
            }
        }
    }

    /// People's clicks made in each in-app browser in `filter`, as buckets of the app's name
    /// and its clicks (`byInAppBrowser`): of short links (of the one link `filter` names, if
    /// it names one) and, for the site's, of long links. Apps without clicks are left out.
    public func inAppBrowserTraffic(_ filter: TrafficFilter) async throws(StorageError) -> [TrafficStats.Bucket] {
        var conditions: [SQLQueryString] = ["1 = 1"]
        if let id = filter.linkID { conditions.append("a.link_id = \(bind: id.rawValue)") }
        if let from = filter.from { conditions.append("a.day >= \(bind: from)") }
        if let to = filter.to { conditions.append("a.day <= \(bind: to)") }
        if let campaign = filter.campaign { conditions.append("COALESCE(l.utm_campaign, '') = \(bind: campaign)") }
        let shortLinks: SQLQueryString = """
            SELECT a.app AS app, CAST(SUM(a.count) AS BIGINT) AS count
            FROM in_app_click_counts a JOIN links l ON l.id = a.link_id
            WHERE \(conditions.joined(separator: " AND "))
            GROUP BY a.app
            """
        let longLinks: SQLQueryString? = Self.longLinkConditions(filter).map { conditions in
            """
            SELECT in_app AS app, CAST(SUM(count) AS BIGINT) AS count
            FROM long_link_counts
            WHERE in_app <> '' AND platform <> \(bind: ClickPlatform.crawler.rawValue) AND \(conditions.joined(separator: " AND "))
            GROUP BY in_app
            """
        }
        return try await reading("counting in-app browser clicks") { database in
            var apps: [String: Int] = [:]
            for query in [shortLinks] + [longLinks].compactMap({ $0 }) {
                for row in try await database.raw(query).all() {
                    let reader = RowReader(row: row, table: Self.inAppClickCountsTable)
                    apps[try reader.string("app"), default: 0] += try reader.int("count")
                }
            }
            return apps.filter { $0.value > 0 }.map { TrafficStats.Bucket(key: $0.key, count: $0.value) }.sorted { $0.key < $1.key }
        }
    }

    /// The stored in-app browser clicks of the link with `id`, by day and app (ordered so).
    public func inAppClickCounts(linkID: LinkID) async throws(StorageError) -> [InAppClickCount] {
        try await reading("reading the in-app browser clicks of \(linkID)") { database in
            try await database.raw("""
                SELECT link_id, day, app, count FROM in_app_click_counts WHERE link_id = \(bind: linkID.rawValue) ORDER BY day, app
                """).all().map { row throws(StorageError) in
                let reader = RowReader(row: row, table: Self.inAppClickCountsTable)
                return InAppClickCount(key: InAppClickKey(linkID: linkID, day: try reader.string("day"), app: try reader.string("app")),
                                       count: try reader.int("count"))
            }
        }
    }
}
