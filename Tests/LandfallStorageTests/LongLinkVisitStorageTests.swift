import Foundation
import LandfallLinks
import LandfallWire
@testable import LandfallStorage
import Testing

/// Schema version 9 on both databases: long links' visits (`long_link_counts`) and short links'
/// clicks in in-app browsers (`in_app_click_counts`) are added up, summed into the statistics,
/// purged with the click counts, and a database of version 8 keeps counting its clicks.
@Suite struct LongLinkVisitStorageTests {
    static let puzzle = "https://daily.example.com/puzzle/2026-11-20"
    /// A `link` longer than PostgreSQL indexes a text: its key is its hash.
    static let longLink = "https://daily.example.com/search?q=" + String(repeating: "x", count: 5_000)

    static func visit(_ link: String, day: String = "2026-11-20", _ platform: ClickPlatform, referrer: String = "",
                      campaign: String = "", inApp: String = "", _ count: Int) -> LongLinkVisitCount {
        LongLinkVisitCount(key: LongLinkVisitKey(link: link, day: day, platform: platform, referrerHost: referrer, campaign: campaign,
                                                 inAppBrowser: inApp), count: count)
    }

    static func inApp(_ link: ShortLink, day: String = "2026-11-20", _ app: String, _ count: Int) -> InAppClickCount {
        InAppClickCount(key: InAppClickKey(linkID: link.id, day: day, app: app), count: count)
    }

