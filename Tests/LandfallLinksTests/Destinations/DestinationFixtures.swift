import Foundation
import LandfallLinks
import Testing

/// The policy the destination tests check against: the demo site's hosts
/// (`examples/demo/landfall.yml`) and its allowlist.
enum DestinationFixtures {
    static let siteHosts = ["daily.example.com", "www.daily.example.com", "open.dailypuzzle.app"]
    static let linkHost = "go.daily.example.com"
    static let shopPattern = #"^https://shop\.example\.org/.*$"#

    static let policy: DestinationPolicy = {
        do {
            return try DestinationPolicy(siteHosts: siteHosts, linkHosts: [linkHost], allowlistPatterns: [shopPattern])
        } catch {
            preconditionFailure("the fixture's pattern does not compile: \(error)")
        }
    }()

    /// `Tests/Fixtures/`, beside the test targets (this file is
    /// `Tests/LandfallLinksTests/Destinations/DestinationFixtures.swift`).
    static let fixturesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
}

/// One entry of `Tests/Fixtures/hostile-destinations.json`: a destination that must be
/// refused, the refusal code expected, and what trick it tries. The server's tests post every
/// entry to the links API.
struct HostileDestination: Sendable, Codable, CustomTestStringConvertible {
    var url: String
    var reason: String
    var note: String

    /// `Tests/Fixtures/hostile-destinations.json`.
    static let file = DestinationFixtures.fixturesDirectory.appendingPathComponent("hostile-destinations.json")

    /// Every entry of the table. A missing or broken file throws an error naming its path, which
    /// fails the tests that read it (`@Test(arguments:)` included) instead of stopping the run.
    static func all() throws -> [HostileDestination] {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw FixtureError(path: file.path, reason: error.localizedDescription)
        }
        do {
            return try JSONDecoder().decode([HostileDestination].self, from: data)
        } catch {
            throw FixtureError(path: file.path, reason: "not a list of hostile destinations: \(error)")
        }
    }

    var testDescription: String { "\(note): \(url.debugDescription.prefix(80))" }
}

/// A fixture file that could not be read or decoded, with its path.
struct FixtureError: Error, CustomStringConvertible {
    var path: String
    var reason: String

    var description: String { "cannot use the fixture \(path): \(reason)" }
}
