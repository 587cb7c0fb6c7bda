/// Clicks of one link on one day (UTC), from one platform and one referrer host: the unit in
/// which clicks are buffered, stored and reported.
public struct ClickCount: Sendable, Hashable, Codable {
    /// The grouping the count belongs to.
    public var key: ClickKey
    /// How many clicks.
    public var count: Int

    /// Creates a count.
    public init(key: ClickKey, count: Int) {
        self.key = key
        self.count = count
    }
}

/// What clicks are grouped by.
public struct ClickKey: Sendable, Hashable, Codable {
    /// The link clicked.
    public var linkID: LinkID
    /// The day of the click in UTC, `yyyy-MM-dd`.
    public var day: String
    /// The visitor's platform.
    public var platform: ClickPlatform
    /// The lowercased host of the `Referer`, or the empty string when there was none.
    public var referrerHost: String

    /// Creates a key.
    public init(linkID: LinkID, day: String, platform: ClickPlatform, referrerHost: String) {
        self.linkID = linkID
        self.day = day
        self.platform = platform
        self.referrerHost = referrerHost
    }
}
