import LandfallLinks
import SQLKit

extension Storage {
    /// Adds `counts` to the stored ones, in one transaction: each to the count with the same
    /// link, day, platform and referrer host (created at 0 when missing), and people's clicks
    /// (every platform but `ClickPlatform.crawler`) to their link's `ShortLink.clickCount`.
    ///
    /// Counts of links deleted meanwhile are dropped without an error. Concurrent calls, from
    /// this process or others, add up.
    public func record(_ counts: [ClickCount]) async throws(StorageError) {
        // Merged and sorted, so that concurrent transactions lock rows in the same order
        // (no deadlocks) and each row is written once.
        let merged = counts.reduce(into: [ClickKey: Int]()) { merged, count in
            if count.count != 0 { merged[count.key, default: 0] += count.count }
        }
        guard !merged.isEmpty else { return }
        let keys = merged.keys.sorted { ($0.linkID, $0.day, $0.platform.rawValue, $0.referrerHost) < ($1.linkID, $1.day, $1.platform.rawValue, $1.referrerHost) }
        var people: [LinkID: Int] = [:]
        for key in keys where key.platform != .crawler {
            people[key.linkID, default: 0] += merged[key] ?? 0
        }
        let linkTotals = people.sorted { $0.key < $1.key }
        // A link deleted between the check and the insert fails the foreign key: try again.
        for attempt in 1...3 {
            do {
                try await writing("recording clicks") { database, _ in
                    for key in keys {
                        let count = merged[key] ?? 0
                        try await database.raw("""
                            INSERT INTO click_counts (link_id, day, platform, referrer_host, count)
                            SELECT \(bind: key.linkID.rawValue), \(bind: key.day), \(bind: key.platform.rawValue), \(bind: key.referrerHost), \(bind: count)
                            WHERE EXISTS (SELECT 1 FROM links WHERE id = \(bind: key.linkID.rawValue))
                            ON CONFLICT (link_id, day, platform, referrer_host)
                            DO UPDATE SET count = click_counts.count + excluded.count
                            """).run()
                    }
                    for (id, count) in linkTotals {
                        try await database.update(ShortLink.table)
                            .set(SQLIdentifier("click_count"), to: SQLBinaryExpression(SQLIdentifier("click_count"), .add, SQLBind(count)))
                            .where("id", .equal, id.rawValue)
                            .run()
                    }
                }
                return
            } catch let error where attempt < 3 && StorageError.violation(in: error.underlying ?? error) == .foreignKey {
                continue
            }
        }
    }

    /// The stored counts of the link with `id`, by day, platform and referrer host (ordered so).
    public func clickCounts(linkID: LinkID) async throws(StorageError) -> [ClickCount] {
        try await reading("reading the click counts of \(linkID)") { database in
            try await database.select()
                .columns("link_id", "day", "platform", "referrer_host", "count")
                .from(ClickCount.table)
                .where("link_id", .equal, linkID.rawValue)
                .orderBy("day").orderBy("platform").orderBy("referrer_host")
                .all()
                .map { row throws(StorageError) in try ClickCount(row: row) }
        }
    }
}
