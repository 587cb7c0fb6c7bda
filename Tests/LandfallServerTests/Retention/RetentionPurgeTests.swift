import Foundation
import LandfallLinks
import LandfallSite
@testable import LandfallServer
import LandfallStorage
import Logging
import ServiceLifecycle
import Testing

/// The retention purge the server runs: the site's `retention:` settings decide what goes,
/// the per-day tables are purged once per day of cutoff, and ``PurgeService`` runs it.
@Suite struct RetentionPurgeTests {
    static let logger = Logger(label: "landfall.tests.retention") { _ in SwiftLogNoOpLogHandler() }
    static let day: TimeInterval = 86_400
    /// 2026-11-20 12:00 UTC.
    static let noon = Date(timeIntervalSince1970: 1_795_176_000)

    static func withStorage(_ body: (Storage) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-retention-\(UUID().uuidString)").path
        let storage = try await Storage.open(.sqlite(directory: directory), logger: logger)
        do {
            try await body(storage)
        } catch {
            await storage.close()
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
        await storage.close()
        try? FileManager.default.removeItem(atPath: directory)
    }

    static func event(daysBefore days: Double) -> AppEvent {
        AppEvent(id: UUID().uuidString.lowercased(), type: .open, occurredAt: noon.addingTimeInterval(-days * day), platform: .ios)
    }

    @Test(arguments: [
        (TimeInterval(400 * 86_400), "2025-10-16"),
        (TimeInterval(86_400), "2026-11-19"),
        (TimeInterval(3_650 * 86_400), "2016-11-22"),
    ])
    func theFirstDayKeptIsTheUTCDayOfNowMinusTheSetting(keep: TimeInterval, day: String) {
        #expect(RetentionPurge.firstDayKept(keeping: keep, at: Self.noon) == day)
    }

    @Test func eachSettingPurgesItsRowsAndForeverKeepsThem() async throws {
        try await Self.withStorage { storage in
            var generator = SystemRandomNumberGenerator()
            let link = ShortLink(id: LinkID.generate(at: Self.noon, using: &generator), host: "go.example.com", slug: "winter",
                                 target: "https://daily.example.com/", createdAt: Self.noon)
            try await storage.insert([link])
            try await storage.record([ClickCount(key: ClickKey(linkID: link.id, day: "2026-10-01", platform: .ios, referrerHost: ""), count: 2),
                                      ClickCount(key: ClickKey(linkID: link.id, day: "2026-11-20", platform: .ios, referrerHost: ""), count: 1)])
            _ = try await storage.record(events: [Self.event(daysBefore: 3), Self.event(daysBefore: 0)])
            try await storage.recordInvitationAudit([InvitationAuditEntry(at: Self.noon.addingTimeInterval(-3 * Self.day), action: .created, code: "OLD"),
                                                     InvitationAuditEntry(at: Self.noon, action: .created, code: "NEW")])

            // Click counts forever (the default), events 2 days, audit forever.
            var purge = RetentionPurge()
            await purge.purge(storage, settings: RetentionSettings(clickCounts: nil, events: 2 * Self.day, audit: nil),
                              now: Self.noon, batchSize: 1, logger: Self.logger)
            #expect(try await storage.clickCounts(linkID: link.id).count == 2)
            #expect(try await storage.trafficCounts(TrafficFilter()).filter { $0.type == .open }.map(\.day) == ["2026-11-20"])
            #expect(try await storage.invitationAudit(limit: 10, before: nil).map(\.code) == ["NEW", "OLD"])

            await purge.purge(storage, settings: RetentionSettings(clickCounts: 30 * Self.day, events: nil, audit: Self.day),
                              now: Self.noon, batchSize: 1, logger: Self.logger)
            #expect(try await storage.clickCounts(linkID: link.id).map(\.key.day) == ["2026-11-20"])
            #expect(try await storage.invitationAudit(limit: 10, before: nil).map(\.code) == ["NEW"])
            #expect(try await storage.link(id: link.id)?.clickCount == 3, "the link's total stays")
        }
    }

    @Test func aDayPurgedIsNotReadAgainUntilTheCutoffMoves() async throws {
        try await Self.withStorage { storage in
            let settings = RetentionSettings(events: 2 * Self.day)
            var purge = RetentionPurge()
            await purge.purge(storage, settings: settings, now: Self.noon, batchSize: 10, logger: Self.logger)
            #expect(purge.eventsPurgedBefore == "2026-11-18")

            // An old row that appears later (none does: events are stored as they happen) waits
            // for the next day's pass.
            _ = try await storage.record(events: [Self.event(daysBefore: 5)])
            await purge.purge(storage, settings: settings, now: Self.noon.addingTimeInterval(3_600), batchSize: 10, logger: Self.logger)
            #expect(try await storage.trafficCounts(TrafficFilter()).count == 1)
            await purge.purge(storage, settings: settings, now: Self.noon.addingTimeInterval(Self.day), batchSize: 10, logger: Self.logger)
            #expect(try await storage.trafficCounts(TrafficFilter()).isEmpty)
            #expect(purge.eventsPurgedBefore == "2026-11-19")
        }
    }

    @Test func thePurgeServiceAppliesTheSitesRetention() async throws {
        try await Self.withStorage { storage in
            // The demo site keeps the defaults: events 400 days.
            let sites = try UnitHarness.demoSites()
            #expect(sites.current.site.configuration.retention == RetentionSettings())
            _ = try await storage.record(events: [Self.event(daysBefore: 401), Self.event(daysBefore: 399)])
            let service = PurgeService(storage: storage, interval: .seconds(3_600), sessions: DashboardSessionPolicy(), sites: sites,
                                       clock: { Self.noon }, logger: Self.logger, batchSize: 1)
            let running = Task { try await service.run() }
            // Bounded wait for the first pass; nothing here measures time.
            for _ in 0..<500 where try await storage.trafficCounts(TrafficFilter()).count != 1 {
                try await Task.sleep(for: .milliseconds(10))
            }
            running.cancel()
            _ = await running.result
            #expect(try await storage.trafficCounts(TrafficFilter()).map(\.day) == ["2025-10-17"])
        }
    }
}
