import AppSiteAssociation

/// The statistics `GET /v1/stats` and `GET /v1/links/{id}/stats` return: clicks, link
/// previews, installs and opens, in total, as a funnel, and per day, platform, referrer and
/// campaign; summed from ``TrafficCount`` rows.
///
/// - **clicks**: people's clicks (every platform but ``ClickPlatform/crawler``);
/// - **previews**: fetches by link-preview crawlers (clicks with platform `crawler`);
/// - **installs**: ``EventType/claim`` events, deferred links claimed after an install
///   (``strongInstalls`` with the token, ``weakInstalls`` by device hints);
/// - **opens**: ``EventType/open`` and ``EventType/firstOpen`` events reported by apps.
///
/// The funnel is clicks → installs → opens. In each bucket, `count` is people's clicks (for the
/// `crawler` platform: previews), with the bucket's installs and opens beside it. Only clicks
/// have a referrer, so installs and opens are in the `""` ("none") referrer bucket.
///
/// ```swift
/// let stats = TrafficStats(counts: [
///     TrafficCount(day: "2026-11-21", type: .click, platform: .ios, referrerHost: "t.co", count: 3),
///     TrafficCount(day: "2026-11-21", type: .click, platform: .crawler, count: 1),
///     TrafficCount(day: "2026-11-21", type: .claim, platform: .ios, detail: "strong", count: 1),
///     TrafficCount(day: "2026-11-21", type: .firstOpen, platform: .ios, count: 1),
///     TrafficCount(day: "2026-11-21", type: .open, platform: .ios, count: 1),
/// ])
/// (stats.clicks, stats.previews, stats.installs, stats.opens) // (3, 1, 1, 2)
/// ```
public struct TrafficStats: Sendable, Hashable {
    /// The link, for one link's statistics; `nil` for the site's.
    public var linkID: LinkID?
    /// The rows summed, as given.
    public var counts: [TrafficCount]
    /// People's clicks.
    public var clicks: Int
    /// Link previews: clicks by crawlers.
    public var previews: Int
    /// Installs: claim events.
    public var installs: Int
    /// Installs whose claim was strong (the token).
    public var strongInstalls: Int
    /// Installs whose claim was weak (device hints).
    public var weakInstalls: Int
    /// Opens: open and first-open events.
    public var opens: Int
    /// The count of every event type (clicks: people's clicks only).
    public var events: [EventType: Int]
    /// Per UTC day, oldest first.
    public var byDay: [Bucket]
    /// Per platform, in ``ClickPlatform`` order; `crawler` counts previews. Platforms without
    /// anything are left out.
    public var byPlatform: [Bucket]
    /// Per referrer host (`""`: none), most clicks first, then most installs, opens, and by name.
    public var byReferrer: [Bucket]
    /// Per campaign (`""`: none), ordered like ``byReferrer``.
    public var byCampaign: [Bucket]
    /// Per Firebase Dynamic Links long link, under its `link` parameter: people's clicks and
    /// previews, most clicks first (then most previews, then by link), at most
    /// ``longLinkLimit``. Empty in one short link's statistics. Long links' clicks are counted
    /// in ``clicks`` and the other breakdowns of the site's statistics too.
    public var byLongLink: [LongLinkBucket]
    /// Per in-app browser (``InAppBrowser/app``: `Instagram`, `TikTok`, …), people's clicks made
    /// in it, most first (then by name), in its ``Bucket/count``. Clicks in a browser of its own
    /// are not listed: the rest of ``clicks`` is theirs.
    public var byInAppBrowser: [Bucket]

    /// The most long links ``byLongLink`` lists.
    public static let longLinkLimit = 100

    /// One group: a day, a platform, a referrer host or a campaign.
    public struct Bucket: Sendable, Hashable {
        /// The group.
        public var key: String
        /// People's clicks (previews for the `crawler` platform).
        public var count: Int
        /// Installs.
        public var installs: Int
        /// Opens.
        public var opens: Int

