import Foundation
import LandfallLinks
@testable import LandfallStorage
import Testing

/// A link with `maxClicks` admits exactly that many of people's clicks: each is taken from the
/// database by one conditional statement, however many requests (and instances) race for it.
/// Before, the limit was checked against a cached count plus this instance's unstored clicks,
/// and a full parallel test run let a 3-click link redirect a fourth time when a cache refill
/// raced a flush.
@Suite struct ClickTakingTests {
    @Test("a link with maxClicks 3 takes three clicks, then refuses every other one and keeps its count", arguments: Backend.all)
    func takesUpToTheLimit(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let link = Self.link("three", maxClicks: 3)
            try await storage.insert([link])
            #expect(try await storage.takeClick(of: link.id) == .taken(clickCount: 1))
            #expect(try await storage.takeClick(of: link.id) == .taken(clickCount: 2))
            #expect(try await storage.takeClick(of: link.id) == .taken(clickCount: 3))
            #expect(try await storage.takeClick(of: link.id) == .limitReached(clickCount: 3))
            #expect(try await storage.takeClick(of: link.id) == .limitReached(clickCount: 3))
            #expect(try await storage.link(id: link.id)?.clickCount == 3)
        }
    }

    @Test("a link without a limit (one whose limit was removed) always takes the click; a deleted one is missing", arguments: Backend.all)
    func unlimitedAndMissingLinks(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let free = Fixtures.link("free")
            let doomed = Fixtures.link("doomed", offset: 1)
            try await storage.insert([free, doomed])
            for expected in 1...5 {
                #expect(try await storage.takeClick(of: free.id) == .taken(clickCount: expected))
            }
            #expect(try await storage.delete(id: doomed.id))
            #expect(try await storage.takeClick(of: doomed.id) == .missing)
        }
    }

    @Test("50 racing clicks of a 5-click link, through two storages on one database, take exactly 5", arguments: Backend.all)
    func racingClicksTakeExactlyTheLimit(backend: Backend) async throws {
        try await backend.withLocation { location in
            let first = try await Storage.open(location, logger: .quiet)
            let second = try await Storage.open(location, logger: .quiet)
            let link = Self.link("five", maxClicks: 5)
            try await first.insert([link])
            let takes = try await withThrowingTaskGroup(of: ClickTake.self) { group in
                for attempt in 0..<50 {
                    let storage = attempt.isMultiple(of: 2) ? first : second
                    group.addTask { try await storage.takeClick(of: link.id) }
                }
                return try await group.reduce(into: [ClickTake]()) { $0.append($1) }
            }
            let taken = takes.compactMap { if case .taken(let count) = $0 { count } else { nil } }
            #expect(taken.sorted() == [1, 2, 3, 4, 5])
            #expect(takes.filter { $0 == .limitReached(clickCount: 5) }.count == 45)
            #expect(try await second.link(id: link.id)?.clickCount == 5)
            await first.close()
            await second.close()
        }
    }

    @Test("clicks already taken are added to the counts by day, platform and referrer, and not to the link's click count again", arguments: Backend.all)
    func alreadyCountedClicksAreNotCountedTwice(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let link = Self.link("limited", maxClicks: 10)
            try await storage.insert([link])
            _ = try await storage.takeClick(of: link.id)
            _ = try await storage.takeClick(of: link.id)
            try await storage.record([Fixtures.count(link, .crawler, 4), Fixtures.count(link, .ios, 1)],
                                     alreadyCounted: [Fixtures.count(link, .ios, 2)])
            #expect(try await storage.clickCounts(linkID: link.id) == [Fixtures.count(link, .crawler, 4), Fixtures.count(link, .ios, 3)])
            #expect(try await storage.link(id: link.id)?.clickCount == 3, "two taken, one recorded")
        }
    }

    /// A link that admits `maxClicks` clicks.
    static func link(_ slug: String, maxClicks: Int) -> ShortLink {
        var link = Fixtures.link(slug)
        link.maxClicks = maxClicks
        return link
    }
}
