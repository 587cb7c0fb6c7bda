import Foundation

/// Files the command tests read, all inside the repository: `examples/` and `Tests/Fixtures/`.
enum CLIFixtures {
    /// The repository root (this file is `Tests/LandfallCLITests/Support/CLIFixtures.swift`).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file under `examples/`, as a path.
    static func example(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("examples").appendingPathComponent(name).path
    }

    /// `Tests/Fixtures/conformance/aasa-matching.json`, as a path: matching cases with the
    /// decision iOS makes, many of them checked with Apple's own `swcutil`.
    static var conformanceFile: String {
        repositoryRoot.appendingPathComponent("Tests/Fixtures/conformance/aasa-matching.json").path
    }

    /// A fresh temporary folder for one test, inside ``temporaryRoot``.
    static func temporaryFolder() throws -> URL {
        let folder = temporaryRoot.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The folder of this test process's temporary folders, removed when the process exits
    /// (a full run makes about a thousand; left behind, they filled the machine's `/tmp`).
    static let temporaryRoot: URL = {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("landfall-cli-tests-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        atexit { try? FileManager.default.removeItem(at: CLIFixtures.temporaryRoot) }
        return root
    }()

    /// Writes `text` to a new temporary file named `name` and returns its path.
    static func temporaryFile(_ name: String, _ text: String) throws -> String {
        let url = try temporaryFolder().appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Parses JSON output with Foundation (independently of Landfall's own JSON reader).
    static func jsonObject(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }
}
