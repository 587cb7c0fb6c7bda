import Foundation
import LandfallLinks
import Logging
import NIOConcurrencyHelpers
import SQLKit

/// Where Landfall keeps its short links, their click counts and the API keys: SQLite in a
/// directory (one instance) or a PostgreSQL database (several instances).
///
/// ```swift
/// let storage = try await Storage.open(.sqlite(directory: "data"), logger: logger)
/// try await storage.insert([link])
/// let found = try await storage.link(host: "go.example.com", slug: "winter")
/// await storage.close()
/// ```
///
/// Opening creates the schema or migrates it to ``schemaVersion``; every write of several
/// statements is one transaction; and ``changes()`` tells in-process caches which links any
/// instance changed. Every failure is a ``StorageError`` saying what to do.
public final class Storage: Sendable {
    /// Where the data is.
    public let location: StorageLocation
    /// The newest schema version this binary knows; a database at a newer one is refused.
    public static var schemaVersion: Int { Migrations.latestVersion }

    /// Where the storage is in its life.
    private enum Phase {
        /// Opened with `connectLater` while PostgreSQL could not be reached: connecting in the
        /// background since `since`, the last attempt having failed with `lastError`.
        case connecting(since: Date, lastError: String)
        case open(any StorageBackend)
        /// Connected in the background, then refused: a newer schema, a failed migration.
        case failed(StorageError)
        case closed
    }

    private struct State {
        var phase: Phase
        /// Callers of ``connected()`` waiting for the background connection.
        var waiters: [CheckedContinuation<Bool, Never>] = []
        /// The background connection (``Phase/connecting(since:lastError:)``).
        var connector: Task<Void, Never>?
        /// Whether the re-checks of a database that went down are running.
        var rechecking = false
        /// On SQLite, the task reading other processes' changes from the log (``changes()``).
        var changeLogReader: Task<Void, Never>?
        /// On SQLite, the newest row of the log of link changes when the storage was opened.
        var changeLogSeen = 0
    }

    private let state: NIOLockedValueBox<State>
    private let hub: ChangeHub
    /// Whether the database is known to be down, and the probes that tell.
    let health: DatabaseHealth
    /// The SQLite file as it was when opened, to notice it deleted or replaced.
    private let openedFile: SQLiteFileIdentity?
    /// This object's id in change notifications, so its listener skips its own changes.
    let origin: String
    let logger: Logger
    /// Whether the schema has the webhook outbox (all but tests that open an older schema).
    let keepsWebhooks: Bool
    /// Whether the schema has SQLite's log of link changes (all but tests that open an older schema).
    let keepsChangeLog: Bool

    private init(location: StorageLocation, phase: Phase, hub: ChangeHub, origin: String, logger: Logger, keepsWebhooks: Bool, keepsChangeLog: Bool,
                 openedFile: SQLiteFileIdentity? = nil) {
        self.keepsWebhooks = keepsWebhooks
        self.keepsChangeLog = keepsChangeLog
        self.location = location
        self.state = NIOLockedValueBox(State(phase: phase))
        self.hub = hub
        self.health = DatabaseHealth()
        self.openedFile = openedFile
        self.origin = origin
        self.logger = logger
        if case .open(let backend) = phase { watchWaits(of: backend) }
    }

    /// Lets a PostgreSQL statement waiting for a connection stop waiting as soon as a probe
    /// finds the database down (in about a second, instead of the pool's 10 s).
    private func watchWaits(of backend: any StorageBackend) {
        guard let postgres = backend as? PostgresBackend else { return }
        postgres.downCheck.withLockedValue { check in
            check = { [weak self] in
                guard let self else { return nil }
                guard case .down(let since, let reason) = await self.probe(postgres) else { return nil }
                return StorageError.unavailable(since: since, reason: reason)
            }
        }
    }

