import Foundation
import Logging
import NIOConcurrencyHelpers
import SQLKit
import SQLiteKit

/// The server's database: SQLite in the data directory (`landfall.sqlite`), opened at start
/// and closed at shutdown. `/ready` pings it; the association files and pages never wait on it.
final class Database: Sendable {
    /// The database file.
    let path: String
    private let connection: NIOLockedValueBox<SQLiteConnection?>

    private init(path: String, connection: SQLiteConnection) {
        self.path = path
        self.connection = NIOLockedValueBox(connection)
    }

    /// Opens (creating if needed) `landfall.sqlite` in `directory`.
    ///
    /// - Throws: ``DatabaseError`` saying what could not be created or opened.
    static func open(in directory: String, logger: Logger) async throws(DatabaseError) -> Database {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw DatabaseError("cannot create the data directory \(directory): \(error.localizedDescription)")
        }
        let path = URL(fileURLWithPath: directory).appendingPathComponent("landfall.sqlite").path
        do {
            let connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
            try await connection.sql().raw("PRAGMA journal_mode=WAL").run()
            try await connection.sql().raw("SELECT 1").run()
            return Database(path: path, connection: connection)
        } catch {
            throw DatabaseError("cannot open the database \(path): \(error)")
        }
    }

    /// Whether the database answers a query.
    func ping() async -> Bool {
        guard let connection = connection.withLockedValue({ $0 }) else { return false }
        do {
            try await connection.sql().raw("SELECT 1").run()
            return true
        } catch {
            return false
        }
    }

    /// Closes the connection; later pings fail.
    func close() async {
        guard let connection = connection.withLockedValue({ value -> SQLiteConnection? in
            defer { value = nil }
            return value
        }) else { return }
        // The future's form, which a cancelled task still waits for: the service group cancels
        // this service when another fails (a port in use), and the handle must not leak.
        try? await connection.close().get()
    }
}

/// The database could not be opened.
public struct DatabaseError: Error, Sendable, CustomStringConvertible {
    /// What failed.
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
