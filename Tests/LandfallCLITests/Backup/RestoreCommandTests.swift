import Foundation
import LandfallCLI
@testable import LandfallStorage
import Testing

@Suite("landfall restore")
struct RestoreCommandTests {
    /// A backup file that `landfall restore` must refuse, and the words that say why.
    struct BadBackup: Sendable, CustomStringConvertible {
        var description: String
        var expected: String
        var make: @Sendable () async throws -> String
    }

    static let badBackups: [BadBackup] = [
        BadBackup(description: "not SQLite", expected: "is not an SQLite database; give a file made by `landfall backup`") {
            let file = try CLIFixtures.temporaryFolder().appendingPathComponent("notes.txt").path
            try Data(String(repeating: "not a database\n", count: 500).utf8).write(to: URL(fileURLWithPath: file))
            return file
        },
        BadBackup(description: "damaged", expected: "is damaged") {
            let file = try await BackupFixtures.backup(with: (0..<400).map { "link-\($0)" } + ["kept"])
            let handle = try FileHandle(forUpdating: URL(fileURLWithPath: file))
            let size = try handle.seekToEnd()
            try handle.seek(toOffset: size / 2 / 4096 * 4096)
            try handle.write(contentsOf: Data(repeating: 0xA5, count: 4096))
            try handle.close()
            return file
        },
        BadBackup(description: "not Landfall's", expected: "is an SQLite database but not Landfall's") {
            let file = try CLIFixtures.temporaryFolder().appendingPathComponent("other.sqlite").path
            try await SQLiteFile.run(["CREATE TABLE notes (body TEXT)", "INSERT INTO notes VALUES ('hello')"], on: file)
            return file
        },
        BadBackup(description: "newer schema", expected: "has schema version 999, newer than this landfall knows") {
            let file = try await BackupFixtures.backup(with: ["kept"])
            try await SQLiteFile.run(["INSERT INTO landfall_schema_migrations (version, name, applied_at) VALUES (999, 'future', 0)"], on: file)
            return file
        },
        BadBackup(description: "missing", expected: "does not exist") {
            try CLIFixtures.temporaryFolder().appendingPathComponent("absent.sqlite").path
        },
    ]

    @Test(arguments: badBackups)
    func aBadBackupIsRefusedAndTheDatabaseIsLeftAlone(_ bad: BadBackup) async throws {
        let file = try await bad.make()
        let directory = try await BackupFixtures.dataDirectory(with: ["old"])
        let output = await runLandfall(["restore", file, "--data-dir", directory, "--force"])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.hasPrefix("error: the backup \(file) "))
        #expect(output.standardError.contains(bad.expected), "\(output.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains("before-restore") }.isEmpty)
        #expect(try await BackupFixtures.slugs(in: directory) == ["old"])
    }

    @Test func aDatabaseInUseByAnotherProcessIsRefused() async throws {
        let file = try await BackupFixtures.backup(with: ["kept"])
        let directory = try await BackupFixtures.dataDirectory(with: ["old"])
        try BackupFixtures.setModified(BackupFixtures.database(in: directory), seconds: -3600, after: file)
        // An idle open storage, as a running `landfall serve` holds it between requests.
        let server = try await Storage.open(.sqlite(directory: directory), logger: CLIDatabase.quiet)
        let output = await runLandfall(["restore", file, "--data-dir", directory, "--force"])
        await server.close()
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError == "error: \(BackupFixtures.database(in: directory)) is in use by another process; stop landfall serve first, then restore\n")
        #expect(try await BackupFixtures.slugs(in: directory) == ["old"])
    }

    @Test(arguments: ["", "-wal"])
    func aDatabaseChangedAfterTheBackupIsRefusedWithoutForce(suffix: String) async throws {
        let file = try await BackupFixtures.backup(with: ["kept"])
        let directory = try await BackupFixtures.dataDirectory(with: ["old"])
        let database = BackupFixtures.database(in: directory)
        try BackupFixtures.setModified(database, seconds: -3600, after: file)
        if suffix == "-wal" {
            try Data().write(to: URL(fileURLWithPath: database + suffix))
        }
        try BackupFixtures.setModified(database + suffix, seconds: 3600, after: file)

        let refused = await runLandfall(["restore", file, "--data-dir", directory])
        #expect(refused.status == .usageOrInputError)
        #expect(refused.standardError.hasPrefix("error: \(database + suffix) was modified after the backup \(file) was made"))
        #expect(refused.standardError.contains("pass --force to restore anyway (the current database is kept aside)"))
        #expect(try await BackupFixtures.slugs(in: directory) == ["old"])

        let forced = await runLandfall(["restore", file, "--data-dir", directory, "--force"])
        #expect(forced.status == .success, "\(forced.standardError)")
        #expect(try await BackupFixtures.slugs(in: directory) == ["kept"])
    }

    @Test func aRestoreKeepsTheDatabaseItReplacesAside() async throws {
        let file = try await BackupFixtures.backup(with: ["kept"])
        let directory = try await BackupFixtures.dataDirectory(with: ["old"])
        let database = BackupFixtures.database(in: directory)
        try BackupFixtures.setModified(database, seconds: -3600, after: file)

        let output = await runLandfall(["restore", file, "--data-dir", directory])
        #expect(output.status == .success, "\(output.standardError)")
        #expect(try await BackupFixtures.slugs(in: directory) == ["kept"])
        let aside = try #require(try FileManager.default.contentsOfDirectory(atPath: directory).first { $0.hasPrefix("landfall.sqlite.before-restore-") })
        #expect(aside.wholeMatch(of: /landfall\.sqlite\.before-restore-\d{8}T\d{6}Z/) != nil)
        #expect(output.lines == [
            "restored 1 links, 0 clicks (schema version \(Storage.schemaVersion)) from \(file) to \(database)",
            "the previous database is kept at \(directory)/\(aside)",
        ])
        let previous = try await SQLiteFile.inspect("\(directory)/\(aside)", role: "the previous database")
        #expect(previous.links == 1)
        let copy = try temporaryDataDirectory()
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "\(directory)/\(aside)", toPath: BackupFixtures.database(in: copy))
        #expect(try await BackupFixtures.slugs(in: copy) == ["old"])
    }

    @Test func aRestoreIntoAFreshDirectoryCreatesTheDatabase() async throws {
        let file = try await BackupFixtures.backup(with: ["kept", "before"])
        let directory = try temporaryDataDirectory()
        let output = await runLandfall(["restore", file, "--data-dir", directory])
        #expect(output.status == .success, "\(output.standardError)")
        #expect(output.lines.count == 1)
        #expect(try await BackupFixtures.slugs(in: directory) == ["kept", "before"])
    }

    @Test func postgreSQLIsRefusedWithThePgRestoreRecipe() async throws {
        let file = try await BackupFixtures.backup(with: ["kept"])
        let output = await runLandfall(["restore", file], environment: ["LANDFALL_DATABASE_URL": "postgres://landfall@db.example.com/landfall"])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains(#"pg_restore --clean --if-exists --dbname "$LANDFALL_DATABASE_URL" landfall.dump"#))
    }
}
