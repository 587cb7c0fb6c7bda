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

    /// A fresh temporary folder for one test.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

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
