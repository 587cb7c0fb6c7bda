import Foundation
import LandfallLinks
@testable import LandfallStorage
import Testing

/// The one-link read of the short-link path on SQLite (``SQLiteLinkReader``): a statement kept
/// prepared on connections of its own, stepped on the calling thread, answers what the driver
/// answers, and sees every committed change at once.
@Suite struct SQLiteLinkReaderTests {
    /// The kept reader of `storage`'s SQLite backend.
    static func reader(of storage: Storage) throws -> SQLiteLinkReader {
        try #require(try storage.backend() as? SQLiteBackend).links
    }

    static let links: [ShortLink] = [Fixtures.fullLink(), Fixtures.link("plain"), {
        var link = Fixtures.link("data-only", offset: 1)
        link.data = ["k": "ü"]
        link.maxClicks = 0
        return link
    }()]

    @Test(arguments: links)
    func aLinkReadWithTheKeptStatementEqualsTheOneTheDriverReads(link: ShortLink) async throws {
        try await Backend.sqlite.withStorage { storage async throws in
            try await storage.insert([link])
            let throughDriver = try #require(try await storage.link(id: link.id))

            guard case .link(let kept) = try Self.reader(of: storage).link(host: link.host.uppercased(), slug: link.slug) else {
                Issue.record("the kept statement did not find \(link.slug)")
                return
            }
            #expect(kept == throughDriver)
        }
    }

    @Test func aChangeCommittedByTheWriterIsReadAtOnce() async throws {
        try await Backend.sqlite.withStorage { storage async throws in
            var link = Fixtures.link("moving")
            try await storage.insert([link])
            #expect(try await storage.link(host: Fixtures.host, slug: "moving")?.target == link.target)

            link.target = "https://daily.example.com/puzzle/moved"
            #expect(try await storage.update(link))
            #expect(try await storage.link(host: Fixtures.host, slug: "moving")?.target == "https://daily.example.com/puzzle/moved")

            try await storage.record([Fixtures.count(link, 3)])
            #expect(try await storage.link(host: Fixtures.host, slug: "moving")?.clickCount == 3)

            #expect(try await storage.delete(id: link.id))
            #expect(try await storage.link(host: Fixtures.host, slug: "moving") == nil)
            guard case .missing = try Self.reader(of: storage).link(host: Fixtures.host, slug: "moving") else {
                Issue.record("the kept statement still found a deleted link")
                return
            }
        }
    }

    @Test func manyConcurrentReadsAllAnswer() async throws {
        try await Backend.sqlite.withStorage { storage async throws in
            let links = (0..<20).map { Fixtures.link("s\($0)", offset: $0) }
            try await storage.insert(links)
            let found = try await withThrowingTaskGroup(of: Bool.self) { group in
                for round in 0..<200 {
                    let link = links[round % links.count]
                    group.addTask { try await storage.link(host: link.host, slug: link.slug) == link }
                }
                return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            #expect(found == 200)
        }
    }

    @Test func aClosedStorageRefusesTheReadWithClosed() async throws {
        try await Backend.sqlite.withLocation { location in
            let storage = try await Storage.open(location, logger: .quiet)
            try await storage.insert([Fixtures.link("closing")])
            #expect(try await storage.link(host: Fixtures.host, slug: "closing") != nil)
            let reader = try Self.reader(of: storage)
            await storage.close()

            guard case .unavailable = reader.link(host: Fixtures.host, slug: "closing") else {
                Issue.record("a closed reader still answered")
                return
            }
            let error = await expectStorageError { _ = try await storage.link(host: Fixtures.host, slug: "closing") }
            #expect(error?.code == .closed)
        }
    }
}
