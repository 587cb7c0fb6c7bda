import Foundation
import LandfallLinks
import NIOConcurrencyHelpers
import VaporCSQLite

/// The one-link read of every click that misses the server's link cache
/// (``Storage/link(host:slug:)``) on SQLite, without the driver: connections of its own, each
/// keeping the statement prepared, stepped on the calling thread, the row read by column index.
///
/// Through SQLiteNIO and SQLKit the same read cost about 30 times the instructions of SQLite's
/// own work (Benchmarks/ShortLinkRedirect/RESULTS.md, "where a cache miss goes"): the SQL
/// serialised and prepared anew for every read, the binds encoded and the 22 columns decoded
/// by name through `Codable`, and four hops between threads (the backend's thread pool, an event
/// loop for the row, another for the answer, then the task). Here it is a bind, a step and 22
/// column reads.
///
/// A read never waits here: the connections are in WAL mode like the backend's (readers see
/// what is committed while the writer works) with no busy timeout, and when SQLite cannot
/// answer at once (another process holds the database, the file is damaged) or the row cannot
/// be read, ``link(host:slug:)`` answers ``Lookup/unavailable`` and the caller asks the backend's
/// readers, which wait out locks on threads of their own and give every failure its usual error.
final class SQLiteLinkReader: Sendable {
    /// What a read found.
    enum Lookup: Sendable {
        /// The link.
        case link(ShortLink)
        /// No link has that host and slug.
        case missing
        /// SQLite could not answer at once: ask the backend.
        case unavailable
    }

    /// An open connection and its prepared statement.
    ///
    /// `@unchecked Sendable`: a connection is used by one thread at a time (taken out of
    /// ``State/idle`` under its lock for one read and put back after), which is what
    /// `SQLITE_OPEN_NOMUTEX` requires.
    private final class Connection: @unchecked Sendable {
        let handle: OpaquePointer
        let statement: OpaquePointer

        init(handle: OpaquePointer, statement: OpaquePointer) {
            self.handle = handle
            self.statement = statement
        }

        func close() {
            sqlite_nio_sqlite3_finalize(statement)
            sqlite_nio_sqlite3_close(handle)
        }
    }

    private struct State {
        var idle: [Connection] = []
        var open = 0
        var isClosed = false
    }

    /// The database file.
    let path: String
    /// How many connections may be open at once; a read when all are busy asks the backend.
    let maximumConnections: Int
    private let state = NIOLockedValueBox(State())

    /// The statement: ``ShortLink/columns`` of the link with a host and slug (the unique index).
    static let statementText = "SELECT \(ShortLink.selectList) FROM \(ShortLink.table) WHERE host = ?1 AND slug = ?2 LIMIT 1"
    /// Each column's index in the statement's row.
    static let columnIndexes = Dictionary(uniqueKeysWithValues: ShortLink.columns.enumerated().map { ($1, Int32($0)) })

    init(path: String, maximumConnections: Int = 2 * ProcessInfo.processInfo.activeProcessorCount) {
        self.path = path
        self.maximumConnections = max(1, maximumConnections)
    }

    /// The link with `slug` on `host` (compared lowercased).
    func link(host: String, slug: String) -> Lookup {
        guard let connection = take() else { return .unavailable }
        let statement = connection.statement
        var lookup = Lookup.unavailable
        host.lowercased().withCString { host in
            slug.withCString { slug in
                // SQLITE_STATIC (nil): the texts outlive the step; the bindings are cleared before they go.
                defer {
                    sqlite_nio_sqlite3_reset(statement)
                    sqlite_nio_sqlite3_clear_bindings(statement)
                }
                guard sqlite_nio_sqlite3_bind_text(statement, 1, host, -1, nil) == SQLITE_OK,
                      sqlite_nio_sqlite3_bind_text(statement, 2, slug, -1, nil) == SQLITE_OK else { return }
                switch sqlite_nio_sqlite3_step(statement) {
                case SQLITE_ROW:
                    let columns = SQLiteStatementColumns(statement: statement, indexes: Self.columnIndexes, table: ShortLink.table)
                    if let link = try? ShortLink(columns: columns) { lookup = .link(link) }
                case SQLITE_DONE:
                    lookup = .missing
                default:
                    break
                }
            }
        }
        give(connection, keep: {
            if case .unavailable = lookup { return false }
            return true
        }())
        return lookup
    }

