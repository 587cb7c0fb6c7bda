import Foundation
import Logging
import NIOConcurrencyHelpers
import PostgresKit
import PostgresNIO

/// PostgreSQL through PostgresNIO's `PostgresClient`, a connection pool whose run loop starts
/// in ``open(url:logger:deliver:origin:)`` and stops in ``close()``, so callers need no service;
/// and one more connection that listens for other instances' link changes
/// (``PostgresChangeListener``).
final class PostgresBackend: StorageBackend {
    let kind = BackendKind.postgres
    /// The URL without its password, for messages.
    let displayURL: String
    private let client: PostgresClient
    private let runTask: Task<Void, Never>
    private let listener: PostgresChangeListener
    private let isClosed = NIOLockedValueBox(false)
    /// When a statement last got a connection: while that is recent, the database is up and a
    /// wait for a connection is a busy pool, not an unreachable server.
    private let lastLease = NIOLockedValueBox<ContinuousClock.Instant?>(nil)
    private let logger: Logger
    /// The connection's configuration, for ``probe()``'s connection of its own.
    private let core: PostgresConnection.Configuration
    /// Asked every half second while a statement waits for a connection: an error when the
    /// database is known to be down (``Storage`` probes it then), which ends the wait at once
    /// instead of after ``leaseTimeout``.
    let downCheck = NIOLockedValueBox<(@Sendable () async -> StorageError?)?>(nil)
    /// How long no statement may get a connection before the database counts as unreachable
    /// (``defaultLeaseTimeout``; tests that hold every connection on purpose make it longer).
    let leaseTimeout: Duration

    private init(displayURL: String, client: PostgresClient, runTask: Task<Void, Never>, listener: PostgresChangeListener, logger: Logger,
                 leaseTimeout: Duration, core: PostgresConnection.Configuration) {
        self.core = core
        self.leaseTimeout = leaseTimeout
        self.displayURL = displayURL
        self.client = client
        self.runTask = runTask
        self.listener = listener
        self.logger = logger
    }

    /// Connects to the database at `url`: first the listening connection (which also proves
    /// that the server answers and the credentials work), then the pool.
    ///
    /// - Parameters:
    ///   - connections: The most connections the pool keeps open (the listening one aside).
    ///   - leaseTimeout: See ``leaseTimeout``.
    ///   - keepAliveFrequency: How long a pooled connection is idle before a keep-alive query
    ///     checks it (tests make it short).
    ///   - deliver: Called with each change another instance announced.
    static func open(
        url: String, connections: Int = StorageLocation.defaultPostgresConnections, logger: Logger, origin: String,
        leaseTimeout: Duration = defaultLeaseTimeout, keepAliveFrequency: Duration = .seconds(30),
        deliver: @escaping @Sendable (LinkChange) -> Void
    ) async throws(StorageError) -> PostgresBackend {
        let displayURL = Self.redacted(url)
        guard StorageLocation.postgresConnectionsRange.contains(connections) else {
            let range = StorageLocation.postgresConnectionsRange
            throw StorageError(.invalidLocation, "a pool of \(connections) connections to PostgreSQL at \(displayURL) is not possible: give \(range.lowerBound) to \(range.upperBound)")
        }
        let core: PostgresConnection.Configuration
        do {
            core = try SQLPostgresConfiguration(url: url).coreConfiguration
        } catch {
            throw StorageError(
                .invalidLocation,
                "'\(displayURL)' is not a PostgreSQL URL: write postgres://user:password@host:port/database (add ?sslmode=disable for a server without TLS)"
            )
        }
        let listener: PostgresChangeListener
        do {
            listener = try await PostgresChangeListener.start(configuration: core, origin: origin, logger: logger, deliver: deliver)
        } catch {
            throw StorageError(.unreachable, "cannot connect to PostgreSQL at \(displayURL): \(Self.describe(error)); check that the server runs and the URL's user, password and database are right", underlying: error)
        }
        var configuration = clientConfiguration(core)
        configuration.options.keepAliveBehavior?.frequency = keepAliveFrequency
        configuration.options.maximumConnections = connections
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let runTask = Task { await client.run() }
        return PostgresBackend(displayURL: displayURL, client: client, runTask: runTask, listener: listener, logger: logger,
                               leaseTimeout: leaseTimeout, core: core)
    }

