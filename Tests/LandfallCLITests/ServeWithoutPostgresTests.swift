import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LandfallLinks
@testable import LandfallStorage
import Testing
import ThrowawayPostgres

/// `landfall serve` (the real executable) started while its PostgreSQL is down: it serves the
/// association files at once, says 503 at /ready with the reason, and becomes ready (migrated,
/// the demo seeded) when PostgreSQL starts.
@Suite(.serialized, .enabled(if: ThrowawayPostgres.unavailableReason == nil, "\(ThrowawayPostgres.unavailableReason ?? "")"))
struct ServeWithoutPostgresTests {
    @Test("landfall serve started while PostgreSQL is down serves the association file at once and becomes ready when PostgreSQL starts",
          .timeLimit(.minutes(10)))
    func startsWithoutPostgres() async throws {
        let postgres = try await ThrowawayPostgres.make()
        do {
            try await postgres.stop()
            try await Self.serve(on: postgres)
            await postgres.remove()
        } catch {
            await postgres.remove()
            throw error
        }
    }

    private static func serve(on postgres: ThrowawayPostgres) async throws {
        let folder = try CLIFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ServingLandfall(["serve", "--port", "0", "--rate-limit", "0", "--database-url", postgres.adminURL,
                                          "--database-connections", "4"], in: folder)
        defer { server.stop() }
        let port = try await server.waitForPort()
        let (association, served) = try await URLSession.shared.data(from: URL(string: "http://localhost:\(port)/.well-known/apple-app-site-association")!)
        #expect((served as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: association, as: UTF8.self).contains("ABCDE12345.com.example.dailypuzzle"))
        let ready = URL(string: "http://localhost:\(port)/ready")!
        let (body, notReady) = try await URLSession.shared.data(from: ready)
        #expect((notReady as? HTTPURLResponse)?.statusCode == 503)
        #expect(String(decoding: body, as: UTF8.self).contains("has not been reached"), "\(String(decoding: body, as: UTF8.self))")

        try await postgres.start()
        let deadline = ContinuousClock.now + .seconds(60)
        var status = 503
        while status != 200, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(250))
            status = (try await URLSession.shared.data(from: ready).1 as? HTTPURLResponse)?.statusCode ?? 0
        }
        #expect(status == 200, "ready once PostgreSQL started: \(server.standardError)")
        // Seeded once connected.
        let storage = try await Storage.open(.postgres(url: postgres.adminURL, connections: 2), logger: CLIDatabase.quiet)
        var slugs: [String] = []
        while slugs.isEmpty, ContinuousClock.now < deadline {
            slugs = try await storage.links(LinkQuery(limit: 50)).map(\.slug)
            if slugs.isEmpty { try await Task.sleep(for: .milliseconds(200)) }
        }
        await storage.close()
        #expect(slugs.sorted() == ["friday", "join", "mug", "newyear", "winter"])
        // Still serving after the background connection's work is done (a service that returned
        // used to end the whole server).
        try await Task.sleep(for: .milliseconds(500))
        let (_, health) = try await URLSession.shared.data(from: URL(string: "http://localhost:\(port)/health")!)
        #expect((health as? HTTPURLResponse)?.statusCode == 200)
        #expect(await server.terminate() == 0, "\(server.standardError)")
    }
}
