import Foundation
import Logging
import SQLiteKit

extension SQLiteBackup {
    /// What a restore did.
    public struct Restored: Sendable, Equatable {
        /// What the restored database holds (as the backup held it, before migrations).
        public var contents: SQLiteDatabaseContents
        /// The database file written.
        public var database: String
        /// Where the database it replaced was moved, `nil` when there was none.
        public var previous: String?
        /// The schema version after opening it (migrations ran when the backup was older).
        public var schemaVersion: Int
    }

    /// Puts the backup `file` in place as `landfall.sqlite` in `directory` (created if missing).
    ///
    /// The backup must be an SQLite database that passes `PRAGMA integrity_check` and has
    /// Landfall's schema at a version this binary knows. An existing database is refused
    /// while another process has it open (a running `landfall serve`), and when it, or its
    /// -wal file, was modified after `file` unless `replacingNewer`; otherwise it is moved
    /// aside to `landfall.sqlite.before-restore-TIMESTAMP` (its -wal file beside it, with the
    /// same name and `-wal`), never deleted. The backup is copied to a temporary name in
    /// `directory` and renamed into place, then opened as the server opens it (migrations run)
    /// to prove it works.
    ///
    /// - Throws: ``SQLiteBackupError`` saying what was refused; nothing was changed then.
    public static func restore(_ file: String, into directory: String, replacingNewer: Bool = false,
                               now: Date = Date()) async throws(SQLiteBackupError) -> Restored {
        let contents = try await SQLiteFile.inspect(file, role: "the backup")
        let location = StorageLocation.sqlite(directory: directory)
        let target = location.sqliteFile ?? directory
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw SQLiteBackupError(.failed, "cannot create the data directory \(directory): \(error.localizedDescription)")
        }
        let previous: String?
        do {
            // Keeps another landfall from opening the database while it is swapped.
            let lock = try await DirectoryLock(directory)
            previous = try await moveAside(target, newerThan: file, replacingNewer: replacingNewer, now: now)
            for suffix in ["-wal", "-shm", "-journal"] {
                try? FileManager.default.removeItem(atPath: target + suffix)
            }
            let temporary = SQLiteFile.temporaryName(beside: target)
            do {
                try FileManager.default.copyItem(atPath: file, toPath: temporary)
                try SQLiteFile.move(temporary, to: target)
            } catch {
                removeQuietly(temporary)
                let kept = previous.map { "; the previous database is at \($0)" } ?? ""
                throw SQLiteBackupError(.failed, "cannot copy \(file) to \(target): \(error)\(kept)")
            }
            _ = consume lock
        } catch let error as SQLiteBackupError {
            throw error
        } catch {
            throw SQLiteBackupError(.failed, "cannot restore into \(directory): \(error)")
        }
        let version: Int
        do {
            let quiet = Logger(label: "landfall.restore") { _ in SwiftLogNoOpLogHandler() }
            let storage = try await Storage.open(location, logger: quiet)
            await storage.close()
            version = Storage.schemaVersion
        } catch {
            let kept = previous.map { "; the previous database is at \($0)" } ?? ""
            throw SQLiteBackupError(.failed, "the restored database \(target) cannot be opened: \(error)\(kept)")
        }
        return Restored(contents: contents, database: target, previous: previous, schemaVersion: version)
    }

    /// Moves the database `target` (and its -wal file) aside, after checking that no process
    /// has it open and that it was not modified after `backup` (unless `replacingNewer`).
    ///
    /// - Returns: Where it was moved; `nil` when there is no `target`.
    private static func moveAside(_ target: String, newerThan backup: String, replacingNewer: Bool,
                                  now: Date) async throws(SQLiteBackupError) -> String? {
        guard FileManager.default.fileExists(atPath: target) else { return nil }
        if !replacingNewer, let made = SQLiteFile.modified(backup) {
            for path in [target, target + "-wal"] {
                if let changed = SQLiteFile.modified(path), changed > made {
                    throw SQLiteBackupError(.targetNewer, """
                        \(path) was modified after the backup \(backup) was made \
                        (\(timestamp(changed, separators: true)) > \(timestamp(made, separators: true))): restoring would lose those changes; \
                        pass --force to restore anyway (the current database is kept aside)
                        """)
                }
            }
        }
        if try await isInUse(target) {
            throw SQLiteBackupError(.inUse, "\(target) is in use by another process; stop landfall serve first, then restore")
        }
        var aside = "\(target).before-restore-\(timestamp(now, separators: false))"
        var attempt = 1
        while FileManager.default.fileExists(atPath: aside) {
            attempt += 1
            aside = "\(target).before-restore-\(timestamp(now, separators: false))-\(attempt)"
        }
        try SQLiteFile.move(target, to: aside)
        if FileManager.default.fileExists(atPath: target + "-wal") {
            try SQLiteFile.move(target + "-wal", to: aside + "-wal")
        }
        return aside
    }

    /// Whether another connection has the database `path` open: in WAL mode every open
    /// connection holds a shared lock, so an exclusive lock (exclusive locking mode, no busy
    /// wait) is refused with SQLITE_BUSY while a server runs, even an idle one. A file SQLite
    /// cannot read at all is not in use (restoring over a damaged database is the point).
    private static func isInUse(_ path: String) async throws(SQLiteBackupError) -> Bool {
        do {
            try await SQLiteFile.with(path, busyTimeoutMilliseconds: 0) { connection in
                let database = connection.sql()
                try await database.raw("PRAGMA locking_mode = EXCLUSIVE").run()
                try await database.raw("BEGIN EXCLUSIVE").run()
                _ = try await database.raw("SELECT COUNT(*) AS tables FROM sqlite_master").all()
                try await database.raw("ROLLBACK").run()
            }
            return false
        } catch let error as SQLiteError {
            switch error.reason {
            case .busy, .locked, .busyTimeout, .busyInRecovery, .busyInSnapshot: return true
            default: return false
            }
        } catch {
            return false
        }
    }

    /// `time` in UTC: `20261126T151500Z`, or with separators `2026-11-26 15:15:00 UTC`.
    static func timestamp(_ time: Date, separators: Bool) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = separators ? "yyyy-MM-dd HH:mm:ss 'UTC'" : "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: time)
    }
}
