import Foundation
import LandfallLinks
@testable import LandfallStorage
import Testing

/// The retention purges: rows older than the cutoff go, younger ones stay, however small the
/// batch, and nothing of another table is touched.
@Suite struct RetentionStorageTests {
    /// What one purge deletes.
    enum Purged: String, Sendable, CaseIterable, CustomTestStringConvertible {
        case clickCounts, events, invitationAudit, dashboardAudit

        var testDescription: String { rawValue }
    }

    /// The cutoff: rows of days before 2026-11-20, or written before 2026-11-20 00:00 UTC.
    static let cutoffDay = "2026-11-20"
    static let cutoff = Fixtures.at(-12 * 3_600_000)

    /// Five rows of each kind before the cutoff and three at or after it.
    struct Planted {
        var winter = Fixtures.link("winter")
        var plain = Fixtures.link("plain", offset: 1)

        var clickCounts: [ClickCount] {
            ["2026-11-10", "2026-11-17", "2026-11-18"].map { Fixtures.count(winter, day: $0, .ios, 2) }
                + [Fixtures.count(plain, day: "2026-11-18", .android, referrer: "t.co", 4), Fixtures.count(plain, day: "2026-11-19", .desktop, 1)]
                + [Fixtures.count(winter, day: "2026-11-20", .ios, 3), Fixtures.count(plain, day: "2026-11-20", .ios, 1), Fixtures.count(winter, day: "2026-11-21", .ios, 5)]
        }

        var events: [AppEvent] {
            // Noon of the 20th minus 12 h 1 ms is the last millisecond of the 19th.
            [-30, -3, -2].map { Fixtures.event(.open, linkID: winter.id, offset: $0 * Fixtures.day) }
                + [-12 * 3_600_000 - 1, -13 * 3_600_000].map { Fixtures.event(.firstOpen, platform: .android, offset: $0) }
                + [-12 * 3_600_000, 0, 10].map { Fixtures.event(.claim, linkID: plain.id, detail: "strong", offset: $0) }
        }

        var invitationAudit: [InvitationAuditEntry] {
            [-40 * Fixtures.day, -2 * Fixtures.day, -Fixtures.day, -12 * 3_600_000 - 1, -12 * 3_600_000 - 1].enumerated().map {
                InvitationAuditEntry(at: Fixtures.at($0.element), action: .created, code: "OLD\($0.offset)")
            } + [-12 * 3_600_000, 0, 5].enumerated().map {
                InvitationAuditEntry(at: Fixtures.at($0.element), action: .redeemed, code: "NEW\($0.offset)")
            }
        }

        var dashboardAudit: [DashboardAuditEntry] {
            [-40 * Fixtures.day, -2 * Fixtures.day, -Fixtures.day, -12 * 3_600_000 - 5, -12 * 3_600_000 - 1].enumerated().map {
                DashboardAuditEntry(at: Fixtures.at($0.element), actor: "ada@example.com", action: "link.update", subject: "old-\($0.offset)")
            } + [-12 * 3_600_000, 0, 5].enumerated().map {
                DashboardAuditEntry(at: Fixtures.at($0.element), actor: "ada@example.com", action: "link.update", subject: "new-\($0.offset)")
            }
        }

        func plant(in storage: Storage) async throws {
            try await storage.insert([winter, plain])
            try await storage.record(clickCounts)
            _ = try await storage.record(events: events)
            try await storage.recordInvitationAudit(invitationAudit)
            for entry in dashboardAudit { try await storage.recordDashboardAudit(entry) }
        }
    }

    /// Every row of the four tables, in a stable order.
    struct Contents: Equatable {
        var clickCounts: [ClickCount]
        var events: [AppEvent]
        var invitationAudit: [InvitationAuditEntry]
        var dashboardSubjects: [String]

        init(_ storage: Storage, _ planted: Planted) async throws {
            clickCounts = try await storage.clickCounts(linkID: planted.winter.id) + storage.clickCounts(linkID: planted.plain.id)
            events = try await storage.storedEvents().sorted { ($0.occurredAt, $0.id) < ($1.occurredAt, $1.id) }
            invitationAudit = try await storage.invitationAudit(limit: 1000, before: nil).sorted { ($0.at, $0.code) < ($1.at, $1.code) }
            dashboardSubjects = try await storage.dashboardAudit(limit: 1000).map(\.subject).sorted()
        }

        /// The contents without what `purged` deletes before the cutoff.
        func purging(_ purged: Purged) -> Contents {
            var kept = self
            switch purged {
            case .clickCounts: kept.clickCounts.removeAll { $0.key.day < RetentionStorageTests.cutoffDay }
            case .events: kept.events.removeAll { UTCDay.text(of: $0.occurredAt) < RetentionStorageTests.cutoffDay }
            case .invitationAudit: kept.invitationAudit.removeAll { $0.at < RetentionStorageTests.cutoff }
            case .dashboardAudit: kept.dashboardSubjects.removeAll { $0.hasPrefix("old-") }
            }
            return kept
        }
    }

    static func purge(_ purged: Purged, in storage: Storage, batchSize: Int) async throws -> Int {
        switch purged {
        case .clickCounts: try await storage.purgeClickCounts(before: cutoffDay, batchSize: batchSize)
        case .events: try await storage.purgeEvents(before: cutoffDay, batchSize: batchSize)
        case .invitationAudit: try await storage.purgeInvitationAudit(before: cutoff, batchSize: batchSize)
        case .dashboardAudit: try await storage.purgeDashboardAudit(before: cutoff, batchSize: batchSize)
        }
    }

    @Test(arguments: Backend.all, Purged.allCases)
    func rowsOlderThanTheCutoffGoInBatchesSmallerThanThemAndNothingElseIsTouched(backend: Backend, purged: Purged) async throws {
        for batchSize in [2, 5, 1_000] {
            try await backend.withStorage { storage async throws in
                let planted = Planted()
                try await planted.plant(in: storage)
                let before = try await Contents(storage, planted)
                let winter = try await storage.link(id: planted.winter.id)
                #expect(before.clickCounts.count == 8 && before.events.count == 8)
                #expect(before.invitationAudit.count == 8 && before.dashboardSubjects.count == 8)

                #expect(try await Self.purge(purged, in: storage, batchSize: batchSize) == 5, "batch of \(batchSize)")
                let after = try await Contents(storage, planted)
                #expect(after == before.purging(purged), "batch of \(batchSize)")

                #expect(try await Self.purge(purged, in: storage, batchSize: batchSize) == 0, "a second purge finds nothing")
                #expect(try await storage.link(id: planted.winter.id) == winter, "a link and its total stay")
            }
        }
    }
}
