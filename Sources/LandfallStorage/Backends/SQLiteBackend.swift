import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOPosix
import SQLiteKit

/// SQLite in WAL mode: a writer connection that runs one transaction at a time (its own
/// ``SerialGate``), and ``readerCount`` reader connections, taken in turn, that see committed
/// data while the writer works (each connection runs one statement at a time, so one reader
/// would queue every lookup that misses the server's cache behind the others).
///
/// Foreign keys are on and a busy timeout lets a second process (`landfall keys create`
/// while the server runs) wait for the lock instead of failing at once.
final class SQLiteBackend: StorageBackend {
    /// The database file.
    let path: String
    let kind = BackendKind.sqlite
    private let writer: SQLiteConnection
    private let readers: [SQLiteConnection]
    /// The one-link read of the short-link path, with its statement kept prepared.
    let links: SQLiteLinkReader
    /// The file's header as it is on disk, read through a descriptor that stays open as long
    /// as the connections do (readiness probes; see ``SQLiteHeaderReader`` for why).
    let headerFile: SQLiteHeaderReader
    /// The threads the connections' statements run on.
    private let threads: NIOThreadPool
    private let nextReader = NIOLockedValueBox(0)
    private let gate = SerialGate()
    private let isClosed = NIOLockedValueBox(false)

    /// How long a statement waits for another process's write lock before failing.
    static let busyTimeoutMilliseconds = 10_000
    /// How many reader connections are opened.
    static let readerCount = 4

    private init(path: String, writer: SQLiteConnection, readers: [SQLiteConnection], threads: NIOThreadPool) {
        self.path = path
        self.writer = writer
        self.readers = readers
        self.threads = threads
        self.links = SQLiteLinkReader(path: path)
        self.headerFile = SQLiteHeaderReader(path: path)
    }

    /// Opens (creating if needed) `landfall.sqlite` in `directory`. An empty (0-byte) file is
    /// refused with `.emptyDatabaseFile`, and a warning logged, unless
    /// `forceNewDatabaseInEmptyFile`: then a new database is made in it, with a warning.
    ///
    /// The data directory stays locked against other landfall processes opening it until
    /// `whileLocked` (the migration) has run on the opened backend; when it throws, the
    /// backend is closed and its error thrown.
    static func open(directory: String, logger: Logger, forceNewDatabaseInEmptyFile: Bool = false,
                     whileLocked: @Sendable (SQLiteBackend) async throws(StorageError) -> Void = { _ in }) async throws(StorageError) -> SQLiteBackend {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw StorageError(.invalidLocation, "cannot create the data directory \(directory): \(error.localizedDescription)")
        }
        let path = URL(fileURLWithPath: directory).appendingPathComponent("landfall.sqlite").path
        // Held until the schema is migrated: another landfall starting at this moment waits
        // rather than find the empty file SQLite creates first, or time out waiting for the
        // write lock the migration holds.
        let lock = try await DirectoryLock(directory)
        // SQLite itself takes an empty file for a new database: the links would seem to vanish.
        if let empty = StorageLocation.sqlite(directory: directory).emptySQLiteFile {
            guard forceNewDatabaseInEmptyFile else {
                let error = StorageError.emptyDatabaseFile(path: empty)
                logger.warning("refused an empty SQLite database file", metadata: ["file": "\(empty)", "error": "\(error.message)"])
                throw error
            }
            logger.warning("the SQLite database file was empty (0 bytes): creating a new database in it (--force)",
                           metadata: ["file": "\(empty)"])
        }
        // Threads of its own, one per connection: a statement waiting out another process's
        // lock blocks one of them, never a thread other work (another database) needs.
        let threads = NIOThreadPool(numberOfThreads: readerCount + 1)
        threads.start()
        var opened: [SQLiteConnection] = []
        let backend: SQLiteBackend
        do {
            let eventLoop = MultiThreadedEventLoopGroup.singleton.any()
            let writer = try await SQLiteConnection.open(storage: .file(path: path), threadPool: threads, logger: logger, on: eventLoop)
            opened.append(writer)
            // journal_mode is kept in the file (and setting it writes the first page); the
            // others are per connection.
            try await writer.sql().raw("PRAGMA journal_mode = WAL").run()
            try await configure(writer)
            var readers: [SQLiteConnection] = []
            for _ in 0..<readerCount {
                let reader = try await SQLiteConnection.open(storage: .file(path: path), threadPool: threads, logger: logger, on: eventLoop)
                opened.append(reader)
                try await configure(reader)
                readers.append(reader)
            }
            backend = SQLiteBackend(path: path, writer: writer, readers: readers, threads: threads)
        } catch {
            for connection in opened {
                try? await connection.close().get()
            }
            try? await threads.shutdownGracefully()
            throw StorageError(.unreachable, "cannot open the SQLite database \(path): check that it is a landfall database and that this user may write it", underlying: error)
        }
        do {
            try await whileLocked(backend)
        } catch {
            await backend.close()
            throw error
        }
        _ = consume lock
        return backend
    }

    private static func configure(_ connection: SQLiteConnection) async throws {
        let database = connection.sql()
        try await database.raw("PRAGMA busy_timeout = \(unsafeRaw: String(busyTimeoutMilliseconds))").run()
        try await database.raw("PRAGMA foreign_keys = ON").run()
        try await database.raw("PRAGMA synchronous = NORMAL").run()
    }

    func read<Result: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> Result) async throws -> Result {
        guard !isClosed.withLockedValue({ $0 }) else { throw StorageError.closed }
        let index = nextReader.withLockedValue { next in
            defer { next = (next + 1) % readers.count }
            return next
        }
        return try await body(readers[index].sql(queryLogLevel: .trace))
    }

    func transaction<Result: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> Result) async throws -> Result {
        try await gate.run {
            guard !isClosed.withLockedValue({ $0 }) else { throw StorageError.closed }
            // IMMEDIATE takes the write lock now, waiting up to the busy timeout for another
            // process, instead of failing later when a read turns into a write.
            return try await committing(writer.sql(queryLogLevel: .trace), begin: "BEGIN IMMEDIATE", body)
        }
    }

    func close() async {
        let wasClosed = isClosed.withLockedValue { closed in
            defer { closed = true }
            return closed
        }
        guard !wasClosed else { return }
        links.close()
        // Waits for the transaction in progress; later ones see `isClosed`.
        _ = try? await gate.run {
            // The futures' form, which a cancelled task still waits for: the handles must not leak.
            for reader in readers {
                try? await reader.close().get()
            }
            try? await writer.close().get()
        }
        // Only now: closing a descriptor of the file releases the process's locks on it.
        headerFile.close()
        try? await threads.shutdownGracefully()
    }
}
