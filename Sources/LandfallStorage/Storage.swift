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

    private let state: NIOLockedValueBox<(any StorageBackend)?>
    private let hub: ChangeHub
    /// This object's id in change notifications, so its listener skips its own changes.
    let origin: String
    let logger: Logger
    /// Whether the schema has the webhook outbox (all but tests that open an older schema).
    let keepsWebhooks: Bool

    private init(location: StorageLocation, backend: any StorageBackend, hub: ChangeHub, origin: String, logger: Logger, keepsWebhooks: Bool) {
        self.keepsWebhooks = keepsWebhooks
        self.location = location
        self.state = NIOLockedValueBox(backend)
        self.hub = hub
        self.origin = origin
        self.logger = logger
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
    /// ```swift
    /// let storage = try await Storage.open(.sqlite(directory: "data"), logger: logger, forceNewDatabaseInEmptyFile: force)
    /// ```
    ///
    /// - Throws: ``StorageError``: `.invalidLocation` for a malformed URL or a directory that
    ///   cannot be created, `.emptyDatabaseFile(path:)` for an empty SQLite file (left
    ///   untouched), `.unreachable` when the database cannot be opened,
    ///   `.newerSchema(found:known:)` when the database was written by a newer landfall (it
    ///   is left untouched), `.migration` when a migration fails (nothing of it is kept).
    public static func open(_ location: StorageLocation, logger: Logger, forceNewDatabaseInEmptyFile: Bool = false) async throws(StorageError) -> Storage {
        try await open(location, logger: logger, migrations: Migrations.all, forceNewDatabaseInEmptyFile: forceNewDatabaseInEmptyFile)
    }

    /// Opens with `migrations` instead of the real ones (tests of the migration mechanism).
    static func open(_ location: StorageLocation, logger: Logger, migrations: [Migration], now: Date = Date(),
                     forceNewDatabaseInEmptyFile: Bool = false) async throws(StorageError) -> Storage {
        let hub = ChangeHub()
        let origin = UUID().uuidString.lowercased()
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
        let backend: any StorageBackend
        do throws(StorageError) {
            switch location {
            case .sqlite(let directory):
                // Migrated while the data directory is still locked: another landfall opening
                // it at this moment waits its turn (up to a minute) rather than SQLite's busy
                // timeout for the write lock this migration holds.
                backend = try await SQLiteBackend.open(directory: directory, logger: logger,
                                                       forceNewDatabaseInEmptyFile: forceNewDatabaseInEmptyFile,
                                                       whileLocked: migrate)
            case .postgres(let url, let connections):
                let postgres = try await PostgresBackend.open(url: url, connections: connections, logger: logger, origin: origin) {
                    hub.publish([$0])
                }
                do throws(StorageError) {
                    try await migrate(postgres)
                } catch {
                    await postgres.close()
                    throw error
                }
                backend = postgres
            }
        } catch {
            hub.finish()
            throw error
        }
        return Storage(location: location, backend: backend, hub: hub, origin: origin, logger: logger,
                       keepsWebhooks: migrations.contains { $0.version == Migrations.webhooks.version })
    }

    /// Whether the database answers a query within two seconds (`/ready`).
    public func ping() async -> Bool {
        guard let backend = state.withLockedValue({ $0 }) else { return false }
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                do {
                    try await backend.read { database in try await database.raw("SELECT 1").run() }
                    return true
                } catch {
                    return false
                }
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(2))
                return false
            }
            let answer = await group.next() ?? false
            group.cancelAll()
            return answer
        }
    }

    /// Closes the connections and ends every ``changes()`` stream. Closing twice is harmless;
    /// every other call after it fails with `.closed`.
    public func close() async {
        guard let backend = state.withLockedValue({ backend in
            defer { backend = nil }
            return backend
        }) else { return }
        await backend.close()
        hub.finish()
    }

    /// Every link insert, update and delete from now on: by this object as soon as its
    /// transaction commits, and on PostgreSQL by any process on the same database (through
    /// `LISTEN landfall_links`), usually within milliseconds.
    ///
    /// The stream ends when the storage closes. If the listening connection drops, it
    /// reconnects; changes made while it was down are not delivered.
    public func changes() -> AsyncStream<LinkChange> {
        hub.subscribe()
    }

    // MARK: - Running statements

    /// The open backend, or `.closed`.
    func backend() throws(StorageError) -> any StorageBackend {
        guard let backend = state.withLockedValue({ $0 }) else { throw StorageError.closed }
        return backend
    }

    /// Runs `body` outside a transaction; any failure becomes a ``StorageError`` that names `action`.
    func reading<Result: Sendable>(_ action: String, _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result) async throws(StorageError) -> Result {
        let backend = try backend()
        do {
            return try await backend.read(body)
        } catch {
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
        do {
            let (result, changes) = try await backend.transaction { database in
                var changes: [LinkChange] = []
                let result = try await body(database, &changes)
                if backend.kind == .postgres {
                    for change in changes {
                        let payload = ChangeNotice(origin: origin, change: change).payload
                        try await database.raw("SELECT pg_notify(\(bind: PostgresChangeListener.channel), \(bind: payload))").run()
                    }
                }
                return (result, changes)
            }
            hub.publish(changes)
            return result
        } catch {
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
