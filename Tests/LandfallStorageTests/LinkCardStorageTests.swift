import Foundation
import LandfallLinks
@testable import LandfallStorage
import Testing

/// A short link's card template name (`links.card`, schema version 11) on SQLite and
/// PostgreSQL: stored, changed, cleared and read back; a version-10 database keeps its links,
/// which name no template.
@Suite struct LinkCardStorageTests {
    @Test("a link's card template round-trips: created with one, changed, cleared", arguments: Backend.all)
    func roundTrips(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            var link = Fixtures.fullLink()
            link.card = "invite"
            let plain = Fixtures.link("plain", offset: 1)
            try await storage.insert([link, plain])
            #expect(try await storage.link(id: link.id)?.card == "invite")
            #expect(try await storage.link(host: Fixtures.host, slug: link.slug) == link)
            #expect(try await storage.link(id: plain.id)?.card == nil)
            #expect(try await storage.links(LinkQuery()).map(\.card).sorted { ($0 ?? "") < ($1 ?? "") } == [nil, "invite"])

            link.card = "spring-challenge"
            #expect(try await storage.update(link))
            #expect(try await storage.link(id: link.id)?.card == "spring-challenge")
            link.card = nil
            #expect(try await storage.update(link))
            #expect(try await storage.link(id: link.id)?.card == nil)
        }
    }

    @Test("a version-10 database keeps every link through version 11, each naming no card template", arguments: Backend.all)
    func aVersionTenDatabaseIsMigrated(backend: Backend) async throws {
        try await backend.withLocation { location async throws in
            let old = try await Storage.open(location, logger: .quiet, migrations: Array(Migrations.all.prefix(10)))
            #expect(try await old.appliedMigrations() == Array(1...10))
            let links = [Fixtures.fullLink(), Fixtures.link("kept", offset: 1), Fixtures.link("other", offset: 2)]
            try await old.insertAsBeforeLinkCards(links)
            try await old.record([Fixtures.count(links[1], 5)])
            let before = try await old.linksAsBeforeLinkCards()
            await old.close()
            #expect(before.count == 3)

            let migrated = try await Storage.open(location, logger: .quiet)
            do {
                #expect(try await migrated.appliedMigrations() == Array(1...Storage.schemaVersion))
                let after = try await migrated.links(LinkQuery()).byID
                #expect(after == before)
                #expect(after.allSatisfy { $0.card == nil })
                #expect(after.first { $0.slug == "kept" }?.clickCount == before.first { $0.slug == "kept" }?.clickCount)
                // The new column takes a name from now on.
                var named = try #require(after.first { $0.slug == "kept" })
                named.card = "invite"
                #expect(try await migrated.update(named))
                #expect(try await migrated.link(id: named.id)?.card == "invite")
            } catch {
                await migrated.close()
                throw error
            }
            await migrated.close()
        }
    }
}
