import Foundation
import LandfallLinks
@testable import LandfallStorage
import Testing

/// `insertMissing` stores what is not stored yet and leaves the rest, also when several
/// processes do it at once on one database; `moveInvitations` renames a batch.
@Suite struct InsertingMissingTests {
    /// Runs `body` with `count` storages opened on one new location, as `count` processes
    /// sharing the database would have them.
    static func withStorages(_ count: Int, on backend: Backend, _ body: ([Storage]) async throws -> Void) async throws {
        try await backend.withLocation { location in
            var storages: [Storage] = []
            do {
                for _ in 0..<count { storages.append(try await Storage.open(location, logger: .quiet)) }
                try await body(storages)
            } catch {
                for storage in storages { await storage.close() }
                throw error
            }
            for storage in storages { await storage.close() }
        }
    }

    @Test("links whose host and slug are stored are left as stored; the others are stored, announced and returned",
          .timeLimit(.minutes(10)), arguments: Backend.all)
    func linksAlreadyStoredAreLeftAlone(backend: Backend) async throws {
        try await backend.withStorage { storage in
            var changed = Fixtures.link("friday", target: "https://daily.example.com/changed-by-the-user")
            changed.host = "GO.example.com"
            try await storage.insert([changed])
            let changes = storage.changes()

            let candidates = [Fixtures.link("friday", offset: 1), Fixtures.link("newyear", offset: 2), Fixtures.link("Friday", offset: 3),
                              Fixtures.link("newyear", offset: 4)]
            let stored = try await storage.insertMissing(candidates)
            #expect(stored.map(\.id) == [candidates[1].id, candidates[2].id], "slugs are case-sensitive; a repeated slug is stored once")
            #expect(try await storage.link(host: Fixtures.host, slug: "friday")?.target == "https://daily.example.com/changed-by-the-user")
            #expect(try await storage.link(host: Fixtures.host, slug: "newyear")?.id == candidates[1].id)
            #expect(try await storage.linkCount() == 3)
            var announced: [LinkChange] = []
            for await change in changes {
                announced.append(change)
                if announced.count == 2 { break }
            }
            #expect(announced.map(\.slugs) == [["newyear"], ["Friday"]], "the links stored are announced to the caches")

            #expect(try await storage.insertMissing(candidates).isEmpty, "a second time stores nothing")
            #expect(try await storage.insertMissing([ShortLink]()).isEmpty)
        }
    }

    @Test("invitations whose code is stored are left as stored; the others are stored and returned", arguments: Backend.all)
    func invitationsAlreadyStoredAreLeftAlone(backend: Backend) async throws {
        try await backend.withStorage { storage in
            let codes = Fixtures.codes(2)
            let revoked = Fixtures.invitation(codes[0], uses: 5, redeemed: 2, revokedAt: Fixtures.at(10))
            try await storage.insert([revoked])

            let fresh = Fixtures.invitation(codes[1], uses: 3)
            let stored = try await storage.insertMissing([Fixtures.invitation(codes[0], uses: 1000), fresh, fresh])
            #expect(stored == [fresh])
            #expect(try await storage.invitation(code: codes[0]) == revoked)
            #expect(try await storage.invitation(code: codes[1]) == fresh)
            #expect(try await storage.insertMissing([fresh]).isEmpty)
        }
    }

    /// PostgreSQL only: in one process, SQLite storages share NIO's thread pool (a thread per
    /// core), and a writer waiting for another's lock holds a thread while it waits, so two
    /// such tests running at once would starve the writers holding the locks until the busy
    /// timeout. SQLite's case is `TwoDemoServersTests`' (two real processes, which do not share
    /// threads).
    @Test("two storages on one database inserting the same missing links and invitations at once both succeed and store each once (5 rounds)",
          .timeLimit(.minutes(10)), arguments: Backend.all.filter { $0 == .postgres })
    func concurrentInsertsStoreEachRowOnce(backend: Backend) async throws {
        for round in 1...5 {
            try await Self.withStorages(2, on: backend) { storages in
                let slugs = ["friday", "newyear", "archive", "winter"]
                let code = Fixtures.code()
                let results = try await withThrowingTaskGroup(of: (links: Int, invitations: Int).self) { group in
                    for storage in storages {
                        group.addTask {
                            // Each process makes its own rows, with ids of its own, as a seeding server does.
                            let links = try await storage.insertMissing(slugs.map { Fixtures.link($0) })
                            let invitations = try await storage.insertMissing([Fixtures.invitation(code, uses: 1000)])
                            return (links.count, invitations.count)
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(results.map(\.links).reduce(0, +) == slugs.count, "round \(round): \(results)")
                #expect(results.map(\.invitations).reduce(0, +) == 1, "round \(round): \(results)")
                let links = try await storages[0].links(LinkQuery(limit: 500))
                #expect(links.map(\.slug).sorted() == slugs.sorted(), "round \(round)")
                #expect(try await storages[1].invitations(InvitationQuery(now: Fixtures.now)).map(\.code) == [code], "round \(round)")
            }
        }
    }

    @Test("moving a batch renames the batch of each of its invitations and nothing else", arguments: Backend.all)
    func movingABatch(backend: Backend) async throws {
        try await backend.withStorage { storage in
            let codes = Fixtures.codes(3)
            try await storage.insert([Fixtures.invitation(codes[0], batch: "demo", redeemed: 1), Fixtures.invitation(codes[1], batch: "demo"),
                                      Fixtures.invitation(codes[2], batch: "other")])
            let target = "de30de30-0000-4000-8000-000000000000"
            #expect(try await storage.moveInvitations(fromBatch: "demo", toBatch: target) == 2)
            #expect(try await storage.invitation(code: codes[0])?.batchID == target)
            #expect(try await storage.invitation(code: codes[0])?.redeemed == 1)
            #expect(try await storage.invitation(code: codes[1])?.batchID == target)
            #expect(try await storage.invitation(code: codes[2])?.batchID == "other")
            #expect(try await storage.moveInvitations(fromBatch: "demo", toBatch: target) == 0)
        }
    }
}
