import Foundation
import LandfallLinks
@testable import LandfallStorage
import Testing

/// Links: insert, read, update, delete, list, on both backends.
@Suite struct LinkStorageTests {
    @Test(arguments: Backend.all)
    func aStoredLinkReadsBackWithEveryField(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let link = Fixtures.fullLink()
            try await storage.insert([link])

            #expect(try await storage.link(id: link.id) == link)
            #expect(try await storage.link(host: "GO.Example.com", slug: "winter") == link)
            #expect(try await storage.link(host: Fixtures.host, slug: "Winter") == nil)
            #expect(try await storage.link(host: "other.example.com", slug: "winter") == nil)
            #expect(try await storage.link(id: Fixtures.link("x").id) == nil)
            #expect(try await storage.linkCount() == 1)
        }
    }

    @Test(arguments: Backend.all)
    func aLinkWithOnlyTheRequiredFieldsReadsBackWithNils(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            var link = Fixtures.link("plain", host: "Go.Example.COM")
            try await storage.insert([link])
            link.host = "go.example.com"
            let stored = try #require(try await storage.link(id: link.id))
            #expect(stored == link)
            #expect(stored.overrides.all.isEmpty && stored.campaign.isEmpty && stored.data.isEmpty)
            #expect(stored.expiresAt == nil && stored.maxClicks == nil && !stored.isDisabled)
        }
    }

    @Test(arguments: Backend.all)
    func aBulkInsertWithTheThirdSlugTakenStoresNone(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let existing = Fixtures.link("taken")
            try await storage.insert([existing])
            let batch = [Fixtures.link("one", offset: 1), Fixtures.link("two", offset: 2), Fixtures.link("taken", offset: 3),
                         Fixtures.link("four", offset: 4), Fixtures.link("five", offset: 5)]

            let error = await expectStorageError { try await storage.insert(batch) }

            #expect(error?.code == .slugTaken(host: Fixtures.host, slug: "taken"))
            #expect(error?.description.contains("'taken' is already taken on go.example.com") == true)
            #expect(try await storage.linkCount() == 1)
            for link in batch {
                #expect(try await storage.link(id: link.id) == nil)
            }
            #expect(try await storage.link(host: Fixtures.host, slug: "taken") == existing)
        }
    }

    @Test(arguments: Backend.all)
    func aSlugRepeatedWithinOneBatchIsTaken(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let error = await expectStorageError {
                try await storage.insert([Fixtures.link("same"), Fixtures.link("other", offset: 1), Fixtures.link("same", offset: 2)])
            }
            #expect(error?.code == .slugTaken(host: Fixtures.host, slug: "same"))
            #expect(try await storage.linkCount() == 0)
        }
    }

    @Test(arguments: Backend.all)
    func slugsAreUniquePerHostAndCaseSensitive(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            try await storage.insert([
                Fixtures.link("winter"), Fixtures.link("Winter", offset: 1), Fixtures.link("winter", host: "links.example.org", offset: 2),
            ])
            #expect(try await storage.linkCount() == 3)
            let error = await expectStorageError { try await storage.insert([Fixtures.link("winter", host: "GO.EXAMPLE.COM", offset: 3)]) }
            #expect(error?.code == .slugTaken(host: "go.example.com", slug: "winter"))
        }
    }

    @Test(arguments: Backend.all)
    func anIdStoredTwiceIsRefused(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let link = Fixtures.link("first")
            try await storage.insert([link])
            var copy = link
            copy.slug = "second"
            let error = await expectStorageError { try await storage.insert([copy]) }
            #expect(error?.code == .idTaken(link.id))
        }
    }

    @Test(arguments: Backend.all)
    func anUpdateChangesEverythingButTheCreationTimeAndTheClickCount(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let original = Fixtures.link("spring")
            try await storage.insert([original])
            try await storage.record([Fixtures.count(original, 3)])

            var changed = Fixtures.fullLink("summer")
            changed.id = original.id
            changed.createdAt = original.createdAt.addingTimeInterval(999)
            changed.clickCount = 77

            #expect(try await storage.update(changed))

            var expected = changed
            expected.createdAt = original.createdAt
            expected.clickCount = 3
            #expect(try await storage.link(id: original.id) == expected)
            #expect(try await storage.link(host: Fixtures.host, slug: "spring") == nil)
            #expect(try await storage.link(host: Fixtures.host, slug: "summer") == expected)
        }
    }

    @Test(arguments: Backend.all)
    func updatingAMissingLinkReturnsFalse(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            #expect(try await storage.update(Fixtures.link("ghost")) == false)
            #expect(try await storage.linkCount() == 0)
        }
    }

    @Test(arguments: Backend.all)
    func anUpdateToATakenSlugIsRefusedAndChangesNothing(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let first = Fixtures.link("first")
            let second = Fixtures.link("second", offset: 1)
            try await storage.insert([first, second])
            var moved = second
            moved.slug = "first"
            moved.target = "https://daily.example.com/changed"

            let error = await expectStorageError { _ = try await storage.update(moved) }

            #expect(error?.code == .slugTaken(host: Fixtures.host, slug: "first"))
            #expect(try await storage.link(id: second.id) == second)
            #expect(try await storage.link(host: Fixtures.host, slug: "first") == first)
        }
    }

    @Test(arguments: Backend.all)
    func deletingALinkDeletesItsClickCounts(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let doomed = Fixtures.link("doomed")
            let kept = Fixtures.link("kept", offset: 1)
            try await storage.insert([doomed, kept])
            try await storage.record([Fixtures.count(doomed, 4), Fixtures.count(doomed, .crawler, 2), Fixtures.count(kept, 1)])
            #expect(try await storage.clickCounts(linkID: doomed.id).count == 2)

            #expect(try await storage.delete(id: doomed.id))
            #expect(try await storage.delete(id: doomed.id) == false)

            #expect(try await storage.link(id: doomed.id) == nil)
            #expect(try await storage.clickCounts(linkID: doomed.id).isEmpty)
            #expect(try await storage.clickCounts(linkID: kept.id) == [Fixtures.count(kept, 1)])
            // The slug is free again.
            try await storage.insert([Fixtures.link("doomed", offset: 2)])
        }
    }

    @Test(arguments: Backend.all)
    func pagesFollowTheCursorWithoutDuplicatesOrGapsWhileLinksAreAdded(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            // Several links per millisecond: ids of one moment differ in their random bits.
            let original = (0..<23).map { Fixtures.link("link-\($0)", offset: $0 / 3) }
            try await storage.insert(original.shuffled())
            var seen: [LinkID] = []
            var query = LinkQuery(limit: 5)
            var added = 0
            while true {
                let page = try await storage.links(query)
                seen += page.map(\.id)
                guard let last = page.last else { break }
                #expect(page.count <= 5)
                query.after = last.id
                // New links arrive between pages; they are newer and belong before the cursor.
                try await storage.insert([Fixtures.link("new-\(added)", offset: 10_000 + added)])
                added += 1
            }
            #expect(seen == original.map(\.id).sorted(by: >))
            #expect(Set(seen).count == seen.count)
            #expect(try await storage.linkCount() == 23 + added)
        }
    }

    @Test(arguments: Backend.all)
    func filtersSelectLinksByEachField(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            var a = Fixtures.link("promo-a", target: "https://daily.example.com/puzzle/1", offset: 0)
            a.campaign.name = "winter"
            var b = Fixtures.link("promo_b", target: "https://daily.example.com/PUZZLE/2", offset: 1000)
            b.isDisabled = true
            b.campaign.name = "winter"
            let c = Fixtures.link("Promo-c", target: "https://other.example.org/x%y", offset: 2000)
            let d = Fixtures.link("promo-a", host: "links.example.org", target: "https://daily.example.com/puzzle/4", offset: 3000)
            let e = Fixtures.link("pro", offset: 4000)
            let f = Fixtures.link("prom%x", offset: 5000)
            try await storage.insert([a, b, c, d, e, f])

            func slugs(_ query: LinkQuery) async throws -> [String] {
                try await storage.links(query).map { "\($0.host == Fixtures.host ? "" : "org:")\($0.slug)" }
            }

            #expect(try await slugs(LinkQuery()) == ["prom%x", "pro", "org:promo-a", "Promo-c", "promo_b", "promo-a"])
            #expect(try await slugs(LinkQuery(host: "LINKS.example.org")) == ["org:promo-a"])
            #expect(try await slugs(LinkQuery(slugPrefix: "promo")) == ["org:promo-a", "promo_b", "promo-a"])
            #expect(try await slugs(LinkQuery(slugPrefix: "promo-")) == ["org:promo-a", "promo-a"])
            #expect(try await slugs(LinkQuery(slugPrefix: "prom%")) == ["prom%x"])
            #expect(try await slugs(LinkQuery(slugPrefix: "Promo")) == ["Promo-c"])
            #expect(try await slugs(LinkQuery(slugPrefix: "promo-a-longer")) == [])
            #expect(try await slugs(LinkQuery(disabled: true)) == ["promo_b"])
            #expect(try await slugs(LinkQuery(disabled: false)).count == 5)
            #expect(try await slugs(LinkQuery(campaignName: "winter")) == ["promo_b", "promo-a"])
            #expect(try await slugs(LinkQuery(campaignName: "Winter")) == [])
            #expect(try await slugs(LinkQuery(targetContains: "/puzzle/")) == ["prom%x", "pro", "org:promo-a", "promo-a"])
            #expect(try await slugs(LinkQuery(targetContains: "x%y")) == ["Promo-c"])
            #expect(try await slugs(LinkQuery(targetContains: "PUZZLE")) == ["promo_b"])
            let second = Fixtures.now.addingTimeInterval(1)
            #expect(try await slugs(LinkQuery(createdFrom: second.addingTimeInterval(2))) == ["prom%x", "pro", "org:promo-a"])
            #expect(try await slugs(LinkQuery(createdBefore: second)) == ["promo-a"])
            #expect(try await slugs(LinkQuery(createdFrom: second, createdBefore: second.addingTimeInterval(2))) == ["Promo-c", "promo_b"])
            #expect(try await slugs(LinkQuery(host: Fixtures.host, slugPrefix: "promo", disabled: false, campaignName: "winter")) == ["promo-a"])
        }
    }

    @Test(arguments: Backend.all)
    func theLimitIsKeptWithinOneTo500(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            try await storage.insert((0..<3).map { Fixtures.link("l\($0)", offset: $0) })
            #expect(try await storage.links(LinkQuery(limit: 0)).count == 1)
            #expect(try await storage.links(LinkQuery(limit: -5)).count == 1)
            #expect(try await storage.links(LinkQuery(limit: 2)).count == 2)
            #expect(try await storage.links(LinkQuery(limit: 10_000)).count == 3)
            #expect(LinkQuery(limit: 10_000).clampedLimit == 500)
        }
    }

    @Test(arguments: Backend.all)
    func fiftyParallelInsertsOfOneSlugLetExactlyOneWin(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let contenders = (0..<50).map { Fixtures.link("contested", target: "https://daily.example.com/\($0)", offset: $0) }
            let results = await withTaskGroup(of: Result<LinkID, StorageError>.self) { group in
                for link in contenders {
                    group.addTask {
                        do throws(StorageError) {
                            try await storage.insert([link])
                            return .success(link.id)
                        } catch {
                            return .failure(error)
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            let winners = results.compactMap { try? $0.get() }
            let refusals = results.compactMap { result -> StorageError.Code? in
                if case .failure(let error) = result { return error.code }
                return nil
            }
            #expect(winners.count == 1)
            #expect(refusals.count == 49)
            #expect(refusals.allSatisfy { $0 == .slugTaken(host: Fixtures.host, slug: "contested") })
            #expect(try await storage.link(host: Fixtures.host, slug: "contested")?.id == winners.first)
            #expect(try await storage.linkCount() == 1)
        }
    }
}
