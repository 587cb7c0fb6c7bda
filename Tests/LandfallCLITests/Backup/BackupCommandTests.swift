import Foundation
import LandfallCLI
import LandfallLinks
@testable import LandfallStorage
import Synchronization
import Testing

@Suite("landfall backup")
struct BackupCommandTests {
    @Test func aBackupTakenWhileLinksAreWrittenRestoresEveryLinkCommittedBeforeItStarted() async throws {
        let directory = try temporaryDataDirectory()
        let storage = try await Storage.open(.sqlite(directory: directory), logger: CLIDatabase.quiet)
        let committed = Mutex<[LinkID]>([])
        let writer = Task {
            var number = 0
            while !Task.isCancelled {
                let link = BackupFixtures.link("busy-\(number)")
                try await storage.insert([link])
                committed.withLock { $0.append(link.id) }
                number += 1
            }
        }
        // Waits (boundedly) for the writer to be under way; nothing here measures time.
        for _ in 0..<6_000 where committed.withLock({ $0.count }) < 20 {
            try await Task.sleep(for: .milliseconds(10))
        }
        let before = committed.withLock { $0 }
        let file = try CLIFixtures.temporaryFolder().appendingPathComponent("live.sqlite").path
        let backup = await runLandfall(["backup", "--data-dir", directory, "--to", file])
        writer.cancel()
        _ = await writer.result
        await storage.close()
        try #require(before.count >= 20, "the writer did not get going")
        #expect(backup.status == .success, "\(backup.standardError)")
        #expect(backup.standardOutput.hasPrefix("backed up "))
        #expect(backup.standardOutput.contains("to \(file) ("))

        let fresh = try temporaryDataDirectory()
        let restore = await runLandfall(["restore", file, "--data-dir", fresh])
        #expect(restore.status == .success, "\(restore.standardError)")
        let missing = try await CLIDatabase.withStorage(.sqlite(directory: fresh)) { restored in
            var missing: [LinkID] = []
            for id in before where try await restored.link(id: id) == nil {
                missing.append(id)
            }
            return missing
        }
        #expect(missing.isEmpty, "\(missing.count) of the \(before.count) links committed before the backup are missing")
        let report = try await SQLiteFile.inspect(BackupFixtures.database(in: fresh), role: "the restored database")
        #expect(report.links >= before.count)
    }

    @Test func theReportCountsTheLinksAndTheCopyPassesTheIntegrityCheck() async throws {
        let directory = try await BackupFixtures.dataDirectory(with: ["before", "old", "kept"])
        let file = try CLIFixtures.temporaryFolder().appendingPathComponent("three.sqlite").path
        let output = await runLandfall(["backup", "--data-dir", directory, "--to", file])
        #expect(output.status == .success, "\(output.standardError)")
        #expect(output.standardOutput.hasPrefix("backed up 3 links, 0 clicks (schema version \(Storage.schemaVersion)) to \(file) ("))
        #expect(output.standardOutput.hasSuffix(" MB)\n"))
        let contents = try await SQLiteFile.inspect(file, role: "the backup")
        #expect(contents.links == 3)
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["three.sqlite"], "no temporary file is left")
    }

    @Test func anExistingFileIsRefusedWithoutForceAndReplacedWithIt() async throws {
        let directory = try await BackupFixtures.dataDirectory(with: ["kept"])
        let file = try CLIFixtures.temporaryFolder().appendingPathComponent("taken.sqlite").path
        try Data("an older file".utf8).write(to: URL(fileURLWithPath: file))

        let refused = await runLandfall(["backup", "--data-dir", directory, "--to", file])
        #expect(refused.status == .usageOrInputError)
        #expect(refused.standardError == "error: \(file) exists; name another file, or pass --force to replace it\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "an older file")

        let replaced = await runLandfall(["backup", "--data-dir", directory, "--to", file, "--force"])
        #expect(replaced.status == .success, "\(replaced.standardError)")
        #expect(try await SQLiteFile.inspect(file, role: "the backup").links == 1)
    }

    @Test func aMissingDatabaseIsRefusedAndNothingIsCreated() async throws {
        let directory = try temporaryDataDirectory()
        let file = try CLIFixtures.temporaryFolder().appendingPathComponent("none.sqlite").path
        let output = await runLandfall(["backup", "--data-dir", directory, "--to", file])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError == "error: there is no database at \(directory)/landfall.sqlite; is --data-dir right?\n")
        #expect(!FileManager.default.fileExists(atPath: directory))
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test(arguments: [
        (["--database-url", "postgres://landfall:secret@db.example.com/landfall"], [String: String](), "--database-url"),
        ([], ["LANDFALL_DATABASE_URL": "postgres://landfall:secret@db.example.com/landfall"], "LANDFALL_DATABASE_URL"),
    ])
    func postgreSQLIsRefusedWithThePgDumpRecipe(arguments: [String], environment: [String: String], source: String) async throws {
        let file = try CLIFixtures.temporaryFolder().appendingPathComponent("pg.sqlite").path
        let output = await runLandfall(["backup", "--to", file] + arguments, environment: environment)
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains("\(source) names PostgreSQL (postgres://landfall:***@db.example.com/landfall)"))
        #expect(output.standardError.contains(#"pg_dump --format=custom --file landfall.dump "$LANDFALL_DATABASE_URL""#))
        #expect(output.standardError.contains(#"pg_restore --clean --if-exists --dbname "$LANDFALL_DATABASE_URL" landfall.dump"#))
        #expect(!output.standardError.contains("secret"))
        #expect(!FileManager.default.fileExists(atPath: file))
    }
}