    /// Opens the storage at `location` and brings its schema up to date.
    ///
    /// SQLite: creates the directory and `landfall.sqlite` in it when missing. PostgreSQL:
    /// connects a pool (its run loop is started here and stopped by ``close()``) and a
    /// connection listening for other instances' changes. Then all pending migrations run in
    /// one transaction.
    ///
    /// An SQLite file that exists but is empty (0 bytes), as a failed copy, a truncated
    /// restore or a full disk leaves it, is refused (and a warning logged) unless
    /// `forceNewDatabaseInEmptyFile` is `true`: then a new database is made in it, with a
    /// warning logged. A missing file is created either way.
    ///
    /// With `connectLater` (`landfall serve`), a PostgreSQL server that cannot be reached is
    /// not an error: the storage is returned at once, every call fails with `.unavailable`
    /// and ``readiness()`` says why, while it connects in the background (again and again,
    /// waiting up to 10 s between attempts) and migrates once connected. A newer schema or a
    /// failed migration found then is logged as an error and kept as the reason
    /// ``readiness()`` gives. SQLite ignores it: a file that cannot be opened is a local
    /// mistake, refused at once.
    ///
    /// ```swift
    /// let storage = try await Storage.open(.sqlite(directory: "data"), logger: logger, forceNewDatabaseInEmptyFile: force)
    /// ```
    ///
    /// - Throws: ``StorageError``: `.invalidLocation` for a malformed URL or a directory that
    ///   cannot be created, `.emptyDatabaseFile(path:)` for an empty SQLite file (left
    ///   untouched), `.unreachable` when the database cannot be opened (unless `connectLater`),
    ///   `.newerSchema(found:known:)` when the database was written by a newer landfall (it
    ///   is left untouched), `.migration` when a migration fails (nothing of it is kept).
    public static func open(_ location: StorageLocation, logger: Logger, forceNewDatabaseInEmptyFile: Bool = false,
                            connectLater: Bool = false) async throws(StorageError) -> Storage {
        try await open(location, logger: logger, migrations: Migrations.all, forceNewDatabaseInEmptyFile: forceNewDatabaseInEmptyFile,
                       connectLater: connectLater)
    }

    /// Opens with `migrations` instead of the real ones (tests of the migration mechanism).
    static func open(_ location: StorageLocation, logger: Logger, migrations: [Migration], now: Date = Date(),
                     forceNewDatabaseInEmptyFile: Bool = false, connectLater: Bool = false) async throws(StorageError) -> Storage {
        let hub = ChangeHub()
        let origin = UUID().uuidString.lowercased()
        let keepsWebhooks = migrations.contains { $0.version == Migrations.webhooks.version }
        let keepsChangeLog = migrations.contains { $0.version == Migrations.linkChangeLog.version }
        let migrate: @Sendable (any StorageBackend) async throws(StorageError) -> Void = { backend throws(StorageError) in
            do {
                let (from, to) = try await Migrator.migrate(backend, migrations: migrations, now: now, logger: logger)
                if from != to {
                    logger.notice("migrated the database", metadata: ["from": "\(from)", "to": "\(to)"])
                }
            } catch {
                throw StorageError.wrapping(error, while: "migrating the schema")
            }
        }
        switch location {
        case .sqlite(let directory):
            let backend: SQLiteBackend
            do throws(StorageError) {
                // Migrated while the data directory is still locked: another landfall opening
                // it at this moment waits its turn (up to a minute) rather than SQLite's busy
                // timeout for the write lock this migration holds.
                backend = try await SQLiteBackend.open(directory: directory, logger: logger,
                                                       forceNewDatabaseInEmptyFile: forceNewDatabaseInEmptyFile,
                                                       whileLocked: migrate)
            } catch {
                hub.finish()
                throw error
            }
            let storage = Storage(location: location, phase: .open(backend), hub: hub, origin: origin, logger: logger,
                                  keepsWebhooks: keepsWebhooks, keepsChangeLog: keepsChangeLog, openedFile: SQLiteFileIdentity(path: backend.path))
            if keepsChangeLog {
                // Changes other processes log from now on reach ``changes()``, whenever it is first called.
                let newest = try await SQLiteChangeLog.newest(in: storage)
                storage.state.withLockedValue { $0.changeLogSeen = newest }
            }
            return storage
        case .postgres(let url, let connections):
            let connect: @Sendable () async throws(StorageError) -> any StorageBackend = { () throws(StorageError) in
                let postgres = try await PostgresBackend.open(url: url, connections: connections, logger: logger, origin: origin) {
                    hub.publish([$0])
                }
                do throws(StorageError) {
                    try await migrate(postgres)
                } catch {
                    await postgres.close()
                    throw error
                }
                return postgres
            }
            do throws(StorageError) {
                let backend = try await connect()
                return Storage(location: location, phase: .open(backend), hub: hub, origin: origin, logger: logger, keepsWebhooks: keepsWebhooks, keepsChangeLog: keepsChangeLog)
            } catch where connectLater && error.code == .unreachable {
                logger.warning("PostgreSQL cannot be reached: serving without it, connecting in the background", metadata: ["error": "\(error.message)"])
                let storage = Storage(location: location, phase: .connecting(since: Date(), lastError: error.message), hub: hub, origin: origin,
                                      logger: logger, keepsWebhooks: keepsWebhooks, keepsChangeLog: keepsChangeLog)
                storage.connectInBackground(connect)
                return storage
            } catch {
                hub.finish()
                throw error
            }
        }
    }

