import Foundation
@testable import LandfallStorage
import Testing

/// Closing a PostgreSQL storage ends, whatever its pool is doing. A full parallel test run
/// hung in a test server's shutdown: the pool had closed its connections, then ran a
/// keep-alive ping on one of them ("run ping pong" after "Connection closed" in its log), and
/// `PostgresClient.run()` never returned, so `landfall serve` would not have exited on SIGTERM
/// either. Here keep-alive pings run every few milliseconds, so closes meet them all the time.
@Suite struct PostgresClosingTests {
    @Test("a storage closes within 15 seconds (the pool is waited for 5) even while its pool's keep-alive pings run, 40 times over",
          .enabled(if: Backend.all.contains(.postgres)))
    func closingEndsWhileKeepAlivePingsRun() async throws {
        try await Backend.postgres.withLocation { location in
            guard case .postgres(let url, _) = location else { return }
            for round in 1...40 {
                let backend = try await PostgresBackend.open(url: url, logger: .quiet, origin: "closing-\(round)",
                                                             keepAliveFrequency: .milliseconds(2)) { _ in }
                try await backend.read { database in try await database.raw("SELECT 1").run() }
                try await Task.sleep(for: .milliseconds(Int.random(in: 0...6)))
                // A close that never returns must fail the test, not hang the run.
                let closed = await BoundedWait.finishes(within: .seconds(15)) { await backend.close() }
                #expect(closed, "round \(round): close() had not returned after 15 s")
                if !closed { return }
            }
        }
    }
}
