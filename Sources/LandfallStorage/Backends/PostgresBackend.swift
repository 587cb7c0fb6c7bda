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
    /// pool that is only busy, all its connections at work, is waited for). Once `body` runs,
    /// it is never interrupted.
    private func withConnection<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        guard !isClosed.withLockedValue({ $0 }) else { throw StorageError.closed }
        let client = client
        let displayURL = displayURL
        // false: waiting for a connection; true: `body` runs; nil: the wait was given up (a
        // connection handed out after that runs nothing, so `body` is never interrupted).
        let leased = NIOLockedValueBox<Bool?>(false)
        let lastLease = lastLease
        let leaseTimeout = leaseTimeout
        let downCheck = downCheck.withLockedValue { $0 }
        // Unstructured tasks, not a task group: a group waits for all its tasks before it
        // returns, and a request for a connection that the pool never answers nor lets go of
        // when cancelled (seen after PostgreSQL restarted under load: an idle connection in the
        // pool, the request still waiting) would keep the caller waiting after its timeout,
        // and `landfall serve` from finishing its graceful shutdown. Given up, it runs nothing.
        let (outcomes, outcome) = AsyncThrowingStream<Result?, any Error>.makeStream()
        let work = Task {
            do {
                let result = try await client.withConnection { connection in
                    let runs = leased.withLockedValue { leased in
                        guard leased != nil else { return false }
                        leased = true
                        return true
                    }
                    guard runs else { throw CancellationError() }
                    lastLease.withLockedValue { $0 = .now }
                    return try await body(connection)
                }
                outcome.yield(result)
            } catch {
                outcome.finish(throwing: error)
            }
        }
        /// Ends the wait with `error` unless `body` runs (then its end is waited for).
        @Sendable func giveUp(_ error: any Error) -> Bool {
            let givesUp = leased.withLockedValue { leased in
                guard leased == false else { return false }
                leased = nil
                return true
            }
            if givesUp { outcome.finish(throwing: error) }
            return givesUp
        }
        let downWatch = Task {
            // While no connection comes, ask every half second whether the database is known
            // to be down (a probe on a connection of its own): then stop waiting.
            guard let downCheck else { return }
            while !Task.isCancelled {
                try await Task.sleep(for: .milliseconds(500))
                if leased.withLockedValue({ $0 }) == true { return }
                if let error = await downCheck(), giveUp(error) { return }
            }
        }
        let timer = Task {
            while !Task.isCancelled {
                try await Task.sleep(for: leaseTimeout)
                if leased.withLockedValue({ $0 }) == true { return }
                // Others got connections within the timeout: the pool is busy, keep waiting.
                if let last = lastLease.withLockedValue({ $0 }), ContinuousClock.now - last < leaseTimeout { continue }
                if giveUp(StorageError(
                    .unreachable,
                    "PostgreSQL at \(displayURL) gave no connection within \(leaseTimeout): check that the server runs and accepts connections"
                )) { return }
            }
        }
        defer {
            downWatch.cancel()
            timer.cancel()
        }
        return try await withTaskCancellationHandler {
            for try await result in outcomes {
                if let result { return result }
            }
            throw CancellationError()
        } onCancel: {
            work.cancel()
            _ = giveUp(CancellationError())
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
