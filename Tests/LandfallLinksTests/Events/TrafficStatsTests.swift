import AppSiteAssociation
import LandfallJSON
import LandfallLinks
import Testing

/// Statistics summed from traffic counts: totals, the funnel, the buckets, and their JSON and
/// CSV forms.
@Suite struct TrafficStatsTests {
    static let counts = [
        TrafficCount(day: "2026-11-21", type: .click, platform: .ios, referrerHost: "t.co", campaign: "winter", count: 2),
        TrafficCount(day: "2026-11-21", type: .click, platform: .android, campaign: "winter", count: 1),
        TrafficCount(day: "2026-11-21", type: .click, platform: .crawler, referrerHost: "", campaign: "winter", count: 1),
        TrafficCount(day: "2026-11-21", type: .claim, platform: .ios, campaign: "winter", detail: "strong", count: 1),
        TrafficCount(day: "2026-11-22", type: .firstOpen, platform: .ios, campaign: "winter", count: 1),
        TrafficCount(day: "2026-11-22", type: .open, platform: .ios, count: 1),
        TrafficCount(day: "2026-11-22", type: .redemption, platform: .android, campaign: "beta", detail: "7KQ2MX4P9THCW3R", count: 2),
    ]

    @Test func theTotalsFollowTheFunnel() {
        let stats = TrafficStats(counts: Self.counts)
        #expect((stats.clicks, stats.previews, stats.installs, stats.opens) == (3, 1, 1, 2))
        #expect((stats.strongInstalls, stats.weakInstalls) == (1, 0))
        #expect(stats.events == [.click: 3, .open: 1, .firstOpen: 1, .claim: 1, .redemption: 2])
        #expect(stats.linkID == nil)
    }

