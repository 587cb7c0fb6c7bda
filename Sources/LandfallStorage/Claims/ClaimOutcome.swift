import LandfallLinks

/// What ``Storage/claim(token:at:event:)`` did with a token.
///
/// The server answers `strong` for ``claimed(_:)``, and `none` with the reason
/// `token_unknown`, `token_claimed` or `token_expired` for the others.
public enum ClaimOutcome: Sendable, Hashable {
    /// The claim was pending and is now claimed (a strong match): here it is, as stored now.
    case claimed(PendingClaim)
    /// No claim has this token: never issued, or purged.
    case unknown
    /// The claim was claimed before (a replay): here it is, with the first claim's time and match.
    case alreadyClaimed(PendingClaim)
    /// The claim expired unclaimed.
    case expired(PendingClaim)
}
