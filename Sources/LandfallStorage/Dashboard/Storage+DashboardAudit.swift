import Foundation
import SQLKit

extension Storage {
    /// Appends `entry` to the dashboard's audit log.
    public func recordDashboardAudit(_ entry: DashboardAuditEntry) async throws(StorageError) {
        try await writing("recording a dashboard audit entry (\(entry.action))") { database, _ in
            try await database.insert(into: DashboardAuditEntry.table).columns(DashboardAuditEntry.columns).values(entry.rowValues).run()
        }
    }

    /// The newest entries of the dashboard's audit log, newest first.
    ///
    /// - Parameters:
    ///   - limit: How many entries at most, within ``DashboardAuditEntry/limits`` (values
    ///     outside are clamped).
    ///   - before: Only entries written before the one with this id: the `id` of the last
    ///     entry of the previous page.
    public func dashboardAudit(limit: Int, before: Int? = nil) async throws(StorageError) -> [DashboardAuditEntry] {
        try await reading("reading the dashboard audit log") { database in
            var select = database.select().column("id").columns(DashboardAuditEntry.columns).from(DashboardAuditEntry.table)
            if let before {
                select = select.where("id", .lessThan, before)
            }
            return try await select.orderBy("id", .descending)
                .limit(min(max(limit, DashboardAuditEntry.limits.lowerBound), DashboardAuditEntry.limits.upperBound))
                .all()
                .map { row throws(StorageError) in try DashboardAuditEntry(row: row) }
        }
    }
}
