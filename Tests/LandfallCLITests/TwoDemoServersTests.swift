import Foundation
import LandfallLinks
@testable import LandfallStorage
import Logging
import Testing

/// Issue 15, finding 10, with the real executable: two `landfall serve` of the demo started at
/// once on one migrated database both start (one used to stop with "slug 'friday' is already
/// taken"), and the demo's links and invitation are stored once.
@Suite(.serialized) struct TwoDemoServersTests {
    @Test("two demo servers started at once on one migrated database both start, and store each demo row once (5 rounds)",
          .timeLimit(.minutes(10)), arguments: CLIDatabase.all)
    func twoDemoServersStartTogether(database: CLIDatabase) async throws {
        for round in 1...5 {
            let folder = try CLIFixtures.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let location: StorageLocation
            let options: [String]
            switch database {
            case .sqlite:
                let directory = folder.appendingPathComponent("data").path
                location = .sqlite(directory: directory)
                options = ["--data-dir", directory]
            case .postgres:
                let admin = try #require(ProcessInfo.processInfo.environment["LANDFALL_TEST_POSTGRES_URL"],
                                         "CI is set but LANDFALL_TEST_POSTGRES_URL is not")
                let url = try await ScratchDatabase.create(adminURL: admin)
                location = .postgres(url: url, connections: 4)
                // Small pools: the other tests run meanwhile, each with its connections.
                options = ["--database-url", url, "--database-connections", "4"]
            }
            defer {
                if case .postgres(let url, _) = location, let admin = ProcessInfo.processInfo.environment["LANDFALL_TEST_POSTGRES_URL"] {
                    Task { try? await ScratchDatabase.drop(url, adminURL: admin) }
                }
            }
            await (try Storage.open(location, logger: CLIDatabase.quiet)).close()   // migrated, as in the issue

            let servers = try (1...2).map { _ in try ServingLandfall(["serve", "--port", "0", "--rate-limit", "0"] + options, in: folder) }
            defer { servers.forEach { $0.stop() } }
            for (index, server) in servers.enumerated() {
                await #expect(throws: Never.self, "round \(round), server \(index + 1)") { _ = try await server.waitForPort() }
            }

            let storage = try await Storage.open(location, logger: CLIDatabase.quiet)
            let links = try await storage.links(LinkQuery(limit: 500))
            let invitations = try await storage.invitations(InvitationQuery(now: Date()))
            await storage.close()
            #expect(links.map(\.slug).sorted() == ["friday", "join", "mug", "newyear", "winter"], "round \(round): examples/demo/links.json, once each")
            #expect(invitations.map(\.code.formatted) == ["7KQ2M-X4P9T-HCW3R"], "round \(round)")
            #expect(invitations.first?.batchID == "de30de30-0000-4000-8000-000000000000", "round \(round)")
        }
    }
}
