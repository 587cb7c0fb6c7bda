import Foundation
import LandfallLinks

extension Storage {
    /// How many times a batch's codes are drawn again when one is already stored.
    static let codeDrawAttempts = 5

    /// Creates the batch `draft` asks for: codes from the system's cryptographic generator
    /// (drawn again, up to five times, if one is already stored; with about 74 random bits
    /// each that is all but impossible), stored all or nothing, and noted in the audit log.
    ///
    /// ```swift
    /// let (batchID, invitations) = try await storage.createInvitations(draft, at: .now)
    /// ```
    ///
    /// - Returns: The batch's id and its invitations in code order.
    /// - Throws: ``StorageError``, `.inviteCodeTaken` only when five draws all collided.
    public func createInvitations(_ draft: InvitationBatchDraft, at now: Date) async throws(StorageError) -> (batchID: String, invitations: [Invitation]) {
        var random = SystemRandomNumberGenerator()
        let batchID = InvitationBatchDraft.batchID(at: now, using: &random)
        var attempt = 1
        while true {
            let invitations = draft.invitations(batchID: batchID, createdAt: now, using: &random).sorted { $0.code < $1.code }
            do {
                try await insert(invitations)
            } catch {
                guard case .inviteCodeTaken = error.code, attempt < Self.codeDrawAttempts else { throw error }
                attempt += 1
                continue
            }
            try await recordInvitationAudit([
                InvitationAuditEntry(at: now, action: .created, code: "batch \(batchID) (\(invitations.count))"),
            ])
            return (batchID, invitations)
        }
    }
}
