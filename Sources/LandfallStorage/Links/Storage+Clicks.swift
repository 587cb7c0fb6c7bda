import Foundation
import LandfallLinks
import SQLKit

extension Storage {
    /// Adds `counts` to the stored ones, in one transaction: each to the count with the same
    /// link, day, platform and referrer host (created at 0 when missing), and people's clicks
    /// (every platform but `ClickPlatform.crawler`) to their link's `ShortLink.clickCount`.
    ///
    /// `alreadyCounted` are people's clicks that ``takeClick(of:)`` added to their link's
    /// click count one by one (links with a click limit): they are added to the counts by day,
    /// platform and referrer host only.
    ///
    /// Counts of links deleted meanwhile are dropped without an error. Concurrent calls, from
    /// this process or others, add up. The same transaction adds them to the clicks waiting
    /// for each webhook endpoint that wants `link.clicked` (``WebhookOutbox``).
    public func record(_ counts: [ClickCount], alreadyCounted: [ClickCount] = []) async throws(StorageError) {
        // Merged and sorted, so that concurrent transactions lock rows in the same order
        // (no deadlocks) and each row is written once.
        let merged = (counts + alreadyCounted).reduce(into: [ClickKey: Int]()) { merged, count in
            if count.count != 0 { merged[count.key, default: 0] += count.count }
        }
        guard !merged.isEmpty else { return }
        let keys = merged.keys.sorted { ($0.linkID, $0.day, $0.platform.rawValue, $0.referrerHost) < ($1.linkID, $1.day, $1.platform.rawValue, $1.referrerHost) }
        var people: [LinkID: Int] = [:]
        for count in counts where count.key.platform != .crawler && count.count != 0 {
            people[count.key.linkID, default: 0] += count.count
        }
        let linkTotals = people.sorted { $0.key < $1.key }
        // A link deleted between the check and the insert fails the foreign key: try again.
        for attempt in 1...3 {
            do {
                try await writing("recording clicks") { database, _ in
                    // A few statements of many rows each, not two per link: a flush of a busy
                    // second's clicks spread over a thousand links is a handful of statements.
                    for chunk in keys.chunked(into: Self.rowsPerStatement) {
                        let rows = chunk.map { key -> SQLQueryString in
                            "(\(bind: key.linkID.rawValue), \(bind: key.day), \(bind: key.platform.rawValue), \(bind: key.referrerHost), \(bind: merged[key] ?? 0))"
                        }
                        // VALUES names its columns column1 … column5 in both SQLite and PostgreSQL.
                        try await database.raw("""
                            INSERT INTO click_counts (link_id, day, platform, referrer_host, count)
                            SELECT v.column1, v.column2, v.column3, v.column4, v.column5
                            FROM (VALUES \(rows.joined(separator: ", "))) AS v
                            WHERE EXISTS (SELECT 1 FROM links WHERE links.id = v.column1)
                            ON CONFLICT (link_id, day, platform, referrer_host)
                            DO UPDATE SET count = click_counts.count + excluded.count
                            """).run()
                    }
                    for chunk in linkTotals.chunked(into: Self.rowsPerStatement) {
                        let rows = chunk.map { id, count -> SQLQueryString in "(\(bind: id.rawValue), \(bind: count))" }
                        try await database.raw("""
                            UPDATE links SET click_count = click_count + v.column2
                            FROM (VALUES \(rows.joined(separator: ", "))) AS v
                            WHERE links.id = v.column1
                            """).run()
                    }
                    if self.keepsWebhooks { try await WebhookOutbox.enqueueClicks(merged, in: database, at: Date()) }
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

    /// How many rows one statement of ``record(_:alreadyCounted:)`` writes (5 values each, far
    /// below SQLite's 32,766 and PostgreSQL's 65,535 bound parameters).
    static let rowsPerStatement = 500

    /// Adds one of people's clicks to the click count of the link with `id` if its click limit
    /// allows one more, in one conditional statement: however many instances and requests take
    /// clicks of a link at once, it admits exactly `maxClicks`. A link without a limit (one
    /// changed meanwhile) always takes it.
    ///
    /// - Returns: `.taken` with the click count it now has, `.limitReached` with the count
    ///   that reached it, or `.missing` when the link was deleted.
    public func takeClick(of id: LinkID) async throws(StorageError) -> ClickTake {
        try await writing("taking a click of \(id)") { database, _ in
            let taken = try await database.raw("""
                UPDATE links SET click_count = click_count + 1
                WHERE id = \(bind: id.rawValue) AND (max_clicks IS NULL OR click_count < max_clicks)
                RETURNING click_count
                """).first()
            if let taken {
                return .taken(clickCount: try taken.decode(column: "click_count", as: Int.self))
            }
            let current = try await database.select().column("click_count").from(ShortLink.table)
                .where("id", .equal, id.rawValue).first()
            guard let current else { return .missing }
            return .limitReached(clickCount: try current.decode(column: "click_count", as: Int.self))
        }
    }
}

/// What ``Storage/takeClick(of:)`` did.
public enum ClickTake: Sendable, Hashable {
    /// The click was added; the link now has `clickCount` clicks.
    case taken(clickCount: Int)
    /// The link's `maxClicks` was reached: it has `clickCount` clicks, and kept them.
    case limitReached(clickCount: Int)
    /// There is no link with this id.
    case missing
}

extension Array {
    /// The elements in consecutive slices of at most `size`.
    func chunked(into size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
