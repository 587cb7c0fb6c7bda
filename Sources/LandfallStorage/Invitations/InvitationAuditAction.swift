/// What an ``InvitationAuditEntry`` records.
public enum InvitationAuditAction: String, Sendable, Hashable, Codable, CaseIterable {
    /// Invitations were created (one entry per batch, or per code).
    case created
    /// A code was redeemed.
    case redeemed
    /// A redemption was refused: the entry's reason says why (a `RedemptionRefusal` raw value).
    case refused
    /// A code that does not exist was answered 429 because too many had been tried from the
    /// address, or from all addresses together: the entry's reason is `address` or `global`.
    case throttled
    /// An invitation was revoked.
    case revoked
}
