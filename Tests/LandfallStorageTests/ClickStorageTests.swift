import Foundation
import LandfallLinks
@testable import LandfallStorage
import Testing

/// Click counts: recording adds up, people's clicks reach the link, deleted links' counts vanish.
@Suite struct ClickStorageTests {
    @Test(arguments: Backend.all)
    func recordingAddsToTheCountsAndPeoplesClicksToTheLink(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let link = Fixtures.link("counted")
            let other = Fixtures.link("other", offset: 1)
            try await storage.insert([link, other])

            try await storage.record([
                Fixtures.count(link, .ios, 2), Fixtures.count(link, .crawler, 5), Fixtures.count(link, .android, referrer: "t.co", 1),
                Fixtures.count(other, .desktop, 7),
            ])
            try await storage.record([
                Fixtures.count(link, .ios, 3), Fixtures.count(link, day: "2026-11-21", .ios, 1), Fixtures.count(link, .crawler, 1),
                Fixtures.count(link, .ios, 1),
            ])

            #expect(try await storage.clickCounts(linkID: link.id) == [
                Fixtures.count(link, .android, referrer: "t.co", 1),
                Fixtures.count(link, .crawler, 6),
                Fixtures.count(link, .ios, 6),
                Fixtures.count(link, day: "2026-11-21", .ios, 1),
            ])
            #expect(try await storage.link(id: link.id)?.clickCount == 8)
            #expect(try await storage.link(id: other.id)?.clickCount == 7)
            let stats = TrafficStats(counts: try await storage.trafficCounts(TrafficFilter(linkID: link.id)), linkID: link.id)
            #expect(stats.clicks == 8 && stats.previews == 6)
        }
    }

    @Test(arguments: Backend.all)
    func countsOfADeletedLinkAreDroppedSilently(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let kept = Fixtures.link("kept")
            let gone = Fixtures.link("gone", offset: 1)
            try await storage.insert([kept, gone])
            #expect(try await storage.delete(id: gone.id))

            try await storage.record([Fixtures.count(gone, 3), Fixtures.count(kept, 2), Fixtures.count(Fixtures.link("never"), 1)])

            #expect(try await storage.clickCounts(linkID: gone.id).isEmpty)
            #expect(try await storage.clickCounts(linkID: kept.id) == [Fixtures.count(kept, 2)])
            #expect(try await storage.link(id: kept.id)?.clickCount == 2)
        }
    }

    @Test(arguments: Backend.all)
    func concurrentRecordingsAllAddUp(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let first = Fixtures.link("first")
            let second = Fixtures.link("second", offset: 1)
            try await storage.insert([first, second])

            try await withThrowingTaskGroup(of: Void.self) { group in
                for round in 0..<20 {
                    group.addTask {
                        // Opposite orders in alternate rounds: the storage must not deadlock.
                        let counts = [Fixtures.count(first, .ios, 1), Fixtures.count(second, .android, referrer: "x.com", 2),
                                      Fixtures.count(first, .crawler, 1)]
                        try await storage.record(round.isMultiple(of: 2) ? counts : counts.reversed())
                    }
                }
                try await group.waitForAll()
            }

            #expect(try await storage.clickCounts(linkID: first.id) == [Fixtures.count(first, .crawler, 20), Fixtures.count(first, .ios, 20)])
            #expect(try await storage.clickCounts(linkID: second.id) == [Fixtures.count(second, .android, referrer: "x.com", 40)])
            #expect(try await storage.link(id: first.id)?.clickCount == 20)
            #expect(try await storage.link(id: second.id)?.clickCount == 40)
        }
    }

    @Test(arguments: Backend.all)
    func recordingNothingChangesNothing(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let link = Fixtures.link("quiet")
            try await storage.insert([link])
            try await storage.record([])
            try await storage.record([Fixtures.count(link, 0)])
            #expect(try await storage.clickCounts(linkID: link.id).isEmpty)
            #expect(try await storage.link(id: link.id)?.clickCount == 0)
        }
    }

    @Test("a flush of 1,201 counts over 601 links, past the rows one statement takes, stores every count and total", arguments: Backend.all)
    func aFlushLargerThanOneStatementStoresEverything(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let links = (0...600).map { Fixtures.link("many-\($0)", offset: $0) }
            try await storage.insert(links)
            let counts = links.flatMap { link in [Fixtures.count(link, .ios, 2), Fixtures.count(link, .crawler, 1)] }.dropLast()
            #expect(counts.count == 1_201 && counts.count > 2 * Storage.rowsPerStatement)
            try await storage.record(Array(counts))
            for link in [links[0], links[499], links[500], links[600]] {
                #expect(try await storage.link(id: link.id)?.clickCount == 2)
                #expect(try await storage.clickCounts(linkID: link.id).reduce(0) { $0 + $1.count } == (link == links[600] ? 2 : 3))
            }
            let stats = TrafficStats(counts: try await storage.trafficCounts(TrafficFilter()))
            #expect(stats.clicks == 1_202 && stats.previews == 600)
        }
    }
}
