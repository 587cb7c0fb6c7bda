import Foundation
import LandfallCLI

/// Runs `landfall` in-process like ``runLandfall(_:standardInput:terminal:environment:)``, and
/// runs an ``AsyncReportingCommand`` (the `keys` commands) with the test's context:
/// `LandfallCommand.invoke` runs those with the real process's streams. Parse errors, help and
/// validation failures go through `invoke`, exactly as the executable reports them.
func runLandfallAsync(_ arguments: [String], environment: [String: String] = [:], terminal: Bool = false,
                      standardInput: String = "") async -> CommandOutput {
    let context = CommandContext(environment: environment, standardOutputIsTerminal: terminal, standardInput: Array(standardInput.utf8))
    guard let command = try? await LandfallCommand.asyncParseAsRoot(arguments),
          let reporting = command as? any AsyncReportingCommand else {
        return await LandfallCommand.invoke(arguments, context: context)
    }
    return await reporting.execute(in: context)
}

/// A fresh, empty data directory (not created: the command under test creates it).
func temporaryDataDirectory() throws -> String {
    try CLIFixtures.temporaryFolder().appendingPathComponent("data").path
}

/// Every byte of every file in `directory` (the SQLite file and its `-wal` and `-shm`).
func bytesOfFiles(in directory: String) throws -> [[UInt8]] {
    try FileManager.default.contentsOfDirectory(atPath: directory).map { name in
        Array(try Data(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent(name)))
    }
}

extension Array where Element == UInt8 {
    /// Whether `needle` occurs in these bytes.
    func contains(bytes needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= count else { return false }
        return (0...(count - needle.count)).contains { start in self[start..<(start + needle.count)].elementsEqual(needle) }
    }
}
