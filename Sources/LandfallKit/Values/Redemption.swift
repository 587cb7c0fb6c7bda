/// A redeemed invitation (`POST /v1/invites/redeem`): the code as the server writes it,
/// the uses left, and its campaign.
public struct Redemption: Sendable, Hashable, Codable {
    /// The code, normalized and formatted: `7KQ2M-X4P9T-HCW3R`.
    public var code: String
    /// How many more times the code may be redeemed.
    public var usesLeft: Int
    /// The invitation's campaign, if it has one.
    public var campaign: String?

    /// Creates a redemption.
    public init(code: String, usesLeft: Int, campaign: String? = nil) {
        self.code = code
        self.usesLeft = usesLeft
        self.campaign = campaign
    }
}
