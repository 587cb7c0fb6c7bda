/// What an ``InvitationAuditEntry`` records.
public enum InvitationAuditAction: String, Sendable, Hashable, Codable, CaseIterable {
    /// Invitations were created (one entry per batch, or per code).
    case created
    /// A code was redeemed.
    case redeemed
    /// A redemption was refused: the entry's reason says why (a ``RedemptionRefusal`` raw value).
    case refused
    /// A redemption was not even tried because guesses from the address or for the code's
    /// prefix were too many: the entry's reason is `address` or `prefix`.
    case throttled
    /// An invitation was revoked.
    case revoked
}
