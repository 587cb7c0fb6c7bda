import Foundation

/// Files the tests read: the repository's own fixtures and the shared conformance data that
/// sits beside the repository (`../shared/conformance`).
enum TestResources {
    /// The repository root (this file is `Tests/AppSiteAssociationTests/TestResources.swift`).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/conformance/aasa-matching.json`; the `LANDFALL_SHARED` environment variable
    /// can point at another `shared` folder.
    static var sharedConformanceFile: URL {
        let shared = ProcessInfo.processInfo.environment["LANDFALL_SHARED"].map { URL(fileURLWithPath: $0) }
            ?? repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")
        return shared.appendingPathComponent("conformance/aasa-matching.json")
    }
}
