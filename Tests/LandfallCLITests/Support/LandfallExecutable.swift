import ChildProcess
import Foundation

/// The built `landfall` executable, run as a real subprocess.
///
/// It is found next to the test bundle in the build products folder (which works with the
/// default `.build` and with `--scratch-path`), or at the path `LANDFALL_BINARY` names.
enum LandfallExecutable {
    /// What one run printed and its exit status.
    struct Result {
        var standardOutput: String
        var standardError: String
        var status: Int32
    }

    struct NotFound: Error, CustomStringConvertible {
        var searched: [String]
        var description: String {
            "the landfall executable was not found (looked in \(searched.joined(separator: ", "))); run `swift build` first or set LANDFALL_BINARY"
        }
    }

    /// The executable's location.
    static func location() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["LANDFALL_BINARY"] { return URL(fileURLWithPath: path) }
        var folders: [URL] = []
        // The test process is the test bundle (Linux: <products>/LandfallPackageTests.xctest),
        // or a runner loading it; the products folder holds `landfall` too.
        folders.append(URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent())
        folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        for bundle in Bundle.allBundles {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        for folder in folders {
            let candidate = folder.appendingPathComponent("landfall")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        throw NotFound(searched: folders.map(\.path))
    }

    /// Runs `landfall` with `arguments`; `standardInput` is its standard input, `environment`
    /// adds to (or, with `nil`, removes from) the test's own, and `directory` is the working
    /// directory (default: the test's own). Its streams go through files, so nothing has to
    /// drain a pipe, and the wait sleeps the task.
    static func run(_ arguments: [String], standardInput: String = "", environment: [String: String?] = [:],
                    in directory: URL? = nil) async throws -> Result {
        let folder = try CLIFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("stdin")
        let output = folder.appendingPathComponent("stdout")
        let error = folder.appendingPathComponent("stderr")
        try Data(standardInput.utf8).write(to: input)
        var variables = ProcessInfo.processInfo.environment
        for (name, value) in environment { variables[name] = value }
        let child = try ChildProcess(executable: try location().path, arguments: arguments, environment: variables,
                                     directory: directory?.path, standardInput: input.path,
                                     standardOutput: output.path, standardError: error.path)
        let termination = await child.exit()
        return Result(standardOutput: try String(contentsOf: output, encoding: .utf8),
                      standardError: try String(contentsOf: error, encoding: .utf8),
                      status: termination.status)
    }
}
