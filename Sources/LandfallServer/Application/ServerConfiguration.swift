import Foundation
import Logging

/// Everything `landfall serve` (and a test) decides about a server before it starts: where
/// the site comes from, where it listens, where it keeps data, and the clock.
///
/// ```swift
/// var configuration = ServerConfiguration(site: .file("landfall.yml"))
/// configuration.port = 0            // any free port (tests)
/// let app = try await buildApplication(configuration)
/// ```
public struct ServerConfiguration: Sendable {
    /// Where the site configuration, its templates and its content come from.
    public var site: SiteSource
    /// The address to listen on; loopback by default.
    public var host: String
    /// The port to listen on; 0 picks a free one.
    public var port: Int
    /// The directory of the SQLite database (created if missing).
    public var dataDirectory: String
    /// The current time; tests move it.
    public var clock: @Sendable () -> Date
    /// The level of the server's logs.
    public var logLevel: Logger.Level
    /// Whether SIGHUP reloads the site (off in tests that run several servers in one process).
    public var reloadsOnHangup: Bool
    /// Called once the server listens, with the port it listens on (useful with port 0).
    public var onServerRunning: @Sendable (Int) async -> Void

    /// Creates a configuration that listens on 127.0.0.1:8080 and keeps its data in
    /// `landfall-data`.
    public init(site: SiteSource, host: String = "127.0.0.1", port: Int = 8080, dataDirectory: String = "landfall-data",
                clock: @escaping @Sendable () -> Date = { Date() }, logLevel: Logger.Level = .info,
                reloadsOnHangup: Bool = true, onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) {
        self.site = site
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.clock = clock
        self.logLevel = logLevel
        self.reloadsOnHangup = reloadsOnHangup
        self.onServerRunning = onServerRunning
    }
}
