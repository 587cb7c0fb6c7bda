import Foundation

/// One line of the dashboard's audit log: who changed what, when, and how it was before and
/// after. Every change made in the dashboard writes one, and so do `landfall users` commands.
///
/// ```swift
/// try await storage.recordDashboardAudit(DashboardAuditEntry(
///     at: now, actor: user.email, userID: user.id, action: "link.disabled", subject: link.id.description,
///     before: #"{"disabled":false}"#, after: #"{"disabled":true}"#))
/// ```
public struct DashboardAuditEntry: Sendable, Hashable {
    /// The entry's number, in the order entries were written; `nil` until stored.
    public var id: Int?
    /// When it happened.
    public var at: Date
    /// Who did it: a user's email, or the command that did it (`landfall users create`).
    public var actor: String
    /// The acting user's id, when a signed-in user did it.
    public var userID: String?
    /// What was done, as `thing.verb`: `link.created`, `user.disabled`, `session.signed_in`.
    public var action: String
    /// What it was done to: a link's id, a user's email, an invitation batch.
    public var subject: String
    /// The thing before the change (JSON), when there was one.
    public var before: String?
    /// The thing after the change (JSON), when there is one.
    public var after: String?

    /// The range the `limit` of ``Storage/dashboardAudit(limit:before:)`` is clamped to.
    public static let limits = 1...1000

    /// Creates an entry.
    public init(id: Int? = nil, at: Date, actor: String, userID: String? = nil, action: String, subject: String,
                before: String? = nil, after: String? = nil) {
        self.id = id
        self.at = at
        self.actor = actor
        self.userID = userID
        self.action = action
        self.subject = subject
        self.before = before
        self.after = after
    }
}
