import Foundation
@testable import LandfallStorage
import Testing

/// A connection of its own (``SQLiteFile``: the readiness probe's, the backup's) is closed
/// however its task ends. A probe past its timeout is cancelled: SQLiteNIO's async `close()`
/// does nothing in a cancelled task, the connection was left open, and its deinit crashed the
/// whole test process in a fresh-clone CI run (SQLiteNIO's debug assertion "SQLiteConnection
/// was not closed before deinitializing").
@Suite struct SQLiteFileCancellationTests {
    @Test("a connection of its own whose task is cancelled while it works is closed, not leaked", arguments: [1, 5, 20])
    func cancelledWorkClosesTheConnection(afterMilliseconds: Int) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-cancel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("landfall.sqlite").path
        try await SQLiteFile.run(["CREATE TABLE t (x INTEGER)"], on: path)

        let work = Task {
            try await SQLiteFile.with(path, busyTimeoutMilliseconds: 100) { connection in
                try await Task.sleep(for: .seconds(30))
                return try await connection.sql().raw("SELECT count(*) AS n FROM t").first()?.decode(column: "n", as: Int.self)
            }
        }
        try await Task.sleep(for: .milliseconds(afterMilliseconds))
        work.cancel()
        let outcome = await work.result
        #expect(throws: CancellationError.self) { try outcome.get() }
        // The file is usable (no handle holds a lock) and the process still runs: a leaked
        // connection's deinit would have stopped it.
        try await SQLiteFile.run(["INSERT INTO t VALUES (1)"], on: path)
    }
}
