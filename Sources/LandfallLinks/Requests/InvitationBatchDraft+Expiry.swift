import Foundation

extension InvitationBatchDraft {
    /// Why the batch cannot be created at `now`: its `expiresAt` is not after `now`, so every
    /// invitation would be born expired; `nil` when it never expires or expires later. Reading
    /// the body (``init(json:)``) cannot ask this: it has no clock. The API and the dashboard
    /// ask it with theirs.
    ///
    /// ```swift
    /// InvitationBatchDraft(count: 3, expiresAt: yesterday).expiryProblem(at: now)?.description
    /// // expiresAt: is in the past; invitations would be born expired
    /// ```
    public func expiryProblem(at now: Date) -> RequestBodyError? {
        guard let expiresAt, expiresAt <= now else { return nil }
        return RequestBodyError(field: "expiresAt", message: "is in the past; invitations would be born expired")
    }
}
