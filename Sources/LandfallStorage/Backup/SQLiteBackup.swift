import Foundation
import SQLiteKit

/// Backs up and restores the SQLite database of a data directory (`landfall backup`,
/// `landfall restore`).
///
/// ```swift
/// let copied = try await SQLiteBackup.backUp(directory: "landfall-data", to: "landfall-2026-11-26.sqlite")
/// let restored = try await SQLiteBackup.restore("landfall-2026-11-26.sqlite", into: "landfall-data")
/// ```
public enum SQLiteBackup {
    /// Copies `landfall.sqlite` in `directory` to `file` while a server may be using it: SQLite's
    /// `VACUUM INTO` on a connection of its own writes a consistent snapshot (every transaction
    /// committed before it started, none after) to a temporary name in `file`'s folder, which
    /// is checked (`PRAGMA integrity_check`, Landfall's schema) and then renamed to `file`. A
    /// failure leaves nothing behind.
    ///
    /// - Parameters:
    ///   - directory: The data directory whose `landfall.sqlite` is copied.
    ///   - file: Where the copy is written.
    ///   - replacing: Whether an existing `file` is replaced; otherwise it is refused.
    /// - Returns: What the copy holds.
    /// - Throws: ``SQLiteBackupError``: `.missing` (no database, or no folder for `file`),
    ///   `.exists`, or what checking the copy found.
    public static func backUp(directory: String, to file: String, replacing: Bool = false) async throws(SQLiteBackupError) -> SQLiteDatabaseContents {
        guard let database = StorageLocation.sqlite(directory: directory).sqliteFile,
              FileManager.default.fileExists(atPath: database), SQLiteFile.size(of: database) > 0 else {
            let path = StorageLocation.sqlite(directory: directory).sqliteFile ?? directory
            throw SQLiteBackupError(.missing, "there is no database at \(path); is --data-dir right?")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) {
            guard !isDirectory.boolValue else {
                throw SQLiteBackupError(.exists, "\(file) is a folder; name the backup file to write, such as \(file)/landfall.sqlite")
            }
            guard replacing else {
                throw SQLiteBackupError(.exists, "\(file) exists; name another file, or pass --force to replace it")
            }
        }
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SQLiteBackupError(.missing, "the folder \(folder) for \(file) does not exist; create it first")
        }
        let temporary = SQLiteFile.temporaryName(beside: file)
        do {
            try await SQLiteFile.with(database, busyTimeoutMilliseconds: SQLiteBackend.busyTimeoutMilliseconds) { connection in
                try await connection.sql().raw("VACUUM INTO \(bind: temporary)").run()
            }
        } catch {
            removeQuietly(temporary)
            throw SQLiteBackupError(.failed, "cannot copy \(database) to \(file): \(error)")
        }
        do {
            let contents = try await SQLiteFile.inspect(temporary, role: "the copy")
            try SQLiteFile.move(temporary, to: file)
            return contents
        } catch {
            removeQuietly(temporary)
            throw error
        }
    }

    /// Removes `path` and the -wal and -shm files SQLite may have left beside it, if any.
    static func removeQuietly(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }
}
