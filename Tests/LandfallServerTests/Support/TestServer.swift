import Foundation
import Hummingbird
import HummingbirdTesting
import LandfallStorage
@testable import LandfallServer

/// A link server built for one test the way `landfall serve` builds it (`makeApplication`),
/// with a clock the test moves, a data directory of its own, and SIGHUP left alone.
///
/// ```swift
/// let server = try await TestServer()                 // the demo, at noon in New York on 2026-11-20
/// try await server.run(.live) { client in
///     let response = try await client.get("/puzzle/2026-11-20")
///     #expect(response.status == .ok)
/// }
/// ```
final class TestServer: Sendable {
    /// The application `buildApplication` returns.
    let application: Application<LandfallResponder>
    /// The server's parts: reload the site, reach the database or flush the buffers with them.
    let parts: ServerComponents
    /// The clock the server reads.
    let clock: MovableClock
    /// Where the server stores links: SQLite in a temporary directory, or a scratch
    /// PostgreSQL database.
    let location: TestDatabase.Location
    /// What the server logged last (debug and above), shown by ``HangWatch`` for a run that
    /// never finished.
    let recentLog: LogCapture
    private let dataDirectory: TemporaryDirectory

    /// Builds the server for `site` (the demo by default) with `clock`, storing in `database`,
    /// with no rate limit unless `configure` sets one.
    ///
    /// - Parameter sharing: Another server whose PostgreSQL database this one uses too (two
    ///   instances behind one load balancer); it keeps the database.
    /// - Throws: whatever `buildApplication` throws (``SiteLoadError``, `StorageError`).
    init(site: SiteSource = .demo, clock: MovableClock = MovableClock(at: Demo.noon), database: TestDatabase = .sqlite,
         sharing other: TestServer? = nil, configure: (inout ServerConfiguration) -> Void = { _ in }) async throws {
        let dataDirectory = try TemporaryDirectory("landfall-data")
        let recentLog = LogCapture(keepingLast: 200)
        let location = if let other {
            TestDatabase.Location(databaseURL: other.location.databaseURL, owned: false)
        } else {
            try await database.makeLocation(sqliteDirectory: dataDirectory.path)
        }
        do {
            var configuration = ServerConfiguration(site: site, host: "127.0.0.1", port: 0, dataDirectory: dataDirectory.path,
                                                    clock: clock.reading, logLevel: .critical, reloadsOnHangup: false)
            configuration.databaseURL = location.databaseURL
            configuration.databaseConnections = TestDatabase.postgresConnections
            configuration.rateLimit = nil
            configuration.logger = recentLog.logger()
            configure(&configuration)
            (application, parts) = try await makeApplication(configuration)
        } catch {
            dataDirectory.remove()
            location.remove()
            throw error
        }
        self.clock = clock
        self.recentLog = recentLog
        self.location = location
        self.dataDirectory = dataDirectory
    }

    deinit {
        dataDirectory.remove()
        location.remove()
    }

    /// Where this server stores: the scratch PostgreSQL database, or SQLite in its data directory.
    var storageLocation: StorageLocation {
        location.databaseURL.map { .postgres(url: $0, connections: TestDatabase.postgresConnections) } ?? .sqlite(directory: dataDirectory.path)
    }

    /// Starts the server's services (and, for `.live`, its listener), runs `test` with a
    /// client, and shuts the server down gracefully.
    func run<Value: Sendable>(_ transport: Transport,
                              _ test: @escaping @Sendable (ServerClient) async throws -> Value) async throws -> Value {
        try await HangWatch.watching("\(transport), \(location.databaseURL == nil ? "SQLite" : "PostgreSQL")", log: recentLog) {
            switch transport {
            case .router:
                let inProcess = Application(responder: AuthorityFromHostHeader(base: application.responder),
                                            services: application.services, logger: application.logger)
                HangWatch.note("starting the services (router)")
                let value = try await inProcess.test(.router) { client in
                    HangWatch.note("test body started (router)")
                    defer { HangWatch.note("shutting down (router)") }
                    return try await test(ServerClient(connection: .router(client)))
                }
                HangWatch.note("finished (router)")
                return value
            case .live:
                HangWatch.note("starting the server (live)")
                let value = try await application.test(.live) { client in
                    guard let port = client.port else { throw ServerClient.NoPortError() }
                    HangWatch.note("test body started (live)")
                    defer { HangWatch.note("shutting down (live)") }
                    // A generous read timeout: CI runs the server suites in parallel on two cores.
                    return try await TestClient.withClient(host: "localhost", port: port, configuration: .init(timeout: .seconds(90))) { connection in
                        try await test(ServerClient(connection: .live(connection, port: port)))
                    }
                }
                HangWatch.note("finished (live)")
                return value
            }
        }
    }
}
