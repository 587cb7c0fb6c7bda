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

    /// Runs `landfall` with `arguments`; `standardInput` is written to its standard input (which
    /// is closed after), `environment` adds to (or, with `nil`, removes from) the test's own, and
    /// `directory` is the working directory (default: the test's own).
    static func run(_ arguments: [String], standardInput: String = "", environment: [String: String?] = [:],
                    in directory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = try location()
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var variables = ProcessInfo.processInfo.environment
        for (name, value) in environment { variables[name] = value }
        process.environment = variables
        let input = Pipe()
        let output = Pipe()
        let error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read both pipes while the process runs, so a large output cannot fill a pipe and stall it.
        let collected = CollectedOutput()
        let group = DispatchGroup()
        for (pipe, isError) in [(output, false), (error, true)] {
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.set(data, isError: isError)
                group.leave()
            }
        }
        input.fileHandleForWriting.write(Data(standardInput.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        group.wait()
        return Result(standardOutput: collected.text(isError: false), standardError: collected.text(isError: true),
                      status: process.terminationStatus)
    }

    /// Output gathered from two reader threads.
    private final class CollectedOutput: @unchecked Sendable {
        // Safe: every access holds `lock`.
        private let lock = NSLock()
        private var output = Data()
        private var error = Data()

        func set(_ data: Data, isError: Bool) {
            lock.withLock { if isError { error = data } else { output = data } }
        }

        func text(isError: Bool) -> String {
            lock.withLock { String(decoding: isError ? error : output, as: UTF8.self) }
        }
    }
}
