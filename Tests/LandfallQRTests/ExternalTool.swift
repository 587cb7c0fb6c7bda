import ChildProcess
import Foundation
import Testing

/// A command-line program the tests read the codes back with (zbarimg, python3), run with a
/// time limit and its output captured in a file (so a large output cannot block a pipe).
struct ExternalTool {
    let url: URL

    /// Whether a test that needs the program should run: it is on the PATH, or CI is set (then
    /// the test runs and `find` fails it). Use with `.enabled(if:)`, so elsewhere it shows as skipped.
    static func shouldRun(_ name: String) -> Bool {
        ProcessInfo.processInfo.environment["CI"] != nil || locate(name) != nil
    }

    private static func locate(_ name: String) -> URL? {
        ChildProcess.executable(named: name).map { URL(fileURLWithPath: $0) }
    }

    /// The program on the PATH, or nil. When it is missing and the environment variable CI is
    /// set, records a test failure saying how to install it; elsewhere the caller skips.
    static func find(_ name: String, package: String) -> ExternalTool? {
        if let url = locate(name) { return ExternalTool(url: url) }
        if ProcessInfo.processInfo.environment["CI"] != nil {
            Issue.record("\(name) is not installed, and CI is set: install it (apt-get install -y \(package))")
        }
        return nil
    }

    /// Runs the program and returns its exit status and standard output (through a file, so a
    /// large output cannot block a pipe). Kills it after `timeout`.
    func run(_ arguments: [String], timeout: Duration = .seconds(60)) async throws -> (status: Int32, output: [UInt8]) {
        let outputURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("landfallqr-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: outputURL) }
        let child = try ChildProcess(executable: url.path, arguments: arguments, standardOutput: outputURL.path)
        var termination = await child.exit(within: timeout)
        if termination == nil {
            Issue.record("\(url.lastPathComponent) took longer than \(timeout); killed it")
            termination = await child.stop()
        }
        return (termination?.status ?? -1, Array(try Data(contentsOf: outputURL)))
    }
}

/// A temporary directory removed when the value is dropped by `withTemporaryDirectory`.
func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("landfallqr-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
}