    /// Calls `connect` until it succeeds (the storage opens), fails otherwise than
    /// `.unreachable` (the storage fails, with that reason) or the storage closes, waiting
    /// between attempts half a second at first, then twice as long each time, up to 10 s.
    private func connectInBackground(_ connect: @escaping @Sendable () async throws(StorageError) -> any StorageBackend) {
        let task = Task { [weak self, logger] in
            var delay = Duration.milliseconds(500)
            while !Task.isCancelled {
                do throws(StorageError) {
                    let backend = try await connect()
                    guard let self else {
                        await backend.close()
                        return
                    }
                    self.watchWaits(of: backend)
                    guard self.settle(.open(backend)) else {
                        await backend.close()
                        return
                    }
                    logger.notice("connected to the database", metadata: ["location": "\(self.location)"])
                    return
                } catch where error.code == .unreachable {
                    guard let self else { return }
                    self.state.withLockedValue { state in
                        if case .connecting(let since, _) = state.phase { state.phase = .connecting(since: since, lastError: error.message) }
                    }
                    logger.debug("the database still cannot be reached; trying again", metadata: ["in": "\(delay)", "error": "\(error.message)"])
                    try? await Task.sleep(for: delay)
                    delay = min(delay * 2, .seconds(10))
                } catch {
                    logger.error("connected to the database but cannot use it: /ready stays 503 until this is fixed and landfall restarted",
                                 metadata: ["error": "\(error)"])
                    _ = self?.settle(.failed(error))
                    return
                }
            }
        }
        state.withLockedValue { $0.connector = task }
    }

    /// Ends the background connection with `phase` (open or failed) and wakes the callers of
    /// ``connected()``; `false` when the storage was closed meanwhile.
    private func settle(_ phase: Phase) -> Bool {
        let (settled, waiters) = state.withLockedValue { state -> (Bool, [CheckedContinuation<Bool, Never>]) in
            guard case .connecting = state.phase else { return (false, []) }
            state.phase = phase
            state.connector = nil
            defer { state.waiters = [] }
            return (true, state.waiters)
        }
        let isOpen = if case .open = phase { true } else { false }
        for waiter in waiters { waiter.resume(returning: settled && isOpen) }
        return settled
    }

    /// Whether the storage is connected (not still connecting in the background, nor failed, nor closed).
    public var isConnected: Bool {
        if case .open = state.withLockedValue({ $0.phase }) { true } else { false }
    }

    /// Since when the database is known to be down (a failure that means it cannot be reached,
    /// until a check answers), or `nil` while it is not. Kept in memory: asking costs a lock.
    public var downSince: Date? {
        if case .down(let since, _) = health.condition { since } else { nil }
    }

    /// Waits until the storage is connected: at once when it is (every storage not opened
    /// with `connectLater`, and those that connected since).
    ///
    /// - Returns: `true` once connected; `false` when it will not be (the connection found a
    ///   newer schema or a failed migration, or the storage was closed).
    public func connected() async -> Bool {
        await withCheckedContinuation { continuation in
            let answer: Bool? = state.withLockedValue { state in
                switch state.phase {
                case .open: return true
                case .failed, .closed: return false
                case .connecting:
                    state.waiters.append(continuation)
                    return nil
                }
            }
            if let answer { continuation.resume(returning: answer) }
        }
    }

