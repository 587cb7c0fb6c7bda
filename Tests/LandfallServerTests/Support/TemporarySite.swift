import Foundation
@testable import LandfallServer

/// A site of a test's own, written to a temporary directory as `landfall serve` reads one:
/// `landfall.yml`, and beside it `templates/` and `content/`.
///
/// ```swift
/// let site = try TemporarySite(TemporarySite.configuration(routes: """
///       - name: puzzle
///         pattern: /puzzle/:date
///         parameters: {date: day}
///         page: {content: "puzzle/{date}"}
///     """), files: ["content/puzzle/2026-11-20.json": #"{"title": "Compass"}"#])
/// let server = try await TestServer(site: site.source)
/// ```
struct TemporarySite: Sendable {
    /// The site's host.
    static let host = "puzzles.example.com"
    /// The site's interstitial host (another domain).
    static let interstitialHost = "open.puzzles-links.net"

    /// The directory holding the site.
    let directory: TemporaryDirectory

    /// Writes `configuration` as `landfall.yml` and each of `files` (by path relative to the
    /// site's directory), and creates empty `templates/` and `content/` directories.
    init(_ configuration: String, files: [String: String] = [:]) throws {
        directory = try TemporaryDirectory("landfall-site")
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("templates"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("content"), withIntermediateDirectories: true)
        try directory.write("landfall.yml", configuration)
        for (path, text) in files {
            try directory.write(path, text)
        }
    }

    /// The path of `landfall.yml`.
    var configurationPath: String { directory.url.appendingPathComponent("landfall.yml").path }

    /// The site as the server loads it from disk.
    var source: SiteSource { .file(configurationPath) }

    /// Writes (or rewrites) a file of the site.
    func write(_ relativePath: String, _ text: String) throws {
        try directory.write(relativePath, text)
    }

    /// Deletes the site's directory.
    func remove() {
        directory.remove()
    }

    /// A `landfall.yml` for `puzzles.example.com` with one app and `routes` (a YAML list,
    /// indented by two spaces, as `routes:` holds it).
    ///
    /// - Parameters:
    ///   - timeZone: The site's time zone, which day embargoes count in.
    ///   - android: Whether the app has an Android side (without it, the site has no `assetlinks.json`).
    ///   - routes: The routes, such as `"  - name: home\n    pattern: /home\n"`.
    /// The link host ``configuration(timeZone:android:linkHost:routes:)`` gives when asked for one.
    static let linkHost = "go.puzzles.example.com"

    static func configuration(timeZone: String = "America/New_York", android: Bool = true, linkHost: String? = nil, routes: String) -> String {
        let androidApp = android ? """

                android:
                  package: com.example.puzzles
                  sha256:
                    - 14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5
            """ : ""
        return """
            site:
              name: Test Puzzles
              description: A puzzle a day, for tests.
              timeZone: \(timeZone)
              home: /

            hosts:
              site: \(host)\(linkHost.map { "\n  links: \($0)" } ?? "")
              interstitial: \(interstitialHost)
              local:
                localhost: \(host)

            apps:
              - name: puzzles
                ios:
                  teamID: ABCDE12345
                  bundleID: com.example.puzzles
                  appStoreID: "1234567890"\(androidApp)

            routes:
            \(routes)
            """
    }
}
