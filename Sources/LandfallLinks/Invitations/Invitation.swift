import Foundation

/// An invitation: a code that lets someone in, a set number of times, until it expires or is
/// revoked. Invitations are made in batches (``batchID``) through `POST /v1/invites` or
/// `landfall invites create`.
///
/// ```swift
/// let invitation = Invitation(code: code, batchID: batch, uses: 3, createdAt: now)
/// invitation.status(at: now)  // .active
/// invitation.usesLeft         // 3
/// ```
public struct Invitation: Sendable, Hashable, Codable {
    /// The code (the primary key).
    public var code: InviteCode
    /// The batch it was created in: every invitation of one create request shares it.
    public var batchID: String
    /// How many times it may be redeemed (1 or more).
    public var uses: Int
    /// How many times it has been redeemed.
    public var redeemed: Int
    /// After this moment it can no longer be redeemed.
    public var expiresAt: Date?
    /// A note for whoever manages invitations ("for the beta testers"); never shown to the invitee.
    public var note: String?
    /// The campaign it belongs to, reported with redemptions in the statistics.
    public var campaign: String?
    /// When it was created.
    public var createdAt: Date
    /// When it was revoked, if it was.
    public var revokedAt: Date?

    /// Creates an invitation.
    public init(code: InviteCode, batchID: String, uses: Int, redeemed: Int = 0, expiresAt: Date? = nil, note: String? = nil,
                campaign: String? = nil, createdAt: Date, revokedAt: Date? = nil) {
        self.code = code
        self.batchID = batchID
        self.uses = uses
        self.redeemed = redeemed
        self.expiresAt = expiresAt
        self.note = note
        self.campaign = campaign
        self.createdAt = createdAt
        self.revokedAt = revokedAt
    }

    /// Redemptions left (never negative).
    public var usesLeft: Int { max(0, uses - redeemed) }

    /// Whether it can be redeemed at `now`, and if not, why. A revoked invitation is
    /// `.revoked` whatever else holds; then an expired one is `.expired`; then one with no
    /// uses left is `.usedUp`.
    public func status(at now: Date) -> InvitationStatus {
        if revokedAt != nil { return .revoked }
        if let expiresAt, expiresAt <= now { return .expired }
        if usesLeft == 0 { return .usedUp }
        return .active
    }
}
