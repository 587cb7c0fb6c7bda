import Foundation
import SQLKit

extension Storage {
    /// Appends `entries` to the invitations' audit log, in one transaction.
    public func recordInvitationAudit(_ entries: [InvitationAuditEntry]) async throws(StorageError) {
        guard !entries.isEmpty else { return }
        try await writing("recording \(entries.count) invitation audit entries") { database, _ in
            var start = entries.startIndex
            while start < entries.endIndex {
                let end = min(start + rowsPerInsert, entries.endIndex)
                try await database.insert(into: InvitationAuditEntry.table).columns(InvitationAuditEntry.columns)
                    .rows(entries[start..<end].map(\.rowValues))
                    .run()
                start = end
            }
        }
    }

    /// The newest entries of the invitations' audit log, newest first (entries of the same
    /// millisecond in the reverse order they were recorded).
    ///
    /// - Parameters:
    ///   - limit: How many entries at most, within ``InvitationAuditEntry/limits`` (values
    ///     outside are clamped).
    ///   - before: Only entries older than this moment: the `at` of the last entry of the
    ///     previous page.
    public func invitationAudit(limit: Int, before: Date?) async throws(StorageError) -> [InvitationAuditEntry] {
        try await reading("reading the invitation audit log") { database in
            var select = database.select().column("id").columns(InvitationAuditEntry.columns).from(InvitationAuditEntry.table)
            if let before {
                select = select.where("occurred_at", .lessThan, Milliseconds.from(before))
            }
            return try await select.orderBy("occurred_at", .descending).orderBy("id", .descending)
                .limit(min(max(limit, InvitationAuditEntry.limits.lowerBound), InvitationAuditEntry.limits.upperBound))
                .all()
                .map { row throws(StorageError) in try InvitationAuditEntry(row: row) }
        }
    }
}