    @Test func theBucketsCountPeoplesClicksWithInstallsAndOpensBeside() {
        let stats = TrafficStats(counts: Self.counts)
        #expect(stats.byDay == [
            TrafficStats.Bucket(key: "2026-11-21", count: 3, installs: 1, opens: 0),
            TrafficStats.Bucket(key: "2026-11-22", count: 0, installs: 0, opens: 2),
        ])
        #expect(stats.byPlatform == [
            TrafficStats.Bucket(key: "ios", count: 2, installs: 1, opens: 2),
            TrafficStats.Bucket(key: "android", count: 1),
            TrafficStats.Bucket(key: "crawler", count: 1),
        ])
        #expect(stats.byReferrer == [TrafficStats.Bucket(key: "t.co", count: 2), TrafficStats.Bucket(key: "", count: 1, installs: 1, opens: 2)])
        #expect(stats.byCampaign == [TrafficStats.Bucket(key: "winter", count: 3, installs: 1, opens: 1), TrafficStats.Bucket(key: "", count: 0, opens: 1)])
    }

    @Test func bucketsWithEqualCountsAreOrderedByInstallsOpensAndName() {
        let stats = TrafficStats(counts: [
            TrafficCount(day: "2026-11-21", type: .click, platform: .ios, referrerHost: "b.example", count: 2),
            TrafficCount(day: "2026-11-21", type: .click, platform: .ios, referrerHost: "a.example", count: 2),
            TrafficCount(day: "2026-11-21", type: .click, platform: .ios, referrerHost: "z.example", count: 5),
            TrafficCount(day: "2026-11-21", type: .click, platform: .ios, referrerHost: "c.example", count: 1),
            TrafficCount(day: "2026-11-20", type: .click, platform: .ios, referrerHost: "a.example", count: 1),
        ])
        #expect(stats.byReferrer.map(\.key) == ["z.example", "a.example", "b.example", "c.example"])
        #expect(stats.byReferrer.map(\.count) == [5, 3, 2, 1])
        #expect(stats.byDay.map(\.key) == ["2026-11-20", "2026-11-21"])
    }

    @Test func weakAndStrongInstallsAreToldApart() {
        let stats = TrafficStats(counts: [
            TrafficCount(day: "2026-11-21", type: .claim, platform: .ios, detail: "strong", count: 4),
            TrafficCount(day: "2026-11-21", type: .claim, platform: .android, detail: "weak", count: 2),
            TrafficCount(day: "2026-11-22", type: .claim, platform: .android, detail: "strong", count: 1),
        ])
        #expect((stats.installs, stats.strongInstalls, stats.weakInstalls) == (7, 5, 2))
    }

    @Test func noCountsAreZerosAndEmptyLists() {
        let stats = TrafficStats(counts: [])
        #expect(JSONWriter.compact.string(for: stats.jsonValue) == """
            {"clicks":0,"previews":0,"installs":0,"opens":0,"funnel":{"clicks":0,"installs":0,"opens":0},\
            "installsByMatch":{"strong":0,"weak":0},"events":{"click":0,"open":0,"first_open":0,"claim":0,"redemption":0},\
            "byDay":[],"byPlatform":[],"byReferrer":[],"byCampaign":[],"byLongLink":[],"byInAppBrowser":[]}
            """)
        #expect(stats.csv == "day,type,platform,referrer,campaign,detail,count\n")
    }

    @Test func theJSONHasTheDocumentedShapeWithTheLinkFirst() throws {
        let linkID = try #require(LinkID("019a8c3e-7a10-7c4e-9b1f-3f0d2a6b8c11"))
        let stats = TrafficStats(counts: Self.counts, linkID: linkID)
        #expect(JSONWriter.compact.string(for: stats.jsonValue) == """
            {"linkID":"019a8c3e-7a10-7c4e-9b1f-3f0d2a6b8c11","clicks":3,"previews":1,"installs":1,"opens":2,\
            "funnel":{"clicks":3,"installs":1,"opens":2},"installsByMatch":{"strong":1,"weak":0},\
            "events":{"click":3,"open":1,"first_open":1,"claim":1,"redemption":2},\
            "byDay":[{"key":"2026-11-21","count":3,"installs":1,"opens":0},{"key":"2026-11-22","count":0,"installs":0,"opens":2}],\
            "byPlatform":[{"key":"ios","count":2,"installs":1,"opens":2},{"key":"android","count":1,"installs":0,"opens":0},\
            {"key":"crawler","count":1,"installs":0,"opens":0}],\
            "byReferrer":[{"key":"t.co","count":2,"installs":0,"opens":0},{"key":"","count":1,"installs":1,"opens":2}],\
            "byCampaign":[{"key":"winter","count":3,"installs":1,"opens":1},{"key":"","count":0,"installs":0,"opens":1}],\
            "byLongLink":[],"byInAppBrowser":[]}
            """)
    }

    @Test func theLongLinksAndInAppBrowsersAreListedMostFirstAfterTheCampaigns() {
        let stats = TrafficStats(counts: [], longLinks: [
            TrafficStats.LongLinkBucket(link: "https://daily.example.com/b", clicks: 1, previews: 5),
            TrafficStats.LongLinkBucket(link: "https://daily.example.com/a", clicks: 1, previews: 5),
            TrafficStats.LongLinkBucket(link: "https://daily.example.com/c", clicks: 4, previews: 0),
            TrafficStats.LongLinkBucket(link: "https://daily.example.com/none", clicks: 0, previews: 0),
        ], inAppBrowsers: [
            TrafficStats.Bucket(key: "TikTok", count: 2), TrafficStats.Bucket(key: "Instagram", count: 7),
            TrafficStats.Bucket(key: "Facebook", count: 2), TrafficStats.Bucket(key: "LINE", count: 0),
        ])
        #expect(stats.byLongLink.map(\.link) == ["https://daily.example.com/c", "https://daily.example.com/a", "https://daily.example.com/b"])
        #expect(stats.byInAppBrowser.map(\.key) == ["Instagram", "Facebook", "TikTok"])
        let json = JSONWriter.compact.string(for: stats.jsonValue)
        #expect(json.hasSuffix("""
            "byCampaign":[],"byLongLink":[{"link":"https://daily.example.com/c","clicks":4,"previews":0},\
            {"link":"https://daily.example.com/a","clicks":1,"previews":5},{"link":"https://daily.example.com/b","clicks":1,"previews":5}],\
            "byInAppBrowser":[{"key":"Instagram","count":7},{"key":"Facebook","count":2},{"key":"TikTok","count":2}]}
            """), "\(json)")
    }

    @Test func atMostAHundredLongLinksAreListed() {
        let longLinks = (0..<150).map { TrafficStats.LongLinkBucket(link: "https://daily.example.com/\($0)", clicks: $0, previews: 0) }
        let stats = TrafficStats(counts: [], longLinks: longLinks)
        #expect(stats.byLongLink.count == TrafficStats.longLinkLimit)
        #expect(stats.byLongLink.first?.clicks == 149)
        #expect(stats.byLongLink.last?.clicks == 50)
    }

    @Test func theCSVHasOneSortedRowPerCount() {
        #expect(TrafficStats(counts: Self.counts.reversed()).csv == """
            day,type,platform,referrer,campaign,detail,count
            2026-11-21,claim,ios,,winter,strong,1
            2026-11-21,click,android,,winter,,1
            2026-11-21,click,crawler,,winter,,1
            2026-11-21,click,ios,t.co,winter,,2
            2026-11-22,first_open,ios,,winter,,1
            2026-11-22,open,ios,,,,1
            2026-11-22,redemption,android,,beta,7KQ2MX4P9THCW3R,2

            """)
    }

    @Test func aCampaignThatLooksLikeAFormulaIsNeutralizedInTheCSV() {
        let stats = TrafficStats(counts: [TrafficCount(day: "2026-11-21", type: .click, platform: .ios, campaign: "=HYPERLINK(\"x\",\"y\")", count: 1)])
        #expect(stats.csv.split(separator: "\n").last == #"2026-11-21,click,ios,,"'=HYPERLINK(""x"",""y"")",,1"#)
    }
}
