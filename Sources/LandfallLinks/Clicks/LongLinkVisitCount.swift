/// Visits of one Firebase Dynamic Links long link on one UTC day, counted under its `link`
/// parameter, by platform (``ClickPlatform/crawler``: link previews), referrer host, campaign
/// and in-app browser: the unit in which long-link visits are buffered and stored.
public struct LongLinkVisitCount: Sendable, Hashable, Codable {
    /// The grouping the count belongs to.
    public var key: LongLinkVisitKey
    /// How many visits.
    public var count: Int

    /// Creates a count.
    public init(key: LongLinkVisitKey, count: Int) {
        self.key = key
        self.count = count
    }
}

/// What long-link visits are grouped by.
///
/// ```swift
/// LongLinkVisitKey(link: "https://daily.example.com/puzzle/2026-11-21", day: "2026-11-21",
///                  platform: .android, referrerHost: "t.co", campaign: "winter-league", inAppBrowser: "Instagram")
/// ```
public struct LongLinkVisitKey: Sendable, Hashable, Codable {
    /// The longest campaign kept: a longer `utm_campaign` is cut to this many characters.
    public static let campaignLimit = 200

    /// The long link's `link` parameter: the deep link it stands for.
    public var link: String
    /// The day of the visit in UTC, `yyyy-MM-dd`.
    public var day: String
    /// The visitor's platform; ``ClickPlatform/crawler`` for a link preview.
    public var platform: ClickPlatform
    /// The lowercased host of the `Referer`, or `""` when there was none.
    public var referrerHost: String
    /// The long link's `utm_campaign` (at most ``campaignLimit`` characters), or `""`.
    public var campaign: String
    /// The app whose in-app browser visited (``InAppBrowser/app``), or `""` for none.
    public var inAppBrowser: String

    /// Creates a key; a campaign longer than ``campaignLimit`` characters is cut.
    public init(link: String, day: String, platform: ClickPlatform, referrerHost: String = "", campaign: String = "",
                inAppBrowser: String = "") {
        self.link = link
        self.day = day
        self.platform = platform
        self.referrerHost = referrerHost
        self.campaign = String(campaign.prefix(Self.campaignLimit))
        self.inAppBrowser = inAppBrowser
    }
}
