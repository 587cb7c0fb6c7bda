/// Whether an ``Invitation`` can be redeemed now.
public enum InvitationStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// It can be redeemed.
    case active
    /// Someone revoked it.
    case revoked
    /// Its expiry has passed.
    case expired
    /// It has been redeemed as many times as it may be.
    case usedUp = "used_up"
}

/// Why a redemption was refused. Each has its own documented API error: `invite_unknown`
/// (404), `invite_revoked`, `invite_expired` and `invite_used_up` (410).
public enum RedemptionRefusal: String, Error, Sendable, Hashable, CaseIterable {
    /// No invitation has this code.
    case unknown
    /// The invitation was revoked.
    case revoked
    /// The invitation has expired.
    case expired
    /// The invitation has no uses left.
    case usedUp = "used_up"

    /// The refusal for an invitation in `status`; `nil` for `.active`.
    public init?(_ status: InvitationStatus) {
        switch status {
        case .active: return nil
        case .revoked: self = .revoked
        case .expired: self = .expired
        case .usedUp: self = .usedUp
        }
    }
}
