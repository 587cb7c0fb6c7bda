import Foundation
import LandfallLinks
import LandfallSite
import LandfallStorage
import Logging
import Testing
@testable import LandfallServer

/// The demo's links and invitation are stored at every start of the demo (issue 15, finding
/// 10): several demo servers starting at once on one database all start, and each demo row is
/// stored once; the invitation's batch is a UUID, as the API says of every batch.
@Suite struct DemoSeedingTests {
    /// A logger that drops everything.
    static let quiet = Logger(label: "landfall.demo-seeding.tests", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Runs `body` with `count` storages opened on one new, migrated database, as `count`
    /// demo servers started together on it would have; closes and removes them afterwards.
    static func withStorages(_ count: Int, on database: TestDatabase, _ body: ([Storage]) async throws -> Void) async throws {
        let directory = try TemporaryDirectory("landfall-demo-seeding")
        let location = try await database.makeLocation(sqliteDirectory: directory.path)
        defer {
            directory.remove()
            location.remove()
        }
        let storageLocation: StorageLocation = location.databaseURL.map { .postgres(url: $0, connections: TestDatabase.postgresConnections) } ?? .sqlite(directory: directory.path)
        var storages: [Storage] = []
        do {
            for _ in 0..<count {
                storages.append(try await Storage.open(storageLocation, logger: quiet))
            }
            try await body(storages)
        } catch {
            for storage in storages { await storage.close() }
            throw error
        }
        for storage in storages { await storage.close() }
    }

    /// On both databases in one process (each SQLite storage runs its statements on threads of
    /// its own, so a writer waiting for another's lock starves no one), and with two real
    /// processes in `TwoDemoServersTests`.
    @Test("two demo servers seeding one new database at once both succeed, and each demo link and the invitation are stored once (5 rounds)",
          .timeLimit(.minutes(10)), arguments: TestDatabase.all)
    func concurrentSeedingStoresEachRowOnce(database: TestDatabase) async throws {
        let site = try SiteLoader.load(.demo, now: Demo.noon).site
        let host = try #require(site.configuration.hosts.defaultLinkHost)
        let slugs = try DemoSite.linkDrafts.compactMap(\.slug)
        let code = try #require(DemoSite.invitation)
        for round in 1...5 {
            try await Self.withStorages(2, on: database) { storages in
                let failures = await withTaskGroup(of: String?.self) { group in
                    for (index, storage) in storages.enumerated() {
                        group.addTask {
                            do {
                                try await DemoSite.seedLinks(into: storage, site: site, now: Demo.noon)
                                try await DemoSite.seedInvitation(into: storage, now: Demo.noon)
                                return nil
                            } catch {
                                return "server \(index + 1): \(error)"
                            }
                        }
                    }
                    return await group.reduce(into: [String]()) { if let failure = $1 { $0.append(failure) } }
                }
                #expect(failures.isEmpty, "round \(round): \(failures)")

                let links = try await storages[0].links(LinkQuery(limit: 500))
                #expect(links.map(\.slug).sorted() == slugs.sorted(), "round \(round)")
                #expect(links.allSatisfy { $0.host == host }, "round \(round): \(links.map(\.host))")
                let invitations = try await storages[0].invitations(InvitationQuery(now: Demo.noon))
                #expect(invitations.map(\.code) == [code], "round \(round)")
                #expect(invitations.first?.batchID == DemoSite.invitationBatch, "round \(round)")
            }
        }
    }

    @Test("the demo invitation's batch is a UUID, written in lowercase as the server writes batch ids")
    func theDemoBatchIsAUUID() throws {
        let uuid = try #require(UUID(uuidString: DemoSite.invitationBatch), "'\(DemoSite.invitationBatch)' is not a UUID")
        #expect(uuid.uuidString.lowercased() == DemoSite.invitationBatch)
    }

    @Test("a demo invitation an older landfall stored in the batch 'demo' is moved to the UUID batch at the next start, keeping its redemptions",
          arguments: TestDatabase.all)
    func anOlderDemoBatchIsMoved(database: TestDatabase) async throws {
        let code = try #require(DemoSite.invitation)
        try await Self.withStorages(1, on: database) { storages in
            let storage = storages[0]
            try await storage.insert([
                Invitation(code: code, batchID: "demo", uses: 1000, redeemed: 3, note: "the demo's invitation", campaign: "demo",
                           createdAt: Demo.noon.addingTimeInterval(-86_400)),
            ])
            let older = try #require(try await storage.invitation(code: code), "a row written by an older landfall reads")
            #expect(older.batchID == "demo")

            try await DemoSite.seedInvitation(into: storage, now: Demo.noon)
            let moved = try #require(try await storage.invitation(code: code))
            #expect(moved.batchID == DemoSite.invitationBatch)
            #expect(moved.redeemed == 3)
            #expect(moved.createdAt == Demo.noon.addingTimeInterval(-86_400))
            #expect(try await storage.invitations(InvitationQuery(batchID: "demo", now: Demo.noon)).isEmpty)
        }
    }
}