    /// The pool's configuration for the connection `core` describes.
    private static func clientConfiguration(_ core: PostgresConnection.Configuration) -> PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS =
            core.tls.isEnforced ? .require(.makeClientConfiguration()) : core.tls.isAllowed ? .prefer(.makeClientConfiguration()) : .disable
        var configuration: PostgresClient.Configuration
        if let socket = core.unixSocketPath {
            configuration = PostgresClient.Configuration(unixSocketPath: socket, username: core.username, password: core.password, database: core.database)
        } else {
            configuration = PostgresClient.Configuration(
                host: core.host ?? "localhost", port: core.port ?? SQLPostgresConfiguration.ianaPortNumber,
                username: core.username, password: core.password, database: core.database, tls: tls
            )
        }
        configuration.options.connectTimeout = .seconds(5)
        configuration.options.additionalStartupParameters = [("application_name", "landfall")]
        return configuration
    }

    func read<Result: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> Result) async throws -> Result {
        let logger = logger
        return try await withConnection { connection in
            try await body(connection.sql(queryLogLevel: .trace, logger: logger))
        }
    }

    func transaction<Result: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> Result) async throws -> Result {
        let logger = logger
        return try await withConnection { connection in
            try await self.committing(connection.sql(queryLogLevel: .trace, logger: logger), begin: "BEGIN", body)
        }
    }

    /// Checks that the server answers `SELECT 1` on a connection of its own, opened and closed
    /// each time (a few milliseconds, at most once a second): the pool's connections may all be
    /// busy, which is no reason to call the database down.
    func probe() async throws {
        let connection = try await PostgresConnection.connect(configuration: core, id: 0, logger: logger)
        do {
            try await connection.query("SELECT 1", logger: logger)
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// How long no statement may get a connection from the pool before the database counts as
    /// unreachable. Without it, a call made while PostgreSQL is down would wait until the pool
    /// gives up creating connections (a minute).
    static let defaultLeaseTimeout = Duration.seconds(10)

    /// Runs `body` with a connection of the pool, or fails with `.unreachable` when none is
    /// handed out within ``leaseTimeout`` and no other statement got one meanwhile either (a
    /// pool that is only busy, all its connections at work, is waited for), or at once when the
    /// database is known to be down. Once `body` runs, it is not interrupted; but when its
    /// connection closes under it and it has not finished a second later, it waits for an
    /// answer that will never come (see ``PostgresCall``), and the call fails with
    /// `.unreachable`.
    private func withConnection<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        guard !isClosed.withLockedValue({ $0 }) else { throw StorageError.closed }
        let client = client
        let displayURL = displayURL
        let lastLease = lastLease
        let leaseTimeout = leaseTimeout
        let downCheck = downCheck.withLockedValue { $0 }
        let logger = logger
        let call = PostgresCall<Result>()
        // Unstructured tasks, not a task group: a group waits for all its tasks before it
        // returns, and a request for a connection that the pool never answers nor lets go of
        // when cancelled (seen after PostgreSQL restarted under load: an idle connection in the
        // pool, the request still waiting) would keep the caller waiting after its timeout,
        // and `landfall serve` from finishing its graceful shutdown. Given up, it runs nothing.
        let work = Task {
            do {
                let result = try await client.withConnection { connection in
                    guard call.start(on: connection) else { throw CancellationError() }
                    lastLease.withLockedValue { $0 = .now }
                    return try await body(connection)
                }
                call.finish(.success(result))
            } catch {
                call.finish(.failure(error))
            }
        }
        let watch = Task {
            while !Task.isCancelled {
                try await Task.sleep(for: PostgresCall<Result>.lookInterval)
                let now = ContinuousClock.now
                switch call.current {
                case .ended:
                    return
                case .running:
                    let abandoned = call.abandon(at: now, StorageError(
                        .unreachable,
                        "the connection to PostgreSQL at \(displayURL) closed while a statement ran, and the statement got no answer: check that the server runs (a transaction it did not commit was rolled back)"
                    ))
                    if abandoned {
                        logger.warning("a statement on a PostgreSQL connection that closed got no answer; its call failed instead of waiting for ever")
                        return
                    }
                case .waiting(let since):
                    // The database is known to be down (a probe on a connection of its own):
                    // stop waiting.
                    if let downCheck, let error = await downCheck(), call.giveUp(error) { return }
                    // No statement got a connection for a whole lease timeout: unreachable.
                    // Others got connections meanwhile: the pool is busy, keep waiting.
                    guard now - since >= leaseTimeout else { continue }
                    if let last = lastLease.withLockedValue({ $0 }), now - last < leaseTimeout { continue }
                    if call.giveUp(StorageError(
                        .unreachable,
                        "PostgreSQL at \(displayURL) gave no connection within \(leaseTimeout): check that the server runs and accepts connections"
                    )) { return }
                }
            }
        }
        defer { watch.cancel() }
        return try await withTaskCancellationHandler {
            try await call.value()
        } onCancel: {
            work.cancel()
            call.giveUp(CancellationError())
        }
    }

    func close() async {
        let wasClosed = isClosed.withLockedValue { closed in
            defer { closed = true }
            return closed
        }
        guard !wasClosed else { return }
        await listener.stop()
        // Cancelling the run loop closes the pool and its connections. Its end is waited for a
        // while only: a keep-alive ping that starts on a connection as the pool closes it keeps
        // `run()` from ever returning, and `landfall serve` would then never exit on SIGTERM.
        runTask.cancel()
        let runTask = runTask
        if await !BoundedWait.finishes(within: Self.closingTimeout, { await runTask.value }) {
            logger.warning("PostgreSQL's connection pool had not finished closing after \(Self.closingTimeout); no longer waiting for it")
        }
    }

    /// How long ``close()`` waits for the pool to finish closing.
    static let closingTimeout = Duration.seconds(5)

    /// `url` with its password replaced by `***`.
    static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? url
    }

    /// What PostgresNIO says about `error`: the server's message and SQLSTATE, or the
    /// connection problem (PSQLError's own description hides both).
    static func describe(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return String(describing: error) }
        if let message = error.serverInfo?[.message] {
            let state = error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
            return message + state
        }
        if let underlying = error.underlying {
            return "\(error.code): \(underlying)"
        }
        return "\(error.code)"
    }
}
