import ChildProcess
import Foundation
import LandfallCLI
import Testing

/// A zero-length `landfall.sqlite` stops `landfall serve` and the commands that open the
/// database, saying why and what to do, and leaves the file as it was; `--force` makes a new
/// database in it (issue 15, finding 7).
@Suite struct EmptyDatabaseFileCommandTests {
    /// A data directory holding an empty `landfall.sqlite`, and the file's path.
    static func directoryWithEmptyFile() throws -> (directory: String, file: String) {
        let directory = try temporaryDataDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = directory + "/landfall.sqlite"
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        return (directory, file)
    }

    static func size(of file: String) throws -> Int {
        try #require(try URL(fileURLWithPath: file).resourceValues(forKeys: [.fileSizeKey]).fileSize)
    }

    /// The commands that open the database, each as it would open this one.
    static let commands: [[String]] = [
        ["keys", "list"], ["keys", "create", "--name", "ci", "--scope", "read"], ["invites", "list"],
        ["invites", "create", "--count", "1"], ["settings", "show"], ["settings", "set", "invitations-required", "true"],
    ]

    @Test(arguments: commands)
    func aCommandRefusesAZeroLengthDatabaseFileAndLeavesItEmpty(command: [String]) async throws {
        let (directory, file) = try Self.directoryWithEmptyFile()
        let output = await runLandfallAsync(command + ["--data-dir", directory])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains("error: the SQLite database \(file) is empty (0 bytes)"), "\(output.standardError)")
        #expect(output.standardError.contains("--force"))
        #expect(try Self.size(of: file) == 0)
    }

    @Test func withForceACommandCreatesANewDatabaseInTheEmptyFileAndWarnsThatItDid() async throws {
        let (directory, file) = try Self.directoryWithEmptyFile()
        let output = await runLandfallAsync(["keys", "create", "--name", "ci", "--scope", "read", "--force", "--data-dir", directory])
        #expect(output.status == .success, "\(output.standardError)")
        #expect(output.standardError.contains("warning: \(file) was empty (0 bytes): created a new database in it (--force)"),
                "\(output.standardError)")
        #expect(try Self.size(of: file) > 0)
        let listed = await runLandfallAsync(["keys", "list", "--data-dir", directory])
        #expect(listed.status == .success)
        #expect(listed.lines.count == 2, "the header and the key just created")
    }

    @Test func serveRefusesToStartOnAZeroLengthDatabaseFileAndLeavesItEmpty() async throws {
        let (directory, file) = try Self.directoryWithEmptyFile()
        let result = try await Self.runUntilExit(["serve", "--port", "0", "--data-dir", directory])
        #expect(result.status != 0)
        #expect(result.standardError.contains("refused to start"), "\(result.standardError)")
        #expect(result.standardError.contains("the SQLite database \(file) is empty (0 bytes)"))
        #expect(result.standardError.contains("--force"))
        #expect(try Self.size(of: file) == 0)
    }

    @Test func serveWithForceCreatesANewDatabaseInTheEmptyFileAndLogsAWarning() async throws {
        let (directory, file) = try Self.directoryWithEmptyFile()
        let server = try ServingLandfall(["serve", "--port", "0", "--force", "--data-dir", directory], in: try CLIFixtures.temporaryFolder())
        defer { server.stop() }
        _ = try await server.waitForPort()
        #expect(server.standardError.contains("was empty (0 bytes)"), "\(server.standardError)")
        #expect(try Self.size(of: file) > 0)
        #expect(await server.terminate() == 0)
    }

    /// Runs `landfall` and waits up to 60 s for it to exit; one still running then (a server
    /// that started) is stopped and reported.
    static func runUntilExit(_ arguments: [String]) async throws -> (status: Int32, standardError: String) {
        let errorFile = try CLIFixtures.temporaryFolder().appendingPathComponent("stderr")
        let child = try ChildProcess(executable: try LandfallExecutable.location().path, arguments: arguments,
                                     directory: try CLIFixtures.temporaryFolder().path, standardError: errorFile.path)
        var termination = await child.exit(within: .seconds(60))
        if termination == nil {
            termination = await child.stop()
            Issue.record("landfall \(arguments.joined(separator: " ")) was still running after 60 s")
        }
        return (termination?.status ?? -1, try String(contentsOf: errorFile, encoding: .utf8))
    }
}
