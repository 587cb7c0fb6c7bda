import Foundation
import Hummingbird
import Testing
@testable import LandfallServer

/// Two instances on one PostgreSQL database, behind one load balancer: each sees the other's
/// new, changed and deleted links within a second (the cache is invalidated by `LISTEN/NOTIFY`).
///
/// Skipped without PostgreSQL (run under `scripts/with-postgres`); on CI a missing server fails.
@Suite(.enabled(if: TestDatabase.all.contains(.postgres), "needs PostgreSQL: run under scripts/with-postgres"))
struct MultiInstanceTests {
    /// Asks `request` every 50 ms until `done` holds, for at most a second; the last answer.
    static func poll(_ request: () async throws -> ServedResponse, until done: (ServedResponse) -> Bool) async throws -> (ServedResponse, Duration) {
        let clock = ContinuousClock()
        let start = clock.now
        var response = try await request()
        while !done(response), clock.now - start < .seconds(1) {
            try await Task.sleep(for: .milliseconds(50))
            response = try await request()
        }
        return (response, clock.now - start)
    }

    @Test("a link created, changed and deleted on one instance is seen so on the other within a second, past its cache")
    func instancesAgree() async throws {
        let first = try await TestServer(database: .postgres)
        let second = try await TestServer(database: .postgres, sharing: first)
        let key = try await first.authorization()
        try await first.run(.live) { a in
            try await second.run(.live) { b in
                // B looks the slug up first: "no such link" is now in its cache.
                #expect(try await b.visit("shared", as: Visitors.desktop).status == .notFound)
                #expect(try await b.visit("shared", as: Visitors.desktop).status == .notFound)

                let link = try await a.createLink(slug: "shared", key: key)
                let (created, createdAfter) = try await Self.poll({ try await b.visit("shared", as: Visitors.desktop) }, until: { $0.status == .found })
                #expect(created.status == .found, "B still answers \(created.status) after \(createdAfter)")
                #expect(created["Location"] == "https://daily.example.com/puzzle/2026-11-20")

                let changed = try await a.send(#"{"target": "https://daily.example.com/puzzle/2026-11-19"}"#,
                                               to: "/v1/links/\(link.id)", method: .patch, key: key)
                #expect(changed.status == .ok)
                let (moved, movedAfter) = try await Self.poll({ try await b.visit("shared", as: Visitors.desktop) },
                                                              until: { $0["Location"] == "https://daily.example.com/puzzle/2026-11-19" })
                #expect(moved["Location"] == "https://daily.example.com/puzzle/2026-11-19", "B still sends to \(moved["Location"] ?? "nothing") after \(movedAfter)")

                let disabled = try await a.execute("/v1/links/\(link.id)/disable", method: .post, headers: key)
                #expect(disabled.status == .ok)
                let (gone, goneAfter) = try await Self.poll({ try await b.visit("shared", as: Visitors.desktop) }, until: { $0.status == .gone })
                #expect(gone.status == .gone, "B still answers \(gone.status) after \(goneAfter)")

                #expect(try await a.execute("/v1/links/\(link.id)", method: .delete, headers: key).status == .noContent)
                let (deleted, deletedAfter) = try await Self.poll({ try await b.visit("shared", as: Visitors.desktop) }, until: { $0.status == .notFound })
                #expect(deleted.status == .notFound, "B still answers \(deleted.status) after \(deletedAfter)")
            }
        }
    }

    @Test("a slug renamed on one instance frees the old one on the other within a second")
    func renameIsSeen() async throws {
        let first = try await TestServer(database: .postgres)
        let second = try await TestServer(database: .postgres, sharing: first)
        let key = try await first.authorization()
        try await first.run(.live) { a in
            try await second.run(.live) { b in
                let link = try await a.createLink(slug: "before", key: key)
                #expect(try await b.visit("before", as: Visitors.desktop).status == .found)
                #expect(try await b.visit("after", as: Visitors.desktop).status == .notFound)
                #expect(try await a.send(#"{"slug": "after"}"#, to: "/v1/links/\(link.id)", method: .patch, key: key).status == .ok)
                let (old, _) = try await Self.poll({ try await b.visit("before", as: Visitors.desktop) }, until: { $0.status == .notFound })
                #expect(old.status == .notFound)
                let (new, _) = try await Self.poll({ try await b.visit("after", as: Visitors.desktop) }, until: { $0.status == .found })
                #expect(new.status == .found)
            }
        }
    }
}
