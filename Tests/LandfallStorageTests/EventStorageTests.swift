import Foundation
import LandfallLinks
@testable import LandfallStorage
import LandfallWire
import Testing

/// Events: stored once per id, and counted with the clicks into the statistics' rows.
@Suite struct EventStorageTests {
    @Test(arguments: Backend.all)
    func anEventIdCountsOnceWithinABatchAndAcrossBatches(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let link = Fixtures.link("winter")
            let open = Fixtures.event(.open, linkID: link.id, campaign: "winter-league", offset: 1)
            let firstOpen = Fixtures.event(.firstOpen, platform: .android, offset: 2)
            var replayed = open
            replayed.platform = .android

            #expect(try await storage.record(events: [open, firstOpen, replayed]) == (accepted: 2, duplicates: 1))
            let later = Fixtures.event(.open, offset: 3)
            #expect(try await storage.record(events: [firstOpen, later, open]) == (accepted: 1, duplicates: 2))
            #expect(try await storage.record(events: []) == (accepted: 0, duplicates: 0))

            // The first of each id is kept as it came.
            #expect(try await storage.storedEvents() == [open, firstOpen, later])
        }
    }

    @Test(arguments: Backend.all)
    func manyEventsAreRecordedInOneCall(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let events = (0..<1_200).map { Fixtures.event(.open, offset: $0) }
            #expect(try await storage.record(events: events + events.prefix(100)) == (accepted: 1_200, duplicates: 100))
            #expect(try await storage.trafficCounts(TrafficFilter()) == [TrafficCount(day: "2026-11-20", type: .open, platform: .ios, count: 1_200)])
        }
    }

    /// Two links (one with a campaign) with clicks on two days, and events of every kind.
    struct Traffic {
        var winter = Fixtures.link("winter")
        var plain = Fixtures.link("plain", offset: 1)

        init() {
            winter.campaign = Campaign(source: "newsletter", name: "winter-league")
        }

        var clicks: [ClickCount] {
            [
                Fixtures.count(winter, day: "2026-11-20", .ios, referrer: "t.co", 3),
                Fixtures.count(winter, day: "2026-11-20", .crawler, 1),
                Fixtures.count(winter, day: "2026-11-21", .android, 2),
                Fixtures.count(plain, day: "2026-11-20", .ios, referrer: "t.co", 5),
            ]
        }

        var events: [AppEvent] {
            [
                Fixtures.event(.claim, linkID: winter.id, campaign: "winter-league", detail: "strong"),
                Fixtures.event(.claim, linkID: winter.id, campaign: "winter-league", detail: "strong", offset: 10),
                Fixtures.event(.claim, platform: .android, linkID: winter.id, campaign: "winter-league", detail: "weak", offset: Fixtures.day),
                Fixtures.event(.firstOpen, linkID: winter.id, campaign: "winter-league", offset: 20),
                Fixtures.event(.open, linkID: winter.id, campaign: "winter-league", offset: Fixtures.day),
                Fixtures.event(.open, linkID: plain.id, offset: 30),
                Fixtures.event(.redemption, platform: .android, campaign: "beta", detail: "7KQ2M-X4P9T-HCW3R", offset: 40),
            ]
        }
    }

    @Test(arguments: Backend.all)
    func trafficCountsGroupClicksWithTheirLinksCampaignAndEventsByDayTypePlatformCampaignAndDetail(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let traffic = Traffic()
            try await storage.insert([traffic.winter, traffic.plain])
            try await storage.record(traffic.clicks)
            _ = try await storage.record(events: traffic.events)

            #expect(try await storage.trafficCounts(TrafficFilter()) == [
                TrafficCount(day: "2026-11-20", type: .claim, platform: .ios, campaign: "winter-league", detail: "strong", count: 2),
                TrafficCount(day: "2026-11-20", type: .click, platform: .crawler, campaign: "winter-league", count: 1),
                TrafficCount(day: "2026-11-20", type: .click, platform: .ios, referrerHost: "t.co", campaign: "", count: 5),
                TrafficCount(day: "2026-11-20", type: .click, platform: .ios, referrerHost: "t.co", campaign: "winter-league", count: 3),
                TrafficCount(day: "2026-11-20", type: .firstOpen, platform: .ios, campaign: "winter-league", count: 1),
                TrafficCount(day: "2026-11-20", type: .open, platform: .ios, campaign: "", count: 1),
                TrafficCount(day: "2026-11-20", type: .redemption, platform: .android, campaign: "beta", detail: "7KQ2M-X4P9T-HCW3R", count: 1),
                TrafficCount(day: "2026-11-21", type: .claim, platform: .android, campaign: "winter-league", detail: "weak", count: 1),
                TrafficCount(day: "2026-11-21", type: .click, platform: .android, campaign: "winter-league", count: 2),
                TrafficCount(day: "2026-11-21", type: .open, platform: .ios, campaign: "winter-league", count: 1),
            ])
        }
    }

    @Test(arguments: Backend.all)
    func trafficCountsFilterByLinkDaysAndCampaign(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let traffic = Traffic()
            try await storage.insert([traffic.winter, traffic.plain])
            try await storage.record(traffic.clicks)
            _ = try await storage.record(events: traffic.events)

            let plain = try await storage.trafficCounts(TrafficFilter(linkID: traffic.plain.id))
            #expect(plain == [
                TrafficCount(day: "2026-11-20", type: .click, platform: .ios, referrerHost: "t.co", count: 5),
                TrafficCount(day: "2026-11-20", type: .open, platform: .ios, count: 1),
            ])
            let secondDay = try await storage.trafficCounts(TrafficFilter(from: "2026-11-21"))
            #expect(secondDay.map(\.day) == ["2026-11-21", "2026-11-21", "2026-11-21"])
            let firstDay = try await storage.trafficCounts(TrafficFilter(linkID: traffic.winter.id, from: "2026-11-20", to: "2026-11-20"))
            #expect(firstDay.map(\.type) == [.claim, .click, .click, .firstOpen])
            #expect(firstDay.map(\.count).reduce(0, +) == 7)
            let beta = try await storage.trafficCounts(TrafficFilter(campaign: "beta"))
            #expect(beta.map(\.type) == [.redemption])
            let none = try await storage.trafficCounts(TrafficFilter(campaign: ""))
            #expect(none.map(\.type) == [.click, .open])
            #expect(try await storage.trafficCounts(TrafficFilter(from: "2026-11-22")).isEmpty)

            // A deleted link's clicks go with it; its events stay in the totals.
            #expect(try await storage.delete(id: traffic.plain.id))
            #expect(try await storage.trafficCounts(TrafficFilter(linkID: traffic.plain.id)) == [
                TrafficCount(day: "2026-11-20", type: .open, platform: .ios, count: 1),
            ])
            #expect(try await storage.trafficCounts(TrafficFilter(campaign: "")).map(\.type) == [.open])
        }
    }
}
