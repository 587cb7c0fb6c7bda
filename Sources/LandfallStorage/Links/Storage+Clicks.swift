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
    /// With `journalAbove`, clicks of more distinct counts than that are appended to the click
    /// journal instead (``ClickRecording/journaled(_:)``): one pass at the end of one table,
    /// where adding them to the counts of a million links spread over the whole database costs
    /// a page written per link. ``foldClickJournal(upTo:)`` adds them to the counts later.
    ///
    /// Counts of links deleted meanwhile are dropped without an error. Concurrent calls, from
    /// this process or others, add up. The same transaction adds them to the clicks waiting
    /// for each webhook endpoint that wants `link.clicked` (`WebhookOutbox`); journaled
    /// clicks are, when they are folded.
    @discardableResult
    public func record(_ counts: [ClickCount], alreadyCounted: [ClickCount] = [],
                       journalAbove: Int? = nil) async throws(StorageError) -> ClickRecording {
        let tally = ClickTally(counts: counts, alreadyCounted: alreadyCounted)
        guard !tally.isEmpty else { return .counted(0) }
        if let journalAbove, tally.totals.count > journalAbove {
            try await writing("journaling clicks") { database, _ in try await tally.append(to: database) }
            return .journaled(tally.totals.count)
        }
        try await retryingConflicts { () throws(StorageError) in
            try await self.writing("recording clicks") { database, _ in
                try await tally.add(to: database, webhooks: self.keepsWebhooks, at: Date())
            }
        }
        return .counted(tally.totals.count)
    }

    /// Runs `write` again (three times in all) when it failed because a link was deleted
    /// between a statement's check that it exists and its insert (a foreign key violation), or
    /// because PostgreSQL ended it to break a deadlock with another instance's write.
    func retryingConflicts<Result>(_ write: () async throws(StorageError) -> Result) async throws(StorageError) -> Result {
        var attempt = 1
        while true {
            do {
                return try await write()
            } catch let error where attempt < 3 && Self.mayRetry(error) {
                attempt += 1
            }
        }
    }

    private static func mayRetry(_ error: StorageError) -> Bool {
        let cause = error.underlying ?? error
        return StorageError.violation(in: cause) == .foreignKey || StorageError.isConflict(cause)
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

    /// How many rows one statement of ``record(_:alreadyCounted:journalAbove:)`` writes (at
    /// most 6 values each, far below SQLite's 32,766 and PostgreSQL's 65,535 bound parameters).
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

/// Where ``Storage/record(_:alreadyCounted:journalAbove:)`` put the clicks.
public enum ClickRecording: Sendable, Hashable {
    /// Added to the counts: that many distinct counts (a link, a day, a platform and a referrer each).
    case counted(Int)
    /// Appended to the click journal, that many distinct counts, to be folded into the counts later.
    case journaled(Int)
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
