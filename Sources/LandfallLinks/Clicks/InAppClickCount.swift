/// Clicks of one short link on one UTC day made in one app's in-app browser (Instagram's,
/// TikTok's, …): the share of a link's clicks that ``InAppBrowser`` recognised, kept beside
/// the click counts (which hold every click, in-app or not).
public struct InAppClickCount: Sendable, Hashable, Codable {
    /// The grouping the count belongs to.
    public var key: InAppClickKey
    /// How many clicks.
    public var count: Int

    /// Creates a count.
    public init(key: InAppClickKey, count: Int) {
        self.key = key
        self.count = count
    }
}

/// What in-app browser clicks are grouped by.
public struct InAppClickKey: Sendable, Hashable, Codable {
    /// The link clicked.
    public var linkID: LinkID
    /// The day of the click in UTC, `yyyy-MM-dd`.
    public var day: String
    /// The app whose browser it was, as ``InAppBrowser/app`` names it (`Instagram`).
    public var app: String

    /// Creates a key.
    public init(linkID: LinkID, day: String, app: String) {
        self.linkID = linkID
        self.day = day
        self.app = app
    }
}
