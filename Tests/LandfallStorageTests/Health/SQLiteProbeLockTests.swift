import Foundation
@testable import LandfallStorage
import Logging
import Testing

/// The readiness probe of an SQLite database must not release the locks the storage's own
/// connections hold: POSIX drops every lock a process has on a file when it closes any
/// descriptor of that file, so a probe that opened and closed the database file to read its
/// header let another process believe nobody had the file open, take it, checkpoint and
/// remove the WAL under the running server: a corrupted database under load.
@Suite struct SQLiteProbeLockTests {
    @Test("a readiness probe leaves the storage's locks on the file held: another process still cannot take it for itself")
    func aProbeKeepsTheLocks() async throws {
        guard let sqlite3 = Self.sqlite3 else {
            #expect(ProcessInfo.processInfo.environment["CI"] == nil, "sqlite3 is not installed (.ci/run installs it)")
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-probe-lock-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let storage = try await Storage.open(.sqlite(directory: directory), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let path = directory + "/landfall.sqlite"
        _ = try await storage.link(host: "go.example.com", slug: "warm")
        #expect(try !Self.otherProcessMayTakeTheFile(path, sqlite3: sqlite3), "the storage's connections hold the file")
        for _ in 0..<3 {
            _ = await storage.readiness()
            try await Task.sleep(for: .milliseconds(1_050))
        }
        #expect(try !Self.otherProcessMayTakeTheFile(path, sqlite3: sqlite3), "the probes left the storage's locks in place")
        await storage.close()
    }

    static var sqlite3: String? {
        ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether another process gets the file for itself at once (exclusive locking mode, with no
    /// busy wait): possible only when no connection of this process holds its shared lock on
    /// the file, as every open WAL connection does.
    static func otherProcessMayTakeTheFile(_ path: String, sqlite3: String) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: sqlite3)
        process.arguments = [path, ".timeout 0", "PRAGMA locking_mode = EXCLUSIVE;", "BEGIN EXCLUSIVE;", "ROLLBACK;"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        process.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        if process.terminationStatus == 0 { return true }
        #expect(said.contains("locked") || said.contains("busy"), "sqlite3 failed otherwise: \(said)")
        return false
    }
}
