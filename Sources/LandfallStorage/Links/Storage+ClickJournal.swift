import Foundation
import LandfallLinks
import SQLKit

extension Storage {
    /// Adds up to `limit` of the oldest rows of the click journal to the counts (as
    /// ``record(_:alreadyCounted:journalAbove:)`` does without a journal: `click_counts`, the
    /// links' click counts, the webhook endpoints' pending clicks) and removes them from it,
    /// in one transaction.
    ///
    /// Instances sharing a PostgreSQL database fold at the same time without taking the same
    /// rows (`FOR UPDATE SKIP LOCKED`); on SQLite one transaction writes at a time.
    ///
    /// - Returns: How many journal rows were folded (0 when the journal is empty).
    @discardableResult
    public func foldClickJournal(upTo limit: Int) async throws(StorageError) -> Int {
        precondition(limit > 0, "a fold takes at least one row")
        let kind = try backend().kind
        return try await retryingConflicts { () throws(StorageError) in
            try await self.writing("adding journaled clicks to the counts") { database, _ in
                let skipLocked: SQLQueryString = kind == .postgres ? " FOR UPDATE SKIP LOCKED" : ""
                let rows = try await database.raw("""
                    SELECT id, link_id, day, platform, referrer_host, clicks, people FROM click_journal
                    ORDER BY id LIMIT \(bind: limit)\(skipLocked)
                    """).all()
                guard !rows.isEmpty else { return 0 }
                var tally = ClickTally()
                var ids: [Int] = []
                ids.reserveCapacity(rows.count)
                for row in rows {
                    let entry = try JournaledClicks(row: row)
                    ids.append(entry.id)
                    tally.add(entry.key, clicks: entry.clicks, people: entry.people)
                }
                try await tally.add(to: database, webhooks: self.keepsWebhooks, at: Date())
                for chunk in ids.chunked(into: Self.rowsPerStatement) {
                    try await database.delete(from: JournaledClicks.table).where("id", .in, Array(chunk)).run()
                }
                return rows.count
            }
        }
    }

    /// How many rows the click journal holds: counts stored but not yet added to
    /// `click_counts` and the links' click counts.
    public func clickJournalLength() async throws(StorageError) -> Int {
        try await reading("counting the click journal") { database in
            try await database.raw("SELECT COUNT(*) AS length FROM click_journal").first()?
                .decode(column: "length", as: Int.self) ?? 0
        }
    }
}

/// A row of `click_journal`.
struct JournaledClicks {
    static let table = "click_journal"

    var id: Int
    var key: ClickKey
    var clicks: Int
    var people: Int

    init(row: any SQLRow) throws(StorageError) {
        var reader = RowReader(row: row, table: Self.table)
        id = try reader.int("id")
        reader.key = String(id)
        key = try ClickKey(reading: &reader)
        clicks = try reader.int("clicks")
        people = try reader.int("people")
    }
}
