import Foundation
import LandfallCLI
import LandfallJSON
import LandfallLinks
import LandfallStorage
import Testing

/// `landfall stats show`: the site's statistics as `GET /v1/stats` answers them, long links and
/// in-app browsers included, as text or JSON, filtered by days and campaign.
@Suite struct StatsShowCommandTests {
    static let longLink = "https://daily.example.com/puzzle/2026-11-20"

    /// Short links' clicks (two of them in Instagram's browser) and a long link's visits.
    static func plant(_ location: StorageLocation) async throws {
        let winter = StatsExportCommandTests.link("winter")
        try await CLIDatabase.withStorage(location) { storage in
            try await storage.insert([winter])
            try await storage.record([
                StatsExportCommandTests.count(winter, "2026-11-19", .ios, "t.co", 3),
                StatsExportCommandTests.count(winter, "2026-11-20", .android, "", 2),
            ])
            try await storage.record(inAppClicks: [InAppClickCount(key: InAppClickKey(linkID: winter.id, day: "2026-11-19", app: "Instagram"), count: 2)])
            try await storage.record(longLinkVisits: [
                LongLinkVisitCount(key: LongLinkVisitKey(link: longLink, day: "2026-11-20", platform: .desktop, campaign: "winter"), count: 4),
                LongLinkVisitCount(key: LongLinkVisitKey(link: longLink, day: "2026-11-20", platform: .crawler), count: 1),
            ])
        }
    }

    @Test(arguments: CLIDatabase.all)
    func theTextHasTheTotalsAndEveryBreakdownWithLongLinksAndInAppBrowsers(database: CLIDatabase) async throws {
        try await database.withDatabase { options, location in
            try await Self.plant(location)
            let output = await runLandfallAsync(["stats", "show"] + options)
            #expect(output.status == .success, "\(output.standardError)")
            let lines = output.standardOutput.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
            #expect(lines.contains("Clicks: 9"), "\(output.standardOutput)")
            #expect(lines.contains("Previews: 1"))
            #expect(lines.contains("Platforms: ios 3, android 2, desktop 4, crawler 1"), "\(output.standardOutput)")
            #expect(lines.contains("Referrers: (direct) 6, t.co 3"), "\(output.standardOutput)")
            #expect(lines.contains("Campaigns: (none) 5, winter 4"), "\(output.standardOutput)")
            #expect(lines.contains("In-app browsers: Instagram 2"))
            #expect(lines.contains("Long links: \(Self.longLink) 4 clicks, 1 previews"), "\(output.standardOutput)")
        }
    }

    @Test func jsonIsTheAPIsObjectAndTheFiltersApply() async throws {
        try await CLIDatabase.sqlite.withDatabase { options, location in
            try await Self.plant(location)
            let output = await runLandfallAsync(["stats", "show", "--from", "2026-11-20", "--format", "json"] + options)
            #expect(output.status == .success, "\(output.standardError)")
            let object = try #require(try CLIFixtures.jsonObject(output.standardOutput) as? [String: Any])
            #expect(object["clicks"] as? Int == 6)
            #expect(object["byInAppBrowser"] as? [Any] == nil || (object["byInAppBrowser"] as? [Any])?.isEmpty == true)
            let longLinks = try #require(object["byLongLink"] as? [[String: Any]])
            #expect(longLinks.count == 1)
            #expect(longLinks.first?["link"] as? String == Self.longLink)
            #expect(longLinks.first?["clicks"] as? Int == 4 && longLinks.first?["previews"] as? Int == 1)

            let winter = await runLandfallAsync(["stats", "show", "--campaign", "winter", "--format", "json"] + options)
            #expect(try (CLIFixtures.jsonObject(winter.standardOutput) as? [String: Any])?["clicks"] as? Int == 4)
        }
    }

    @Test(arguments: [
        (["--from", "2026-11-31"], "--from '2026-11-31' is not a day"),
        (["--from", "2026-11-21", "--to", "2026-11-20"], "--from 2026-11-21 is after --to 2026-11-20"),
    ])
    func badDaysAreRefusedBeforeTheDatabaseIsOpened(arguments: [String], message: String) async {
        let output = await runLandfallAsync(["stats", "show", "--data-dir", "/no/such/dir"] + arguments)
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains(message), "\(output.standardError)")
    }
}