        /// Creates a bucket.
        public init(key: String, count: Int, installs: Int = 0, opens: Int = 0) {
            self.key = key
            self.count = count
            self.installs = installs
            self.opens = opens
        }
    }

    /// One long link's visits: a row of ``byLongLink``.
    public struct LongLinkBucket: Sendable, Hashable {
        /// The long link's `link` parameter.
        public var link: String
        /// People's clicks.
        public var clicks: Int
        /// Link previews (crawlers' visits).
        public var previews: Int

        /// Creates a bucket.
        public init(link: String, clicks: Int, previews: Int) {
            self.link = link
            self.clicks = clicks
            self.previews = previews
        }
    }

    /// Sums `counts` (already filtered to the link, days and campaign asked for), with the
    /// long links' and in-app browsers' breakdowns as given (sorted and bounded here).
    public init(counts: [TrafficCount], linkID: LinkID? = nil, longLinks: [LongLinkBucket] = [], inAppBrowsers: [Bucket] = []) {
        self.linkID = linkID
        self.counts = counts
        byLongLink = Array(longLinks.filter { $0.clicks > 0 || $0.previews > 0 }.sorted {
            ($0.clicks, $0.previews) != ($1.clicks, $1.previews) ? ($0.clicks, $0.previews) > ($1.clicks, $1.previews) : $0.link < $1.link
        }.prefix(Self.longLinkLimit))
        byInAppBrowser = inAppBrowsers.filter { $0.count > 0 }.sorted(by: Self.mostFirst)
        var events = Dictionary(uniqueKeysWithValues: EventType.allCases.map { ($0, 0) })
        var previews = 0
        var strong = 0
        var weak = 0
        for count in counts {
            if count.type == .click, count.platform == .crawler {
                previews += count.count
                continue
            }
            events[count.type, default: 0] += count.count
            if count.type == .claim {
                if count.detail == ClaimMatch.strong.rawValue { strong += count.count }
                if count.detail == ClaimMatch.weak.rawValue { weak += count.count }
            }
        }
        self.events = events
        self.previews = previews
        clicks = events[.click, default: 0]
        installs = events[.claim, default: 0]
        opens = events[.open, default: 0] + events[.firstOpen, default: 0]
        strongInstalls = strong
        weakInstalls = weak
        // Previews count only in the crawler platform's bucket.
        let people = counts.filter { !($0.type == .click && $0.platform == .crawler) }
        byDay = Self.buckets(people, by: \.day).sorted { $0.key < $1.key }
        let platforms = Self.buckets(counts, by: \.platform.rawValue)
        byPlatform = ClickPlatform.allCases.compactMap { platform in platforms.first { $0.key == platform.rawValue } }
        byReferrer = Self.buckets(people, by: \.referrerHost).sorted(by: Self.mostFirst)
        byCampaign = Self.buckets(people, by: \.campaign).sorted(by: Self.mostFirst)
    }

    /// Buckets of the counts grouped by `key`, leaving out groups with nothing in them.
    private static func buckets(_ counts: [TrafficCount], by key: (TrafficCount) -> String) -> [Bucket] {
        var buckets: [String: Bucket] = [:]
        for count in counts {
            let name = key(count)
            var bucket = buckets[name] ?? Bucket(key: name, count: 0)
            switch count.type {
            case .click: bucket.count += count.count
            case .claim: bucket.installs += count.count
            case .open, .firstOpen: bucket.opens += count.count
            case .redemption: break
            }
            buckets[name] = bucket
        }
        return buckets.values.filter { $0.count > 0 || $0.installs > 0 || $0.opens > 0 }
    }

    private static func mostFirst(_ lhs: Bucket, _ rhs: Bucket) -> Bool {
        if (lhs.count, lhs.installs, lhs.opens) != (rhs.count, rhs.installs, rhs.opens) {
            return (lhs.count, lhs.installs, lhs.opens) > (rhs.count, rhs.installs, rhs.opens)
        }
        return lhs.key < rhs.key
    }
}