    /// Whether the database answers, for `/ready`: a cheap check made at most once a second
    /// (callers meanwhile share it), which fails when the database does not answer within a
    /// second. SQLite: the file must still be the one opened (not deleted, not replaced), and
    /// a connection of its own must read its schema and take its write lock within the second
    /// (a damaged file, or a lock another process holds, fail it). PostgreSQL: `SELECT 1`.
    ///
    /// A failed check marks the database down (calls fail at once with `.unavailable`) and
    /// re-checks it every second until it answers.
    public func readiness() async -> DatabaseReadiness {
        let phase = state.withLockedValue { $0.phase }
        switch phase {
        case .closed:
            return DatabaseReadiness(problem: StorageError.closed.message)
        case .connecting(let since, let lastError):
            return DatabaseReadiness(problem: Self.connecting(since: since, lastError: lastError).message)
        case .failed(let error):
            return DatabaseReadiness(problem: error.message)
        case .open(let backend):
            switch await probe(backend) {
            case .up: return DatabaseReadiness(problem: nil)
            case .down(let since, let reason): return DatabaseReadiness(problem: StorageError.unavailable(since: since, reason: reason).message)
            case .slow(let reason): return DatabaseReadiness(problem: reason)
            }
        }
    }

    /// Whether the database answers: ``readiness()`` without the reason.
    public func ping() async -> Bool {
        await readiness().isReady
    }

    /// Checks the database (``DatabaseHealth/probe(_:)``), and starts the re-checks when it is down.
    private func probe(_ backend: any StorageBackend) async -> DatabaseHealth.Condition {
        let condition = await health.probe { [openedFile] in try await Self.check(backend, openedFile: openedFile) }
        if health.isDown { startRechecks() }
        return condition
    }

    /// The cheap check of a probe: see ``readiness()``.
    private static func check(_ backend: any StorageBackend, openedFile: SQLiteFileIdentity?) async throws {
        if let sqlite = backend as? SQLiteBackend, let openedFile {
            try await SQLiteProbe.check(path: sqlite.path, opened: openedFile, header: { sqlite.headerFile.header() })
        } else if let postgres = backend as? PostgresBackend {
            try await postgres.probe()
        } else {
            try await backend.read { database in try await database.raw("SELECT 1").run() }
        }
    }

    /// Notes a failed call: a failure meaning the database is down marks it so (logged once)
    /// and starts the re-checks.
    private func noteFailure(_ error: any Error) {
        guard health.record(failure: error) else { return }
        logger.error("the database is down: calls that need it fail at once until a check finds it answering",
                     metadata: ["error": "\(DatabaseHealth.reason(error))"])
        startRechecks()
    }

