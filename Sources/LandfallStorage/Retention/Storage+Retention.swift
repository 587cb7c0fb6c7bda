import Foundation
import LandfallLinks
import SQLKit

extension Storage {
    /// How many rows one statement of a retention purge deletes at most.
    public static let retentionBatchSize = 1_000

    /// Deletes the per-day click counts of days before `day` (`yyyy-MM-dd`, UTC), in batches:
    /// short links' click counts, their in-app browser clicks, and long links' visits. The
    /// links' totals (`clickCount`) stay as they are.
    ///
    /// Each batch finds its rows through the index of its table by day (schema versions 8 and
    /// 9), so a purge reads what it deletes, however far it has got and however large the table is.
    ///
    /// - Returns: How many rows were deleted, of the three tables together.
    public func purgeClickCounts(before day: String, batchSize: Int = retentionBatchSize) async throws(StorageError) -> Int {
        let clicks = try await purgeInBatches("purging click counts before \(day)", table: ClickCount.table,
                                              key: ["link_id", "day", "platform", "referrer_host"], column: "day", before: day, batchSize: batchSize)
        let inApp = try await purgeInBatches("purging in-app browser clicks before \(day)", table: Self.inAppClickCountsTable,
                                             key: ["link_id", "day", "app"], column: "day", before: day, batchSize: batchSize)
        let longLinks = try await purgeInBatches("purging long link visits before \(day)", table: Self.longLinkCountsTable,
                                                 key: ["link_hash", "day", "platform", "referrer_host", "campaign", "in_app"],
                                                 column: "day", before: day, batchSize: batchSize)
        return clicks + inApp + longLinks
    }

    /// Deletes the app events of days before `day` (`yyyy-MM-dd`, UTC), in batches, through
    /// the index on their day.
    ///
    /// - Returns: How many events were deleted.
    public func purgeEvents(before day: String, batchSize: Int = retentionBatchSize) async throws(StorageError) -> Int {
        try await purgeInBatches("purging app events before \(day)", table: AppEvent.table,
                                 key: ["id"], column: "day", before: day, batchSize: batchSize)
    }

    /// Deletes the entries of the invitations' audit log written before `date`, in batches,
    /// through the index on their moment.
    ///
    /// - Returns: How many entries were deleted.
    public func purgeInvitationAudit(before date: Date, batchSize: Int = retentionBatchSize) async throws(StorageError) -> Int {
        try await purgeInBatches("purging the invitation audit log", table: InvitationAuditEntry.table,
                                 key: ["id"], column: "occurred_at", before: Milliseconds.from(date), batchSize: batchSize)
    }

    /// Deletes the entries of the dashboard's audit log written before `date`, in batches.
    ///
    /// `dashboard_audit` has no index on its moment: each batch reads the table until it has
    /// found `batchSize` old entries (it grows as people edit, slowly).
    ///
    /// - Returns: How many entries were deleted.
    public func purgeDashboardAudit(before date: Date, batchSize: Int = retentionBatchSize) async throws(StorageError) -> Int {
        try await purgeInBatches("purging the dashboard audit log", table: DashboardAuditEntry.table,
                                 key: ["id"], column: "occurred_at", before: Milliseconds.from(date), batchSize: batchSize)
    }

    /// Deletes the rows of `table` whose `column` is below `value` (and that meet `condition`,
    /// when given), at most `batchSize` per statement (each its own transaction, so that no
    /// purge holds the write lock for long), yielding between statements, until a statement
    /// deletes fewer than `batchSize`.
    ///
    /// - Parameter key: The columns that name a row (its primary key).
    func purgeInBatches<Value: Encodable & Sendable>(
        _ action: String, table: String, key: [String], column: String, before value: Value,
        where condition: SQLQueryString? = nil, batchSize: Int
    ) async throws(StorageError) -> Int {
        let size = max(1, batchSize)
        let columns = SQLList(key.map { SQLIdentifier($0) })
        var total = 0
        while true {
            let deleted = try await writing(action) { database, _ in
                try await database.raw("""
                    DELETE FROM \(ident: table) WHERE (\(columns)) IN \
                    (SELECT \(columns) FROM \(ident: table) WHERE \(ident: column) < \(bind: value) \
                    \(condition.map { " AND (\($0))" as SQLQueryString } ?? "") LIMIT \(literal: size)) \
                    RETURNING 1 AS deleted
                    """).all().count
            }
            total += deleted
            guard deleted == size, !Task.isCancelled else { return total }
            await Task.yield()
        }
    }
}
