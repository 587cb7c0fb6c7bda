/// A count of one kind of event on one UTC day, by platform, referrer host, campaign and
/// detail: the rows the statistics (`GET /v1/stats`, `GET /v1/links/{id}/stats`) are summed
/// from. Clicks come from the click counts (previews are clicks with platform `crawler`);
/// the other types from stored events.
public struct TrafficCount: Sendable, Hashable, Codable {
    /// The UTC day, `yyyy-MM-dd`.
    public var day: String
    /// What was counted.
    public var type: EventType
    /// The platform.
    public var platform: ClickPlatform
    /// The referrer host of clicks (`""` for none, and for every other type).
    public var referrerHost: String
    /// The campaign (`""` for none).
    public var campaign: String
    /// The events' detail (a claim's match; `""` otherwise).
    public var detail: String
    /// How many.
    public var count: Int

    /// Creates a count.
    public init(day: String, type: EventType, platform: ClickPlatform, referrerHost: String = "", campaign: String = "",
                detail: String = "", count: Int) {
        self.day = day
        self.type = type
        self.platform = platform
        self.referrerHost = referrerHost
        self.campaign = campaign
        self.detail = detail
        self.count = count
    }
}
