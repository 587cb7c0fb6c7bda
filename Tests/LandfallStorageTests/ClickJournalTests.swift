import Foundation
import LandfallLinks
@testable import LandfallStorage
import SeededRandom
import Testing

/// The click journal: a flush of clicks over many links is appended at the end of one table,
/// and folded into the counts later, exactly as if it had been recorded directly.
@Suite struct ClickJournalTests {
    @Test("Clicks above the threshold wait in the journal, and once folded count exactly as recorded directly", arguments: Backend.all)
    func journaledClicksCountOnceFolded(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let link = Fixtures.link("journaled")
            let other = Fixtures.link("other", offset: 1)
            try await storage.insert([link, other])
            let counts = [Fixtures.count(link, .ios, 2), Fixtures.count(link, .crawler, 5), Fixtures.count(link, .android, referrer: "t.co", 1),
                          Fixtures.count(other, .desktop, 7)]

            #expect(try await storage.record(counts, journalAbove: 3) == .journaled(4))

            #expect(try await storage.clickCounts(linkID: link.id).isEmpty)
            #expect(try await storage.link(id: link.id)?.clickCount == 0)
            #expect(try await storage.clickJournalLength() == 4)

            #expect(try await storage.foldClickJournal(upTo: 100) == 4)

            #expect(try await storage.clickJournalLength() == 0)
            #expect(try await storage.clickCounts(linkID: link.id) == [
                Fixtures.count(link, .android, referrer: "t.co", 1), Fixtures.count(link, .crawler, 5), Fixtures.count(link, .ios, 2),
            ])
            #expect(try await storage.link(id: link.id)?.clickCount == 3)
            #expect(try await storage.link(id: other.id)?.clickCount == 7)
            #expect(try await storage.foldClickJournal(upTo: 100) == 0)
        }
    }

    @Test("Referrer hosts with quotes, backslashes, control characters and other scripts come out of the journal as they went in",
          arguments: Backend.all)
    func journaledTextIsKeptExactly(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let link = Fixtures.link("texts")
            try await storage.insert([link])
            let referrers = ["say \"hi\".example", #"back\slash.example"#, "tab\tand\u{1}.example", "bücher.example", "例え.jp", "🙂.example",
                             "[\"1\",2]", "\\u0041.example"]
            let counts = referrers.enumerated().map { Fixtures.count(link, .desktop, referrer: $1, $0 + 1) }

            #expect(try await storage.record(counts, journalAbove: 0) == .journaled(referrers.count))
            #expect(try await storage.foldClickJournal(upTo: 100) == referrers.count)

            let stored = try await storage.clickCounts(linkID: link.id)
            #expect(Set(stored) == Set(counts))
            #expect(try await storage.link(id: link.id)?.clickCount == counts.reduce(0) { $0 + $1.count })
        }
    }

    @Test("A flush of more counts than one journal statement holds is journaled whole", arguments: Backend.all)
    func largeFlushesAreJournaledWhole(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let link = Fixtures.link("many")
            try await storage.insert([link])
            let keys = ClickTally.journalRowsPerStatement + 7
            let counts = (0..<keys).map { Fixtures.count(link, .android, referrer: "r\($0).example", 1) }

            #expect(try await storage.record(counts, journalAbove: 500) == .journaled(keys))
            #expect(try await storage.clickJournalLength() == keys)
            #expect(try await storage.foldClickJournal(upTo: 2 * keys) == keys)

            #expect(try await storage.link(id: link.id)?.clickCount == keys)
            #expect(try await storage.clickCounts(linkID: link.id).count == keys)
        }
    }

    @Test("A flush at or under the threshold is counted at once", arguments: Backend.all)
    func smallFlushesAreCountedDirectly(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let link = Fixtures.link("direct")
            try await storage.insert([link])

            #expect(try await storage.record([Fixtures.count(link, .ios, 2), Fixtures.count(link, .android, 1)], journalAbove: 2) == .counted(2))

            #expect(try await storage.clickJournalLength() == 0)
            #expect(try await storage.link(id: link.id)?.clickCount == 3)
        }
    }

    @Test("A fold takes the oldest rows first, at most as many as asked", arguments: Backend.all)
    func foldsTheOldestRowsFirst(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let first = Fixtures.link("first")
            let second = Fixtures.link("second", offset: 1)
            try await storage.insert([first, second])
            try await storage.record([Fixtures.count(first, .ios, 1), Fixtures.count(first, .android, 1)], journalAbove: 0)
            try await storage.record([Fixtures.count(second, .ios, 4)], journalAbove: 0)

            #expect(try await storage.foldClickJournal(upTo: 2) == 2)

            #expect(try await storage.link(id: first.id)?.clickCount == 2)
            #expect(try await storage.link(id: second.id)?.clickCount == 0)
            #expect(try await storage.clickJournalLength() == 1)
            #expect(try await storage.foldClickJournal(upTo: 2) == 1)
            #expect(try await storage.link(id: second.id)?.clickCount == 4)
        }
    }

    @Test("Clicks a click limit already counted reach the daily counts, not the link's count again", arguments: Backend.all)
    func alreadyCountedClicksAreNotCountedTwice(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            var link = Fixtures.link("limited")
            link.maxClicks = 10
            try await storage.insert([link])
            #expect(try await storage.takeClick(of: link.id) == .taken(clickCount: 1))

            try await storage.record([Fixtures.count(link, .crawler, 2)], alreadyCounted: [Fixtures.count(link, .ios, 1)], journalAbove: 0)
            try await storage.foldClickJournal(upTo: 10)

            #expect(try await storage.link(id: link.id)?.clickCount == 1)
            #expect(try await storage.clickCounts(linkID: link.id) == [Fixtures.count(link, .crawler, 2), Fixtures.count(link, .ios, 1)])
        }
    }

    @Test("Journaled clicks of a link deleted before the fold are dropped, and the others counted", arguments: Backend.all)
    func clicksOfDeletedLinksAreDroppedByTheFold(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let kept = Fixtures.link("kept")
            let gone = Fixtures.link("gone", offset: 1)
            try await storage.insert([kept, gone])
            try await storage.record([Fixtures.count(kept, 2), Fixtures.count(gone, 3)], journalAbove: 0)
            #expect(try await storage.delete(id: gone.id))

            #expect(try await storage.foldClickJournal(upTo: 10) == 2)

            #expect(try await storage.clickJournalLength() == 0)
            #expect(try await storage.clickCounts(linkID: gone.id).isEmpty)
            #expect(try await storage.link(id: kept.id)?.clickCount == 2)
        }
    }

    @Test("Folds running at once (other instances on PostgreSQL) count every journaled click once", arguments: Backend.all)
    func concurrentFoldsCountEachRowOnce(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let links = (0..<8).map { Fixtures.link("l\($0)", offset: $0) }
            try await storage.insert(links)
            for round in 0..<25 {
                try await storage.record(links.map { Fixtures.count($0, day: "2026-11-\(10 + round % 5)", .ios, 1) }, journalAbove: 0)
            }
            #expect(try await storage.clickJournalLength() == 200)

            let folded = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        var total = 0
                        while case let folded = try await storage.foldClickJournal(upTo: 7), folded > 0 { total += folded }
                        return total
                    }
                }
                return try await group.reduce(0, +)
            }

            #expect(folded == 200)
            for link in links {
                #expect(try await storage.link(id: link.id)?.clickCount == 25)
                #expect(try await storage.clickCounts(linkID: link.id).map(\.count) == [5, 5, 5, 5, 5])
            }
        }
    }

    @Test("Links deleted while their clicks are recorded and folded are deleted, and the clicks of the others all counted",
          arguments: Backend.all)
    func deletionsRacingFoldsBothSucceed(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let links = (0..<12).map { Fixtures.link("r\($0)", offset: $0) }
            try await storage.insert(links)
            for _ in 0..<10 {
                try await storage.record(links.map { Fixtures.count($0, .ios, 1) }, journalAbove: 0)
            }
            let doomed = links.enumerated().filter { $0.offset.isMultiple(of: 3) }.map(\.element)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { while try await storage.foldClickJournal(upTo: 5) > 0 {} }
                group.addTask {
                    for _ in 0..<10 { try await storage.record(links.map { Fixtures.count($0, .android, 1) }) }
                }
                group.addTask {
                    for link in doomed {
                        let deleted = try await storage.delete(id: link.id)
                        #expect(deleted)
                    }
                }
                try await group.waitForAll()
            }
            while try await storage.foldClickJournal(upTo: 50) > 0 {}

            for link in links {
                let stored = try await storage.link(id: link.id)
                if doomed.contains(where: { $0.id == link.id }) {
                    #expect(stored == nil)
                    #expect(try await storage.clickCounts(linkID: link.id).isEmpty)
                } else {
                    #expect(stored?.clickCount == 20)
                }
            }
        }
    }

    @Test("Journaling then folding leaves the same counts as recording directly, for random flushes", arguments: Backend.all)
    func journalAndFoldEqualDirectRecording(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let direct = (0..<5).map { Fixtures.link("d\($0)", offset: $0) }
            let journaled = (0..<5).map { Fixtures.link("j\($0)", offset: 10 + $0) }
            try await storage.insert(direct + journaled)
            var generator = SeededGenerator(seed: 19)
            let platforms = ClickPlatform.allCases
            for _ in 0..<12 {
                let picks = (0..<Int.random(in: 1...15, using: &generator)).map { _ in
                    (Int.random(in: 0..<5, using: &generator), "2026-11-\(Int.random(in: 20...22, using: &generator))",
                     platforms.randomElement(using: &generator)!, ["", "t.co", "mail.example.com"].randomElement(using: &generator)!,
                     Int.random(in: 1...9, using: &generator), Bool.random(using: &generator))
                }
                func counts(_ links: [ShortLink], limited: Bool) -> [ClickCount] {
                    picks.filter { $0.5 == limited }.map { Fixtures.count(links[$0.0], day: $0.1, $0.2, referrer: $0.3, $0.4) }
                }
                try await storage.record(counts(direct, limited: false), alreadyCounted: counts(direct, limited: true))
                try await storage.record(counts(journaled, limited: false), alreadyCounted: counts(journaled, limited: true), journalAbove: 0)
                if Bool.random(using: &generator) { try await storage.foldClickJournal(upTo: Int.random(in: 1...20, using: &generator)) }
            }
            while try await storage.foldClickJournal(upTo: 20) > 0 {}

            for (original, copy) in zip(direct, journaled) {
                let copied = try await storage.clickCounts(linkID: copy.id).map { ClickCount(key: ClickKey(linkID: original.id, day: $0.key.day, platform: $0.key.platform, referrerHost: $0.key.referrerHost), count: $0.count) }
                #expect(try await storage.clickCounts(linkID: original.id) == copied)
                #expect(try await storage.link(id: original.id)?.clickCount == storage.link(id: copy.id)?.clickCount)
            }
        }
    }

    @Test("Journaled clicks reach the webhook endpoints that want link.clicked when they are folded", arguments: Backend.all)
    func journaledClicksReachWebhooksWhenFolded(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            try await storage.insert(try Fixtures.endpoint(["link.clicked"]))
            let link = Fixtures.link("hooked")
            try await storage.insert([link])
            let later = Date().addingTimeInterval(3600)

            try await storage.record([Fixtures.count(link, 3)], journalAbove: 0)
            #expect(try await storage.batchPendingClicks(waitingSince: later, at: later) == 0)

            try await storage.foldClickJournal(upTo: 10)
            #expect(try await storage.batchPendingClicks(waitingSince: later, at: later) == 1)
        }
    }

    @Test("A journal row that cannot be read stops the fold with an error naming it, and no row is lost", arguments: Backend.all)
    func anUnreadableRowIsReportedAndKept(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let link = Fixtures.link("kept")
            try await storage.insert([link])
            try await storage.record([Fixtures.count(link, 2)], journalAbove: 0)
            try await storage.execute(raw: """
                INSERT INTO click_journal (link_id, day, platform, referrer_host, clicks, people)
                VALUES ('\(link.id.rawValue)', '2026-11-20', 'smartwatch', '', 1, 1)
                """)

            let error = await expectStorageError { try await storage.foldClickJournal(upTo: 10) }

            #expect(error?.message.contains("click_journal") == true)
            #expect(error?.message.contains("smartwatch") == true)
            #expect(try await storage.clickJournalLength() == 2)
            #expect(try await storage.link(id: link.id)?.clickCount == 0)
        }
    }
}
