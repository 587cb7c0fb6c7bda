import Foundation

/// Files the command tests read: the repository's `examples/` and the shared conformance data
/// beside the repository (`../shared`, or the folder `LANDFALL_SHARED` names).
enum CLIFixtures {
    /// The repository root (this file is `Tests/LandfallCLITests/Support/CLIFixtures.swift`).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file under `examples/`, as a path.
    static func example(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("examples").appendingPathComponent(name).path
    }

    /// `../shared/conformance/aasa-matching.json` (or under `LANDFALL_SHARED`).
    static var sharedConformanceFile: String {
        let shared = ProcessInfo.processInfo.environment["LANDFALL_SHARED"].map { URL(fileURLWithPath: $0) }
            ?? repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")
        return shared.appendingPathComponent("conformance/aasa-matching.json").path
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
