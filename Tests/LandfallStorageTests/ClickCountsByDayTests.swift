import Foundation
import LandfallLinks
@testable import LandfallStorage
import SQLKit
import Testing

/// Schema version 8: `click_counts` is indexed by day, so the retention purge and a period's
/// traffic read the days they ask for instead of every count kept.
@Suite struct ClickCountsByDayTests {
    @Test("The purge of old click counts finds its rows through the day index (SQLite's plan)")
    func thePurgeOfOldCountsUsesTheDayIndex() async throws {
        try await Backend.sqlite.withStorage { storage async throws in
            // The purge's own subquery (purgeInBatches), as SQLite plans it.
            let plan = try await storage.reading("planning") { database in
                try await database.raw("""
                    EXPLAIN QUERY PLAN SELECT link_id, day, platform, referrer_host FROM click_counts
                    WHERE day < '2026-01-01' LIMIT 1000
                    """).all().map { try $0.decode(column: "detail", as: String.self) }
            }
            #expect(plan.contains { $0.contains("INDEX click_counts_day") }, "\(plan)")
        }
    }

    @Test("Both databases have the index of click counts by day after migrating", arguments: Backend.all)
    func theDayIndexExists(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let query: SQLQueryString = backend == .sqlite
                ? "SELECT sql AS definition FROM sqlite_master WHERE type = 'index' AND name = 'click_counts_day'"
                : "SELECT indexdef AS definition FROM pg_indexes WHERE tablename = 'click_counts' AND indexname = 'click_counts_day'"
            let definitions = try await storage.reading("reading the indexes") { database in
                try await database.raw(query).all().map { try $0.decode(column: "definition", as: String.self) }
            }
            #expect(definitions.count == 1)
            #expect(definitions.first?.contains("(day)") == true, "\(definitions)")
        }
    }

    @Test("Counts of many days over several batches: the purge deletes the old days' and keeps the rest", arguments: Backend.all)
    func thePurgeDeletesOnlyOldDays(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let links = (0..<3).map { Fixtures.link("days\($0)", offset: $0) }
            try await storage.insert(links)
            let days = (10...19).map { "2026-11-\($0)" }
            try await storage.record(links.flatMap { link in days.map { Fixtures.count(link, day: $0, .desktop, 1) } })

            #expect(try await storage.purgeClickCounts(before: "2026-11-15", batchSize: 4) == 15)

            for link in links {
                #expect(try await storage.clickCounts(linkID: link.id).map(\.key.day) == Array(days.suffix(5)))
                #expect(try await storage.link(id: link.id)?.clickCount == 10)
            }
        }
    }
}
