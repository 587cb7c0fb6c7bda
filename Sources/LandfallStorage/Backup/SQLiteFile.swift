#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Logging
import SQLiteKit

/// One SQLite connection of its own to a database file, for the backup and restore commands
/// (not the storage's pool): opened, used and closed in ``with(_:busyTimeoutMilliseconds:_:)``.
enum SQLiteFile {
    /// Runs `body` with a connection to the existing file `path`, waiting up to
    /// `busyTimeoutMilliseconds` for another process's lock; closes it however `body` ends.
    static func with<Result: Sendable>(_ path: String, busyTimeoutMilliseconds: Int,
                                       _ body: @Sendable (SQLiteConnection) async throws -> Result) async throws -> Result {
        let quiet = Logger(label: "landfall.backup") { _ in SwiftLogNoOpLogHandler() }
        let connection = try await SQLiteConnection.open(storage: .file(path: path), logger: quiet)
        // The futures' form of close: the async one does nothing in a cancelled task (a
        // readiness probe past its timeout is cancelled), and a connection left open is a leaked
        // handle, and a crash in SQLiteNIO's debug builds ("was not closed before deinitializing").
        do {
            try await connection.sql().raw("PRAGMA busy_timeout = \(unsafeRaw: String(busyTimeoutMilliseconds))").run()
            let result = try await body(connection)
            try? await connection.close().get()
            return result
        } catch {
            try? await connection.close().get()
            throw error
        }
    }

    /// Runs `statements` in turn on the database `path` (created if missing), on a connection
    /// of its own.
    static func run(_ statements: [String], on path: String) async throws {
        try await with(path, busyTimeoutMilliseconds: SQLiteBackend.busyTimeoutMilliseconds) { connection in
            for statement in statements {
                try await connection.sql().raw(SQLQueryString(statement)).run()
            }
        }
    }

    /// Checks that `path` is an SQLite database without damage that has Landfall's schema at a
    /// version this binary knows, and says what it holds. `role` names the file in messages
    /// ("the backup").
    static func inspect(_ path: String, role: String) async throws(SQLiteBackupError) -> SQLiteDatabaseContents {
        guard FileManager.default.fileExists(atPath: path) else {
            throw SQLiteBackupError(.missing, "\(role) \(path) does not exist")
        }
        let known = Storage.schemaVersion
        let outcome: Swift.Result<(links: Int, clicks: Int, version: Int), SQLiteBackupError>
        do {
            outcome = try await with(path, busyTimeoutMilliseconds: SQLiteBackend.busyTimeoutMilliseconds) { connection in
                let database = connection.sql()
                let problems = try await database.raw("PRAGMA integrity_check").all().map { try $0.decode(column: "integrity_check", as: String.self) }
                guard problems == ["ok"] else {
                    let shown = problems.prefix(3).joined(separator: "; ")
                    return .failure(SQLiteBackupError(.damaged, "\(role) \(path) is damaged: PRAGMA integrity_check says \(shown); use another backup"))
                }
                let tables = try await database.raw("SELECT name FROM sqlite_master WHERE type = 'table'").all()
                    .map { try $0.decode(column: "name", as: String.self) }
                guard tables.contains(Migrator.table), tables.contains("links") else {
                    return .failure(SQLiteBackupError(.notLandfall, """
                        \(role) \(path) is an SQLite database but not Landfall's (it has no \(Migrator.table) or links table); \
                        give a file made by `landfall backup`
                        """))
                }
                let version = try await Migrator.currentVersion(database)
                let row = try await database.raw("SELECT COUNT(*) AS links, COALESCE(SUM(click_count), 0) AS clicks FROM links").first()
                return .success((try row?.decode(column: "links", as: Int.self) ?? 0, try row?.decode(column: "clicks", as: Int.self) ?? 0, version))
            }
        } catch let error as SQLiteError where error.reason == .notADatabase {
            throw SQLiteBackupError(.notSQLite, "\(role) \(path) is not an SQLite database; give a file made by `landfall backup`")
        } catch let error as SQLiteError where error.reason == .corrupt {
            throw SQLiteBackupError(.damaged, "\(role) \(path) is damaged: \(error.message); use another backup")
        } catch {
            throw SQLiteBackupError(.failed, "cannot read \(role) \(path): \(error)")
        }
        let found = try outcome.get()
        guard found.version <= known else {
            throw SQLiteBackupError(.newerSchema(found: found.version, known: known), """
                \(role) \(path) has schema version \(found.version), newer than this landfall knows (\(known)); \
                restore it with a landfall as new as the one that made it
                """)
        }
        return SQLiteDatabaseContents(links: found.links, clicks: found.clicks, schemaVersion: found.version, bytes: size(of: path))
    }

    /// The size of the file at `path` in bytes, 0 when it cannot be read.
    static func size(of path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// The modification time of the file at `path`, `nil` when there is none.
    static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// A name for a temporary file next to `path`, in the same folder (so a rename is atomic).
    static func temporaryName(beside path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial-\(UUID().uuidString.prefix(8))").path
    }

    /// Renames `source` to `destination`, replacing it (POSIX `rename`: atomic in one folder).
    static func move(_ source: String, to destination: String) throws(SQLiteBackupError) {
        guard rename(source, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            throw SQLiteBackupError(.failed, "cannot rename \(source) to \(destination): \(reason)")
        }
    }
}
