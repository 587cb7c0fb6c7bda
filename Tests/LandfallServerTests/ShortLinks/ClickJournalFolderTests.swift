import Foundation
import Hummingbird
import LandfallLinks
@testable import LandfallStorage
import Logging
import Testing
@testable import LandfallServer

/// Flushes of clicks over many links go to the click journal, and ``ClickJournalFolder`` adds
/// them to the counts in the background: every answered click ends up counted once.
@Suite struct ClickJournalFolderTests {
    /// Every flush goes to the journal (threshold 0).
    static func journaling(_ configuration: inout ServerConfiguration) {
        configuration.clickJournalThreshold = 0
    }

    @Test("journaled clicks reach the counts within seconds while the server runs, and /metrics shows the journal's length",
          arguments: TestDatabase.all)
    func journaledClicksAreFoldedWhileServing(database: TestDatabase) async throws {
        let server = try await TestServer(database: database, configure: Self.journaling)
        let key = try await server.authorization()
        let location = server.storageLocation
        let (ids, metrics) = try await server.run(.live) { client in
            var ids: [String] = []
            for slug in ["one", "two", "three"] {
                ids.append(try await client.createLink(slug: slug, key: key).id)
                for _ in 0..<5 {
                    #expect(try await client.visit(slug, as: Visitors.desktop).status == .found)
                }
            }
            // While the server runs: the flush (every second) journals, the fold counts.
            let storage = try await Storage.open(location, logger: Logger(label: "journal-folder"))
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(20)
            var counted: [Int?] = []
            repeat {
                try await Task.sleep(for: .milliseconds(100))
                counted = []
                for id in ids { counted.append(try await storage.link(id: try #require(LinkID(id)))?.clickCount) }
            } while counted != [5, 5, 5] && clock.now < deadline
            #expect(counted == [5, 5, 5])
            #expect(try await storage.clickJournalLength() == 0)
            await storage.close()
            return (ids, try await client.get("/metrics").text)
        }
        #expect(metrics.contains("landfall_click_journal_rows"))

        let storage = try await Storage.open(location, logger: Logger(label: "journal-folder"))
        for id in ids {
            let counts = try await storage.clickCounts(linkID: try #require(LinkID(id)))
            #expect(counts.map(\.count) == [5])
        }
        await storage.close()
    }

    @Test("at graceful shutdown right after the clicks, every answered click is in the counts or the journal, once",
          arguments: TestDatabase.all)
    func shutdownKeepsJournaledClicks(database: TestDatabase) async throws {
        let server = try await TestServer(database: database) { configuration in
            Self.journaling(&configuration)
            // The fold never comes round while the test runs: what shutdown leaves is in the journal.
            configuration.clickFlushInterval = .seconds(600)
        }
        let key = try await server.authorization()
        let (ids, redirects) = try await server.run(.live) { client in
            var ids: [String] = []
            var redirects = 0
            for index in 0..<20 {
                let slug = "many-\(index)"
                ids.append(try await client.createLink(slug: slug, key: key).id)
                if try await client.visit(slug, as: Visitors.desktop).status == .found { redirects += 1 }
            }
            return (ids, redirects)
        }
        #expect(redirects == 20)

        let storage = try await Storage.open(server.storageLocation, logger: Logger(label: "journal-folder"))
        var counted = 0
        for id in ids { counted += try await storage.link(id: try #require(LinkID(id)))?.clickCount ?? 0 }
        #expect(counted == 0, "nothing folded yet")
        #expect(try await storage.clickJournalLength() == 20)
        while try await storage.foldClickJournal(upTo: 7) > 0 {}
        for id in ids {
            #expect(try await storage.link(id: try #require(LinkID(id)))?.clickCount == 1)
        }
        await storage.close()
    }
}
