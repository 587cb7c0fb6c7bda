/// The statistics of one link, as `GET /v1/links/{id}/stats` returns them.
public struct LinkStats: Sendable, Hashable, Codable {
    /// The link.
    public var linkID: LinkID
    /// People's clicks (every platform but ``ClickPlatform/crawler``).
    public var clicks: Int
    /// Fetches by link-preview crawlers.
    public var previews: Int
    /// People's clicks per UTC day, oldest first.
    public var byDay: [Bucket]
    /// Clicks and previews per platform, in ``ClickPlatform`` order, platforms without any left out.
    public var byPlatform: [Bucket]
    /// People's clicks per referrer host, most first (`""` is "no referrer"), ties by name.
    public var byReferrer: [Bucket]

    /// One group and its count.
    public struct Bucket: Sendable, Hashable, Codable {
        /// The group: a day, a platform or a referrer host.
        public var key: String
        /// Its count.
        public var count: Int

        /// Creates a bucket.
        public init(key: String, count: Int) {
            self.key = key
            self.count = count
        }
    }

    /// Sums stored counts of `linkID` (counts of other links are ignored).
    public init(linkID: LinkID, counts: [ClickCount]) {
        self.linkID = linkID
        let mine = counts.filter { $0.key.linkID == linkID }
        let people = mine.filter { $0.key.platform != .crawler }
        clicks = people.reduce(0) { $0 + $1.count }
        previews = mine.filter { $0.key.platform == .crawler }.reduce(0) { $0 + $1.count }
        byDay = Self.sum(people, by: \.key.day).sorted { $0.key < $1.key }
        let platforms = Self.sum(mine, by: \.key.platform.rawValue)
        byPlatform = ClickPlatform.allCases.compactMap { platform in platforms.first { $0.key == platform.rawValue } }
        byReferrer = Self.sum(people, by: \.key.referrerHost).sorted { ($0.count, $1.key) > ($1.count, $0.key) }
    }

    private static func sum(_ counts: [ClickCount], by key: (ClickCount) -> String) -> [Bucket] {
        var totals: [String: Int] = [:]
        for count in counts {
            totals[key(count), default: 0] += count.count
        }
        return totals.map { Bucket(key: $0.key, count: $0.value) }
    }
}