    @Test("Visits of the same key add up, across calls and within one; a link of 5,000 characters is kept whole", arguments: Backend.all)
    func visitsAddUp(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            try await storage.record(longLinkVisits: [Self.visit(Self.puzzle, .android, 2), Self.visit(Self.puzzle, .android, 1), Self.visit(Self.longLink, .crawler, 1)])
            try await storage.record(longLinkVisits: [Self.visit(Self.puzzle, .android, 4), Self.visit(Self.puzzle, .ios, inApp: "Instagram", 1)])
            try await storage.record(longLinkVisits: [])
            let stored = try await storage.longLinkVisitCounts()
            #expect(stored.sorted { $0.count < $1.count }.map(\.count) == [1, 1, 7])
            #expect(stored.contains(Self.visit(Self.longLink, .crawler, 1)))
            #expect(stored.contains(Self.visit(Self.puzzle, .android, 7)))
        }
    }

    @Test("The site's traffic counts long links' visits as clicks, added to the short links' of the same key; one link's does not", arguments: Backend.all)
    func longLinksAreClicksOfTheSite(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            var link = Fixtures.link("winter")
            link.campaign = Campaign(name: "winter")
            try await storage.insert([link])
            try await storage.record([Fixtures.count(link, .android, 2)])
            try await storage.record(longLinkVisits: [
                Self.visit(Self.puzzle, .android, campaign: "winter", 3), Self.visit(Self.puzzle, .crawler, 1),
                Self.visit(Self.longLink, day: "2026-11-21", .desktop, referrer: "t.co", 5),
            ])
            #expect(try await storage.trafficCounts(TrafficFilter()) == [
                TrafficCount(day: "2026-11-20", type: .click, platform: .android, campaign: "winter", count: 5),
                TrafficCount(day: "2026-11-20", type: .click, platform: .crawler, count: 1),
                TrafficCount(day: "2026-11-21", type: .click, platform: .desktop, referrerHost: "t.co", count: 5),
            ])
            #expect(try await storage.trafficCounts(TrafficFilter(linkID: link.id)) == [
                TrafficCount(day: "2026-11-20", type: .click, platform: .android, campaign: "winter", count: 2),
            ])
            #expect(try await storage.trafficCounts(TrafficFilter(from: "2026-11-21")).map(\.count) == [5])
            #expect(try await storage.trafficCounts(TrafficFilter(campaign: "winter")).map(\.count) == [5])
        }
    }

    @Test("The long links' traffic: per link, clicks and previews, most clicks first, bounded, filtered", arguments: Backend.all)
    func longLinkTraffic(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            try await storage.record(longLinkVisits: [
                Self.visit(Self.puzzle, .android, 2), Self.visit(Self.puzzle, .ios, inApp: "Instagram", 1), Self.visit(Self.puzzle, .crawler, 4),
                Self.visit(Self.longLink, day: "2026-11-21", .desktop, campaign: "winter", 5),
                Self.visit("https://daily.example.com/a", .crawler, 9), Self.visit("https://daily.example.com/b", .crawler, 9),
            ])
            #expect(try await storage.longLinkTraffic(TrafficFilter()) == [
                TrafficStats.LongLinkBucket(link: Self.longLink, clicks: 5, previews: 0),
                TrafficStats.LongLinkBucket(link: Self.puzzle, clicks: 3, previews: 4),
                TrafficStats.LongLinkBucket(link: "https://daily.example.com/a", clicks: 0, previews: 9),
                TrafficStats.LongLinkBucket(link: "https://daily.example.com/b", clicks: 0, previews: 9),
            ])
            #expect(try await storage.longLinkTraffic(TrafficFilter(), limit: 2).map(\.link) == [Self.longLink, Self.puzzle])
            #expect(try await storage.longLinkTraffic(TrafficFilter(to: "2026-11-20")).map(\.link).first == Self.puzzle)
            #expect(try await storage.longLinkTraffic(TrafficFilter(campaign: "winter")).map(\.link) == [Self.longLink])
            #expect(try await storage.longLinkTraffic(TrafficFilter(linkID: Fixtures.link("none", offset: 9).id)).isEmpty)
        }
    }

    @Test("In-app browser clicks add up per link, day and app; the traffic sums short and long links' and follows the filter", arguments: Backend.all)
    func inAppBrowserTraffic(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            var winter = Fixtures.link("winter")
            winter.campaign = Campaign(name: "winter")
            let other = Fixtures.link("other", offset: 1)
            try await storage.insert([winter, other])
            try await storage.record(inAppClicks: [Self.inApp(winter, "Instagram", 2), Self.inApp(winter, "TikTok", 1)])
            try await storage.record(inAppClicks: [Self.inApp(winter, "Instagram", 1), Self.inApp(other, day: "2026-11-21", "Instagram", 4)])
            try await storage.record(longLinkVisits: [Self.visit(Self.puzzle, .ios, inApp: "TikTok", 5), Self.visit(Self.puzzle, .android, 7)])
            #expect(try await storage.inAppClickCounts(linkID: winter.id) == [Self.inApp(winter, "Instagram", 3), Self.inApp(winter, "TikTok", 1)])
            func pairs(_ filter: TrafficFilter) async throws -> [String: Int] {
                Dictionary(uniqueKeysWithValues: try await storage.inAppBrowserTraffic(filter).map { ($0.key, $0.count) })
            }
            #expect(try await pairs(TrafficFilter()) == ["Instagram": 7, "TikTok": 6])
            #expect(try await pairs(TrafficFilter(linkID: winter.id)) == ["Instagram": 3, "TikTok": 1])
            #expect(try await pairs(TrafficFilter(from: "2026-11-21")) == ["Instagram": 4])
            #expect(try await pairs(TrafficFilter(campaign: "winter")) == ["Instagram": 3, "TikTok": 1])
        }
    }

    @Test("In-app clicks of a link deleted meanwhile are dropped without an error, and its counts go with it", arguments: Backend.all)
    func deletedLinks(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let kept = Fixtures.link("kept")
            let gone = Fixtures.link("gone", offset: 1)
            try await storage.insert([kept, gone])
            try await storage.record(inAppClicks: [Self.inApp(gone, "Instagram", 1)])
            #expect(try await storage.delete(id: gone.id))
            try await storage.record(inAppClicks: [Self.inApp(kept, "Instagram", 1), Self.inApp(gone, "Instagram", 1)])
            #expect(try await storage.inAppClickCounts(linkID: kept.id).map(\.count) == [1])
            #expect(try await storage.inAppClickCounts(linkID: gone.id).isEmpty)
        }
    }

    @Test("The retention purge of click counts deletes the old days' in-app clicks and long link visits too", arguments: Backend.all)
    func retentionPurgesTheNewRows(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let link = Fixtures.link("winter")
            try await storage.insert([link])
            let days = (10...19).map { "2026-11-\($0)" }
            try await storage.record(days.map { Fixtures.count(link, day: $0, .ios, 1) })
            try await storage.record(inAppClicks: days.map { Self.inApp(link, day: $0, "Instagram", 1) })
            try await storage.record(longLinkVisits: days.map { Self.visit(Self.puzzle, day: $0, .android, 1) })

            #expect(try await storage.purgeClickCounts(before: "2026-11-15", batchSize: 2) == 15)
            #expect(try await storage.inAppClickCounts(linkID: link.id).map(\.key.day) == Array(days.suffix(5)))
            #expect(try await storage.longLinkVisitCounts().map(\.key.day) == Array(days.suffix(5)))
            #expect(try await storage.purgeClickCounts(before: "2026-11-15") == 0)
        }
    }

    @Test("A version-8 database keeps its click counts through version 9: they count as clicks in no in-app browser", arguments: Backend.all)
    func aVersionEightDatabaseKeepsCounting(backend: Backend) async throws {
        try await backend.withLocation { location async throws in
            let link = Fixtures.link("winter")
            let old = try await Storage.open(location, logger: .quiet, migrations: Array(Migrations.all.prefix(8)))
            #expect(try await old.appliedMigrations() == Array(1...8))
            try await old.insertAsBeforeLinkCards([link])
            try await old.record([Fixtures.count(link, .ios, 3), Fixtures.count(link, .crawler, 2), Fixtures.count(link, day: "2026-11-21", .android, 4)])
            let counts = try await old.clickCounts(linkID: link.id)
            await old.close()

            let migrated = try await Storage.open(location, logger: .quiet)
            do {
                #expect(try await migrated.appliedMigrations() == Array(1...Storage.schemaVersion))
                #expect(try await migrated.clickCounts(linkID: link.id) == counts)
                let traffic = try await migrated.trafficCounts(TrafficFilter())
                #expect(traffic == [
                    TrafficCount(day: "2026-11-20", type: .click, platform: .crawler, count: 2),
                    TrafficCount(day: "2026-11-20", type: .click, platform: .ios, count: 3),
                    TrafficCount(day: "2026-11-21", type: .click, platform: .android, count: 4),
                ])
                #expect(TrafficStats(counts: traffic).clicks == 7)
                #expect(try await migrated.inAppBrowserTraffic(TrafficFilter()).isEmpty)
                #expect(try await migrated.longLinkTraffic(TrafficFilter()).isEmpty)
                // New clicks count in the new tables beside the old ones.
                try await migrated.record([Fixtures.count(link, .ios, 1)])
                try await migrated.record(inAppClicks: [Self.inApp(link, "Instagram", 1)])
                #expect(try await migrated.inAppBrowserTraffic(TrafficFilter(linkID: link.id)) == [TrafficStats.Bucket(key: "Instagram", count: 1)])
                #expect(TrafficStats(counts: try await migrated.trafficCounts(TrafficFilter(linkID: link.id))).clicks == 8)
            } catch {
                await migrated.close()
                throw error
            }
            await migrated.close()
        }
    }
}
