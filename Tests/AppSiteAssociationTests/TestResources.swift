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

    /// The overview file of `aasa-semantics.md`, as written there: every modern feature, used correctly.
    static let semanticsExample = #"""
    {
      "applinks": {
        "defaults": { "caseSensitive": false },
        "substitutionVariables": { "food": ["burrito", "taco"] },
        "details": [
          {
            "appIDs": ["ABCDE12345.com.example.app", "ABCDE12345.com.example.app2"],
            "defaults": { "percentEncoded": false },
            "components": [
              { "#": "no_universal_links", "exclude": true, "comment": "opt-out fragment" },
              { "/": "/buy/*" },
              { "/": "/help/website/*", "exclude": true },
              { "/": "/help/*", "?": { "articleNumber": "????" } },
              { "/": "/$(lang)_$(region)/$(food)/*" }
            ]
          }
        ]
      },
      "webcredentials": { "apps": ["ABCDE12345.com.example.app"] },
      "appclips": { "apps": ["ABCDE12345.com.example.app.Clip"] },
      "activitycontinuation": { "apps": ["ABCDE12345.com.example.app"] }
    }
    """#
}
