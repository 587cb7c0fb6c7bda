import Foundation
import LandfallLinks
import Testing
@testable import LandfallServer

/// The table of every link (``LinkTable``): what it answers while loading, after a load, after
/// changes, for limited links, for keys whose hashes collide, and past its budget.
@Suite struct LinkTableTests {
    private static let created = Date(timeIntervalSince1970: 1_795_000_000)
    private static let host = "go.example.com"

    private static func link(_ slug: String, target: String = "https://daily.example.com/", host: String = host,
                             maxClicks: Int? = nil, number: Int = 0) -> ShortLink {
        let id = LinkID(String(format: "019a8c3e-7a10-7c4e-9b1f-%012x", number))!
        return ShortLink(id: id, host: host, slug: slug, target: target, maxClicks: maxClicks, createdAt: created)
    }

    private static func loaded(_ links: [ShortLink], hashing: LinkTable.Hashing = .standard) -> LinkTable {
        let table = LinkTable(budget: 1 << 30, hashing: hashing)
        let load = table.beginLoading()
        table.insert(links, loading: load)
        table.finishLoading(load)
        return table
    }

    @Test("answers nothing until a load finishes, then every link and 'no such link'")
    func answersAfterLoading() {
        let table = LinkTable(budget: 1 << 30)
        #expect(table.lookUp(host: Self.host, slug: "winter") == .unknown)
        let load = table.beginLoading()
        table.insert([Self.link("winter"), Self.link("Summer", host: "print.example.com")], loading: load)
        #expect(table.lookUp(host: Self.host, slug: "winter") == .unknown, "a load under way answers nothing")
        table.finishLoading(load)
        #expect(table.lookUp(host: Self.host, slug: "winter") == .link(Self.link("winter")))
        #expect(table.lookUp(host: "print.example.com", slug: "Summer") == .link(Self.link("Summer", host: "print.example.com")))
        #expect(table.lookUp(host: Self.host, slug: "Summer") == .missing, "slugs belong to one host")
        #expect(table.lookUp(host: "print.example.com", slug: "summer") == .missing, "slugs are compared as written")
        #expect(table.lookUp(host: "other.example.com", slug: "winter") == .missing)
        #expect(table.count == 2)
    }

    @Test("holds 20,000 links, each answered as stored")
    func holdsManyLinks() {
        let links = (0..<20_000).map { Self.link("s\($0)", target: "https://daily.example.com/puzzle/\($0)", number: $0) }
        let table = Self.loaded(links)
        for link in links.shuffled().prefix(2_000) {
            #expect(table.lookUp(host: Self.host, slug: link.slug) == .link(link))
        }
        #expect(table.lookUp(host: Self.host, slug: "s20000") == .missing)
    }

    @Test("sends a limited link to the database: its clicks are taken there")
    func limitedLinksAreUnknown() {
        let table = Self.loaded([Self.link("five", maxClicks: 5), Self.link("free")])
        #expect(table.lookUp(host: Self.host, slug: "five") == .unknown)
        #expect(table.lookUp(host: Self.host, slug: "free") != .unknown)
    }

