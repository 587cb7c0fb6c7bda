import Foundation
import LandfallJSON
import LandfallStorage

/// Writes what a person changed in the dashboard to its audit log: who (their email and id),
/// what (`link.created`, `invitations.revoked`…), to what, when, and the thing before and after
/// as JSON objects (the audit page shows the fields that differ, ``AuditChange``).
///
/// ```swift
/// try await auditor.record("link.disabled", subject: link.url, before: link.json, after: changed.json, by: signedIn)
/// ```
struct DashboardAuditor: Sendable {
    let storage: Storage
    let clock: @Sendable () -> Date

    func record(_ action: String, subject: String, before: JSONValue? = nil, after: JSONValue? = nil,
                by signedIn: SignedIn) async throws {
        try await storage.recordDashboardAudit(DashboardAuditEntry(
            at: clock(), actor: signedIn.user.email, userID: signedIn.user.id, action: action, subject: subject,
            before: before.map { JSONWriter.compact.string(for: $0) },
            after: after.map { JSONWriter.compact.string(for: $0) }))
    }
}
