import Foundation
@testable import LandfallStorage
import Testing

/// A PostgreSQL storage keeps at most the connections its location names
/// (`landfall serve --database-connections`), besides the one that listens for changes.
@Suite struct PostgresPoolSizeTests {
    @Test("with 12 statements waiting, a pool of N connections runs N of them at once, never more",
          .enabled(if: Backend.all.contains(.postgres)), arguments: [2, 6])
    func thePoolGrowsToItsSizeAndNoFurther(connections: Int) async throws {
        try await Backend.postgres.withLocation { location in
            guard case .postgres(let url, _) = location else { return }
            // Statements waiting while every connection is held would give up after the default 10 s
            // without a connection; a loaded machine can take that long to open the pool's.
            let storage = try await PostgresBackend.open(url: url, connections: connections, logger: .quiet, origin: "pool",
                                                         leaseTimeout: .seconds(120)) { _ in }
            // The probe holds a lock every statement waits for, so each one keeps its connection
            // busy until the probe has counted them: a session lock, on the probe's only connection.
            let probe = try await PostgresBackend.open(url: url, connections: 1, logger: .quiet, origin: "probe") { _ in }
            try await probe.read { database in try await database.raw("SELECT pg_advisory_lock(4242)").run() }
            let waiting: @Sendable () async throws -> Int = {
                let rows = try await probe.read { database in
                    try await database.raw("""
                        SELECT count(*)::int AS n FROM pg_stat_activity
                        WHERE datname = current_database() AND query LIKE 'SELECT pg_advisory_lock_shared%' AND wait_event_type = 'Lock'
                        """).all()
                }
                return try rows[0].decode(column: "n", as: Int.self)
            }
            var peak = 0
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<12 {
                    group.addTask {
                        try await storage.read { database in
                            try await database.raw("SELECT pg_advisory_lock_shared(4242), pg_advisory_unlock_shared(4242)").run()
                        }
                    }
                }
                // Opening connections takes a while on a loaded machine: up to 30 s to fill the pool,
                // then a few more looks that it grew no further. The lock is let go whatever
                // happens, or the statements would wait for ever.
                do {
                    let deadline = ContinuousClock.now + .seconds(30)
                    while peak < connections, ContinuousClock.now < deadline {
                        peak = max(peak, try await waiting())
                        try await Task.sleep(for: .milliseconds(50))
                    }
                    for _ in 0..<6 {
                        try await Task.sleep(for: .milliseconds(50))
                        peak = max(peak, try await waiting())
                    }
                } catch {
                    await probe.close()
                    throw error
                }
                try await probe.read { database in try await database.raw("SELECT pg_advisory_unlock(4242)").run() }
                try await group.waitForAll()
            }
            await probe.close()
            await storage.close()
            #expect(peak == connections)
        }
    }

    @Test("a pool size outside 1-1000 is refused as an invalid location, before anything connects", arguments: [0, -1, 1001])
    func aPoolSizeOutOfRangeIsRefused(connections: Int) async {
        let error = await expectStorageError {
            _ = try await Storage.open(.postgres(url: "postgres://landfall:s3cret@127.0.0.1:1/landfall", connections: connections), logger: .quiet)
        }
        #expect(error?.code == .invalidLocation)
        #expect(error?.message == "a pool of \(connections) connections to PostgreSQL at postgres://landfall:***@127.0.0.1:1/landfall is not possible: give 1 to 1000")
    }
}
