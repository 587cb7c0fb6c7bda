import Foundation

/// Files the tests read, all inside the repository: `Tests/Fixtures/` (fixtures several test
/// targets and the command-line examples share) and this target's own `Fixtures/`.
enum TestResources {
    /// The repository root (this file is `Tests/AppSiteAssociationTests/TestResources.swift`).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/Fixtures/conformance/aasa-matching.json`: matching cases with the decision iOS
    /// makes, many of them checked with Apple's own `swcutil`.
    static let conformanceFile = repositoryRoot.appendingPathComponent("Tests/Fixtures/conformance/aasa-matching.json")

    /// The bytes of a fixture file; the error names the file's path, so a missing or unreadable
    /// fixture fails the test that reads it with a message saying which file.
    static func read(_ file: URL) throws(FixtureError) -> Data {
        do {
            return try Data(contentsOf: file)
        } catch {
            throw FixtureError(path: file.path, reason: error.localizedDescription)
        }
    }

    /// The file at the top of `Sources/AppSiteAssociation/AppSiteAssociation.docc/HowIOSReadsTheFile.md`,
    /// as written there: every modern feature, used correctly.
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
