import Foundation
import LandfallLinks
@testable import LandfallStorage
import Logging
import Testing
@testable import LandfallServer

/// The last flush at graceful shutdown stores the buffered clicks even when the database was
/// marked down a moment before, and says what it lost when the database is really gone.
///
/// Three `PostgresOutageTests` at once beside a busy loop found it once in about 480 runs: a
/// flush caught by PostgreSQL's stop failed a second and a half later, after the restart, and
/// marked the database down; the last flush then tried once, was refused at once, and 100
/// answered clicks were lost.
@Suite struct LastFlushTests {
    @Test("with the database marked down just before shutdown, the last flush checks it, tries again and stores every answered click",
          arguments: TestDatabase.all)
    func storesAfterAFalseAlarm(database: TestDatabase) async throws {
        let server = try await TestServer(database: database) { $0.clickFlushInterval = .seconds(600) }
        let key = try await server.authorization()
        let id = try await server.run(.live) { client in
            let link = try await client.createLink(slug: "late", key: key)
            for _ in 0..<20 {
                #expect(try await client.visit("late", as: Visitors.desktop).status == .found)
            }
            #expect(server.parts.clicks.bufferedClicks == 20, "the clicks wait in the buffer")
            server.parts.storage.health.markDown(reason: "a call failed as the test says")
            return link.id
        }
        let storage = try await Storage.open(server.storageLocation, logger: Logger(label: "last-flush"))
        let stored = try await storage.link(id: try #require(LinkID(id)))
        await storage.close()
        #expect(stored?.clickCount == 20, """
            every answered click is stored; the server's warnings and errors:
            \(server.recentLog.text(from: .warning, last: .max))
            """)
    }

    @Test("with the SQLite file gone at shutdown, the last flush gives up after its patience and logs how many clicks are lost")
    func saysWhatItLost() async throws {
        let server = try await TestServer { $0.clickFlushInterval = .seconds(600) }
        guard case .sqlite(let directory) = server.storageLocation else { return }
        let path = directory + "/landfall.sqlite"
        let key = try await server.authorization()
        let started = try await server.run(.live) { client in
            _ = try await client.createLink(slug: "late", key: key)
            for _ in 0..<7 {
                #expect(try await client.visit("late", as: Visitors.desktop).status == .found)
            }
            server.parts.storage.health.markDown(reason: "a call failed as the test says")
            try FileManager.default.moveItem(atPath: path, toPath: path + ".aside")
            return ContinuousClock.now
        }
        let took = ContinuousClock.now - started
        let lost = server.recentLog.lines.filter { $0.message.hasPrefix("clicks and claims lost") }
        #expect(lost.count == 1, "one line says what is lost")
        #expect(lost.first?.level == .error)
        #expect(lost.first?["clicks"] == "7")
        #expect(lost.first?["claims"] == "0")
        #expect(took >= BufferFlushService.lastFlushPatience, "it tried for its patience before giving up (\(took))")
    }
}
