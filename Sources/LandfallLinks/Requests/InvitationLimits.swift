/// The limits the invitations API puts on a batch. Lengths count Unicode scalars.
public enum InvitationLimits {
    /// How many invitations one request may create.
    public static let batchCount = 1...10_000
    /// How many times one invitation may be redeemed.
    public static let uses = 1...1_000_000
    /// Longest `note`.
    public static let noteLength = 500
    /// Longest `campaign`.
    public static let campaignLength = 100
    /// Longest code text a redemption request may send (a code is 17 characters formatted).
    public static let codeTextLength = 64
}