    @Test("answers a changed link 'ask the database' until it is settled, then the new link or none")
    func changesAreMarkedThenSettled() {
        let table = Self.loaded([Self.link("winter"), Self.link("summer")])
        table.markUnknown(host: Self.host, slugs: ["winter", "new"])
        #expect(table.lookUp(host: Self.host, slug: "winter") == .unknown)
        #expect(table.lookUp(host: Self.host, slug: "new") == .unknown, "a link being created is not 'no such link'")
        #expect(table.lookUp(host: Self.host, slug: "summer") == .link(Self.link("summer")))
        let changed = Self.link("winter", target: "https://daily.example.com/changed")
        table.settle(changed, host: Self.host, slug: "winter")
        table.settle(Self.link("new"), host: Self.host, slug: "new")
        #expect(table.lookUp(host: Self.host, slug: "winter") == .link(changed))
        #expect(table.lookUp(host: Self.host, slug: "new") == .link(Self.link("new")))
        table.markUnknown(host: Self.host, slugs: ["summer"])
        table.settle(nil, host: Self.host, slug: "summer")
        #expect(table.lookUp(host: Self.host, slug: "summer") == .missing)
        table.markUnknown(host: "print.example.com", slugs: ["first"])
        table.settle(Self.link("first", host: "print.example.com"), host: "print.example.com", slug: "first")
        #expect(table.lookUp(host: "print.example.com", slug: "first") == .link(Self.link("first", host: "print.example.com")),
                "a link on a host the table had not seen")
    }

    @Test("keeps a link a change touched during a load, not the load's older row")
    func changesDuringALoadWin() {
        let table = LinkTable(budget: 1 << 30)
        let load = table.beginLoading()
        let changed = Self.link("winter", target: "https://daily.example.com/changed")
        table.markUnknown(host: Self.host, slugs: ["winter", "deleted"])
        table.settle(changed, host: Self.host, slug: "winter")
        table.settle(nil, host: Self.host, slug: "deleted")
        // The load read its batch before the changes.
        table.insert([Self.link("winter"), Self.link("deleted"), Self.link("other")], loading: load)
        table.finishLoading(load)
        #expect(table.lookUp(host: Self.host, slug: "winter") == .link(changed))
        #expect(table.lookUp(host: Self.host, slug: "deleted") == .missing)
        #expect(table.lookUp(host: Self.host, slug: "other") == .link(Self.link("other")))
    }

    @Test("ignores the rows of a load that another load replaced")
    func anOlderLoadIsIgnored() {
        let table = LinkTable(budget: 1 << 30)
        let first = table.beginLoading()
        let second = table.beginLoading()
        table.insert([Self.link("stale")], loading: first)
        table.finishLoading(first)
        #expect(table.lookUp(host: Self.host, slug: "stale") == .unknown, "the first load's end does not complete the second")
        table.insert([Self.link("fresh")], loading: second)
        table.finishLoading(second)
        #expect(table.lookUp(host: Self.host, slug: "stale") == .missing)
        #expect(table.lookUp(host: Self.host, slug: "fresh") == .link(Self.link("fresh")))
    }

    @Test("tells apart keys whose hashes collide, by their records, and never answers one with the other")
    func collidingKeysAreToldApart() {
        let table = Self.loaded([Self.link("first")], hashing: .allAlike)
        #expect(table.lookUp(host: Self.host, slug: "first") == .link(Self.link("first")))
        #expect(table.lookUp(host: Self.host, slug: "second") == .missing, "a key that is not stored, though its hash is")
        table.markUnknown(host: Self.host, slugs: ["second"])
        #expect(table.lookUp(host: Self.host, slug: "second") == .unknown)
        #expect(table.lookUp(host: Self.host, slug: "first") == .link(Self.link("first")))
        table.settle(Self.link("second", number: 2), host: Self.host, slug: "second")
        #expect(table.lookUp(host: Self.host, slug: "first") == .link(Self.link("first")))
        #expect(table.lookUp(host: Self.host, slug: "second") == .link(Self.link("second", number: 2)))
        table.settle(nil, host: Self.host, slug: "first")
        #expect(table.lookUp(host: Self.host, slug: "first") == .missing)
        #expect(table.lookUp(host: Self.host, slug: "second") == .link(Self.link("second", number: 2)))
    }

    @Test("gives up, answering nothing, and takes no more changes")
    func givingUp() {
        let table = Self.loaded([Self.link("winter")])
        table.giveUp()
        #expect(table.gaveUp)
        #expect(table.lookUp(host: Self.host, slug: "winter") == .unknown)
        table.markUnknown(host: Self.host, slugs: ["new"])
        table.settle(Self.link("new"), host: Self.host, slug: "new")
        #expect(table.count == 0)
        #expect(table.lookUp(host: Self.host, slug: "new") == .unknown)
    }

    @Test("reclaims the bytes of changed links, keeping every link as it was last settled")
    func compaction() {
        let links = (0..<2_000).map { Self.link("s\($0)", number: $0) }
        let table = Self.loaded(links)
        for round in 0..<20 {
            for link in links {
                var changed = link
                changed.target = "https://daily.example.com/round/\(round)/\(String(repeating: "x", count: 40))"
                table.markUnknown(host: Self.host, slugs: [link.slug])
                table.settle(changed, host: Self.host, slug: link.slug)
            }
        }
        let last = links.map { link in
            var changed = link
            changed.target = "https://daily.example.com/round/19/\(String(repeating: "x", count: 40))"
            return changed
        }
        let fresh = Self.loaded(last)
        #expect(table.bytes < fresh.bytes * 4, "20 rounds of changes do not keep 20 copies (\(table.bytes) bytes; \(fresh.bytes) loaded afresh)")
        for link in last {
            #expect(table.lookUp(host: Self.host, slug: link.slug) == .link(link))
        }
    }

    @Test("answers a hot link from the link it unpacked last, and each key with its own link after the records move")
    func lastUnpackedLinkFollowsTheRecords() {
        // Every key in one shard, so that a record can move to the offset another one had.
        let table = Self.loaded([Self.link("first", number: 1), Self.link("second", number: 2)], hashing: .allAlike)
        #expect(table.lookUp(host: Self.host, slug: "first") == .link(Self.link("first", number: 1)))
        #expect(table.lookUp(host: Self.host, slug: "first") == .link(Self.link("first", number: 1)), "again, as unpacked")
        // The first link gone, the second changed until the shard is compacted: its record moves
        // to the start of the arena, where the record of the link unpacked last was.
        table.markUnknown(host: Self.host, slugs: ["first"])
        table.settle(nil, host: Self.host, slug: "first")
        var second = Self.link("second", number: 2)
        var compacted = false
        for round in 0..<1_000 where !compacted {
            let before = table.bytes
            second.target = "https://daily.example.com/round/\(round)/\(String(repeating: "x", count: 200))"
            table.markUnknown(host: Self.host, slugs: ["second"])
            table.settle(second, host: Self.host, slug: "second")
            compacted = table.bytes < before
        }
        #expect(compacted)
        #expect(table.lookUp(host: Self.host, slug: "second") == .link(second))
        #expect(table.lookUp(host: Self.host, slug: "first") == .missing)
        second.target = "https://daily.example.com/changed"
        table.markUnknown(host: Self.host, slugs: ["second"])
        table.settle(second, host: Self.host, slug: "second")
        #expect(table.lookUp(host: Self.host, slug: "second") == .link(second), "a change is a new record, never the one unpacked")
    }

    @Test("takes about 70 bytes a link with a 45-byte target, its origin kept once a shard")
    func memoryPerLink() {
        let links = (0..<50_000).map { Self.link(String(format: "b%07d", $0), target: "https://daily.example.com/puzzle/2026-11-20/xx", number: $0) }
        let table = Self.loaded(links)
        let perLink = Double(table.bytes) / Double(links.count)
        #expect(perLink < 80, "\(perLink) bytes a link")
    }
}