    /// Probes the database every second while it is down (unless that already runs), so that
    /// it comes back without `/ready` being asked.
    private func startRechecks() {
        let starts = state.withLockedValue { state in
            defer { state.rechecking = true }
            return !state.rechecking
        }
        guard starts else { return }
        Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                guard let self else { return }
                guard case .open(let backend) = self.state.withLockedValue({ $0.phase }), self.health.isDown else { break }
                let openedFile = self.openedFile
                if case .up = await self.health.probe({ try await Self.check(backend, openedFile: openedFile) }) {
                    self.logger.notice("the database answers again")
                    break
                }
            }
            self?.state.withLockedValue { $0.rechecking = false }
        }
    }

    /// Closes the connections and ends every ``changes()`` stream. Closing twice is harmless;
    /// every other call after it fails with `.closed`.
    public func close() async {
        let (phase, waiters, connector, changeLogReader) = state.withLockedValue { state in
            defer {
                state.phase = .closed
                state.waiters = []
                state.connector = nil
                state.changeLogReader = nil
            }
            return (state.phase, state.waiters, state.connector, state.changeLogReader)
        }
        for waiter in waiters { waiter.resume(returning: false) }
        connector?.cancel()
        // Its read in flight ends before the connections close.
        changeLogReader?.cancel()
        await changeLogReader?.value
        switch phase {
        case .closed:
            return
        case .open(let backend):
            await backend.close()
        case .connecting, .failed:
            break
        }
        hub.finish()
    }

    /// Every link insert, update and delete from now on: by this object as soon as its
    /// transaction commits, and by any other process on the same database: on PostgreSQL
    /// through `LISTEN landfall_links`, usually within milliseconds; on SQLite from the log of
    /// link changes every writer appends to (`link_changes`), read four times a second from
    /// the first call on.
    ///
    /// The stream ends when the storage closes. If the listening connection drops, it
    /// reconnects; changes made while it was down are not delivered, so once it listens
    /// again the stream delivers ``LinkChange/anyLink`` (forget every link).
    public func changes() -> AsyncStream<LinkChange> {
        let stream = hub.subscribe()
        startReadingChangeLog()
        return stream
    }

    /// On SQLite, starts reading the log of link changes (once).
    private func startReadingChangeLog() {
        guard case .sqlite = location, keepsChangeLog else { return }
        state.withLockedValue { state in
            guard state.changeLogReader == nil, case .open = state.phase else { return }
            let poller = SQLiteChangeLog.Poller(storage: self, origin: origin, interval: .milliseconds(250), logger: logger) { [hub] in
                hub.publish($0)
            }
            state.changeLogReader = Task { [seen = state.changeLogSeen] in await poller.run(after: seen) }
        }
    }

    /// The error of a call made while connecting in the background.
    private static func connecting(since: Date, lastError: String) -> StorageError {
        StorageError(.unavailable, """
            the database has not been reached since \(since.formatted(.iso8601)) (\(lastError)); landfall keeps trying to connect
            """)
    }

    // MARK: - Running statements

    /// The open backend; `.unavailable` while the database is known to be down (or not
    /// connected yet), `.closed` after ``close()``.
    func backend() throws(StorageError) -> any StorageBackend {
        switch state.withLockedValue({ $0.phase }) {
        case .open(let backend):
            try health.admit()
            return backend
        case .connecting(let since, let lastError):
            throw Self.connecting(since: since, lastError: lastError)
        case .failed(let error):
            throw StorageError(.unavailable, "the database cannot be used: \(error.message)", underlying: error)
        case .closed:
            throw StorageError.closed
        }
    }

    /// Runs `body` outside a transaction; any failure becomes a ``StorageError`` that names `action`.
    func reading<Result: Sendable>(_ action: String, _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result) async throws(StorageError) -> Result {
        let backend = try backend()
        do {
            return try await backend.read(body)
        } catch {
            noteFailure(error)
            throw StorageError.wrapping(error, while: action)
        }
    }

    /// Runs `body` in a transaction. The link changes it appends are announced inside the
    /// transaction (PostgreSQL's `pg_notify`, delivered to other instances when it commits)
    /// and to this object's subscribers once it committed.
    func writing<Result: Sendable>(
        _ action: String, _ body: @escaping @Sendable (any SQLDatabase, inout [LinkChange]) async throws -> Result
    ) async throws(StorageError) -> Result {
        let backend = try backend()
        let origin = origin
        let keepsChangeLog = keepsChangeLog
        do {
            let (result, changes) = try await backend.transaction { database in
                var changes: [LinkChange] = []
                let result = try await body(database, &changes)
                switch backend.kind {
                case .postgres:
                    for change in changes {
                        let payload = ChangeNotice(origin: origin, change: change).payload
                        try await database.raw("SELECT pg_notify(\(bind: PostgresChangeListener.channel), \(bind: payload))").run()
                    }
                case .sqlite:
                    if keepsChangeLog, !changes.isEmpty { try await SQLiteChangeLog.append(changes, origin: origin, at: Date(), to: database) }
                }
                return (result, changes)
            }
            hub.publish(changes)
            return result
        } catch {
            noteFailure(error)
            throw StorageError.wrapping(error, while: action)
        }
    }

    /// Runs `sql` as it is (tests use it to plant rows an older or newer landfall could have written).
    func execute(raw sql: String) async throws {
        let backend = try backend()
        try await backend.transaction { database in try await database.raw(SQLQueryString(sql)).run() }
    }
}

extension Storage {
    /// The schema versions recorded in the database, oldest first (tests).
    func appliedMigrations() async throws(StorageError) -> [Int] {
        try await reading("reading the schema versions") { database in
            try await database.select().column("version").from(Migrator.table).orderBy("version").all()
                .map { try $0.decode(column: "version", as: Int.self) }
        }
    }
}
