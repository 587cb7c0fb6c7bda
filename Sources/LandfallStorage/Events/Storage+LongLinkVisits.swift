import Foundation
import LandfallLinks
import SQLKit

extension Storage {
    /// The table of long links' visits (schema version 9).
    static let longLinkCountsTable = "long_link_counts"

    /// Adds `counts` to the stored visits of Firebase Dynamic Links long links, in one
    /// transaction: each to the count with the same link, day, platform, referrer host,
    /// campaign and in-app browser (created at 0 when missing). Concurrent calls add up.
    public func record(longLinkVisits counts: [LongLinkVisitCount]) async throws(StorageError) {
        var totals: [LongLinkVisitKey: Int] = [:]
        for count in counts where count.count != 0 { totals[count.key, default: 0] += count.count }
        guard !totals.isEmpty else { return }
        // Sorted, so that concurrent transactions lock rows in the same order (no deadlocks).
        let rows = totals.map { (hash: SHA256Hex.of($0.key.link), key: $0.key, count: $0.value) }
            .sorted { ($0.hash, $0.key.day, $0.key.platform.rawValue, $0.key.referrerHost, $0.key.campaign, $0.key.inAppBrowser)
                < ($1.hash, $1.key.day, $1.key.platform.rawValue, $1.key.referrerHost, $1.key.campaign, $1.key.inAppBrowser) }
        try await retryingConflicts { () throws(StorageError) in
            try await self.writing("recording long link visits") { database, _ in
                for chunk in rows.chunked(into: Self.rowsPerStatement) {
                    let values = chunk.map { row -> SQLQueryString in
                        let key = row.key
                        return "(\(bind: row.hash), \(bind: key.link), \(bind: key.day), \(bind: key.platform.rawValue), \(bind: key.referrerHost), \(bind: key.campaign), \(bind: key.inAppBrowser), \(bind: row.count))"
                    }
                    // VALUES names its columns column1 … column8 in both SQLite and PostgreSQL; the
                    // WHERE keeps SQLite from reading ON CONFLICT as part of a join.
                    try await database.raw("""
                        INSERT INTO long_link_counts (link_hash, link, day, platform, referrer_host, campaign, in_app, count)
                        SELECT v.column1, v.column2, v.column3, v.column4, v.column5, v.column6, v.column7, v.column8
                        FROM (VALUES \(values.joined(separator: ", "))) AS v
                        WHERE 1 = 1
                        ORDER BY v.column1, v.column3, v.column4, v.column5, v.column6, v.column7
                        ON CONFLICT (link_hash, day, platform, referrer_host, campaign, in_app)
                        DO UPDATE SET count = long_link_counts.count + excluded.count
                        """).run()
                }
            }
        }
    }

    /// The stored visits of long links, summed by link, day, platform, referrer host,
    /// campaign and in-app browser, sorted so (tests and checks).
    public func longLinkVisitCounts() async throws(StorageError) -> [LongLinkVisitCount] {
        try await reading("reading the long link visits") { database in
            try await database.raw("""
                SELECT link, day, platform, referrer_host, campaign, in_app, count FROM long_link_counts
                ORDER BY link, day, platform, referrer_host, campaign, in_app
                """).all().map { row throws(StorageError) in
                let reader = RowReader(row: row, table: Self.longLinkCountsTable)
                return LongLinkVisitCount(key: LongLinkVisitKey(
                    link: try reader.string("link"), day: try reader.string("day"), platform: try reader.platform("platform"),
                    referrerHost: try reader.string("referrer_host"), campaign: try reader.string("campaign"),
                    inAppBrowser: try reader.string("in_app")), count: try reader.int("count"))
            }
        }
    }

    /// The conditions of `filter` on `long_link_counts`; `nil` when it names a short link
    /// (long links have no id, so none of their visits are that link's).
    static func longLinkConditions(_ filter: TrafficFilter) -> [SQLQueryString]? {
        guard filter.linkID == nil else { return nil }
        var conditions: [SQLQueryString] = ["1 = 1"]
        if let from = filter.from { conditions.append("day >= \(bind: from)") }
        if let to = filter.to { conditions.append("day <= \(bind: to)") }
        if let campaign = filter.campaign { conditions.append("campaign = \(bind: campaign)") }
        return conditions
    }

    /// The long links with the most people's clicks in `filter` (then the most previews, then
    /// by link), at most `limit`: the site statistics' `byLongLink`. Empty when `filter` names
    /// a short link.
    public func longLinkTraffic(_ filter: TrafficFilter, limit: Int = TrafficStats.longLinkLimit) async throws(StorageError) -> [TrafficStats.LongLinkBucket] {
        guard let conditions = Self.longLinkConditions(filter) else { return [] }
        return try await reading("counting long link visits") { database in
            try await database.raw("""
                SELECT MIN(link) AS long_link,
                    CAST(SUM(CASE WHEN platform <> \(bind: ClickPlatform.crawler.rawValue) THEN count ELSE 0 END) AS BIGINT) AS clicks,
                    CAST(SUM(CASE WHEN platform = \(bind: ClickPlatform.crawler.rawValue) THEN count ELSE 0 END) AS BIGINT) AS previews
                FROM long_link_counts
                WHERE \(conditions.joined(separator: " AND "))
                GROUP BY link_hash
                ORDER BY clicks DESC, previews DESC, long_link
                LIMIT \(literal: max(0, limit))
                """).all().map { row throws(StorageError) in
                let reader = RowReader(row: row, table: Self.longLinkCountsTable)
                return TrafficStats.LongLinkBucket(link: try reader.string("long_link"), clicks: try reader.int("clicks"),
                                                   previews: try reader.int("previews"))
            }
        }
    }
}
