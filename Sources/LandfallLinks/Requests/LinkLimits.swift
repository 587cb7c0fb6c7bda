/// The limits the links API puts on a link's fields. Lengths count Unicode scalars.
public enum LinkLimits {
    /// Longest URL: `target`, every override and `preview.imageURL`.
    public static let urlLength = 2048
    /// Longest `preview.title`.
    public static let titleLength = 200
    /// Longest `preview.description`.
    public static let descriptionLength = 500
    /// Longest campaign field (`campaign.source`, …).
    public static let campaignFieldLength = 200
    /// Most keys in `data`.
    public static let dataKeyCount = 50
    /// Longest key of `data`.
    public static let dataKeyLength = 64
    /// Longest value of `data`.
    public static let dataValueLength = 1024
    /// The values `maxClicks` may take (the upper end fits a 32-bit integer column).
    public static let maxClicks = 1...2_147_483_647
    /// Longest `card` (the name of one of the site's card templates).
    public static let cardNameLength = 40
    /// Most links in one bulk creation.
    public static let bulkCount = 1000
}