    /// Up to `limit` links after `rowID` in the table's own order (its rowids), read on a
    /// connection of the reader's with a statement prepared for the batch; `nil` when SQLite
    /// cannot answer at once (the caller asks the backend).
    func scan(afterRowID rowID: Int64, limit: Int) -> LinkScanBatch? {
        guard let connection = take() else { return nil }
        var statement: OpaquePointer?
        let text = "SELECT rowid, \(ShortLink.selectList) FROM \(ShortLink.table) WHERE rowid > ?1 ORDER BY rowid LIMIT ?2"
        guard sqlite_nio_sqlite3_prepare_v2(connection.handle, text, -1, &statement, nil) == SQLITE_OK, let statement else {
            sqlite_nio_sqlite3_finalize(statement)
            give(connection, keep: false)
            return nil
        }
        defer { sqlite_nio_sqlite3_finalize(statement) }
        sqlite_nio_sqlite3_bind_int64(statement, 1, rowID)
        sqlite_nio_sqlite3_bind_int64(statement, 2, Int64(limit))
        // The link's columns follow the rowid: each index one more than in the one-link statement.
        let indexes = Self.columnIndexes.mapValues { $0 + 1 }
        var batch = LinkScanBatch()
        var last = rowID
        var rows = 0
        while true {
            switch sqlite_nio_sqlite3_step(statement) {
            case SQLITE_ROW:
                rows += 1
                last = sqlite_nio_sqlite3_column_int64(statement, 0)
                let columns = SQLiteStatementColumns(statement: statement, indexes: indexes, table: ShortLink.table)
                do {
                    batch.links.append(try ShortLink(columns: columns))
                } catch {
                    batch.unreadable.append(LinkScanBatch.Key(host: columns.text(named: "host"), slug: columns.text(named: "slug")))
                }
            case SQLITE_DONE:
                give(connection, keep: true)
                batch.next = rows < limit ? nil : LinkScanPosition(rowID: last)
                return batch
            default:
                give(connection, keep: false)
                return nil
            }
        }
    }

    /// Closes the idle connections now and the busy ones when their read ends; reads from now
    /// on answer ``Lookup/unavailable``.
    func close() {
        let idle = state.withLockedValue { state in
            defer {
                state.open -= state.idle.count
                state.idle = []
                state.isClosed = true
            }
            return state.idle
        }
        for connection in idle { connection.close() }
    }

    /// An idle connection, a new one when none is idle and fewer than the maximum are open,
    /// or `nil`.
    private func take() -> Connection? {
        enum Taken { case idle(Connection), openNew, none }
        let taken: Taken = state.withLockedValue { state in
            guard !state.isClosed else { return .none }
            if let connection = state.idle.popLast() { return .idle(connection) }
            guard state.open < maximumConnections else { return .none }
            state.open += 1
            return .openNew
        }
        switch taken {
        case .idle(let connection): return connection
        case .none: return nil
        case .openNew:
            if let connection = openConnection() { return connection }
            state.withLockedValue { $0.open -= 1 }
            return nil
        }
    }

    /// Puts `connection` back, or closes it when it failed (the next read opens a fresh one)
    /// or the reader closed meanwhile.
    private func give(_ connection: Connection, keep: Bool) {
        let kept = state.withLockedValue { state in
            guard keep, !state.isClosed else {
                state.open -= 1
                return false
            }
            state.idle.append(connection)
            return true
        }
        if !kept { connection.close() }
    }

    /// A new connection with the statement prepared, or `nil` (the database cannot be opened,
    /// or has no links table yet).
    private func openConnection() -> Connection? {
        var handle: OpaquePointer?
        // No SQLITE_OPEN_CREATE: a missing file is not made anew here.
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        guard sqlite_nio_sqlite3_open_v2(path, &handle, flags, nil) == SQLITE_OK, let handle else {
            sqlite_nio_sqlite3_close(handle)
            return nil
        }
        var statement: OpaquePointer?
        guard sqlite_nio_sqlite3_exec(handle, "PRAGMA query_only = ON", nil, nil, nil) == SQLITE_OK,
              sqlite_nio_sqlite3_prepare_v3(handle, Self.statementText, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK,
              let statement
        else {
            sqlite_nio_sqlite3_finalize(statement)
            sqlite_nio_sqlite3_close(handle)
            return nil
        }
        return Connection(handle: handle, statement: statement)
    }
}
