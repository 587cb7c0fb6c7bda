import Foundation
import LandfallLinks

/// One line of the invitations' audit log: who tried which code and what came of it, so that
/// guessing shows up (`GET /v1/invites/audit`).
///
/// ```swift
/// try await storage.recordInvitationAudit([
///     InvitationAuditEntry(at: now, action: .refused, code: "7KQ2MX4P9THCW3R", reason: RedemptionRefusal.unknown.rawValue,
///                          addressHash: hash),
/// ])
/// let newest = try await storage.invitationAudit(limit: 50, before: nil)
/// ```
public struct InvitationAuditEntry: Sendable, Hashable {
    /// When it happened.
    public var at: Date
    /// What happened.
    public var action: InvitationAuditAction
    /// The code as entered, normalized when it parses; stored to at most ``maximumCodeLength``
    /// characters.
    public var code: String
    /// Why: a refusal's raw value (`unknown`, `revoked`, `expired`, `used_up`), or what a
    /// throttle's limit that held (`address`: the client address's; `global`: all addresses'
    /// together, on the instance).
    public var reason: String?
    /// The client address hashed with the day's salt, when the entry comes from a request.
    public var addressHash: String?

    /// The most characters of ``code`` stored; a longer code is cut.
    public static let maximumCodeLength = 64
    /// The range the `limit` of ``Storage/invitationAudit(limit:before:)`` is clamped to.
    public static let limits = 1...1000

    /// Creates an entry.
    public init(at: Date, action: InvitationAuditAction, code: String, reason: String? = nil, addressHash: String? = nil) {
        self.at = at
        self.action = action
        self.code = code
        self.reason = reason
        self.addressHash = addressHash
    }
}
