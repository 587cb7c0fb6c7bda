#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SQLiteKit

/// Which file a path names: its device and inode. The SQLite file's identity when it was
/// opened, compared with the path's now, tells a file deleted or replaced under the server
/// (its connections keep reading the old one, which no other process sees).
struct SQLiteFileIdentity: Sendable, Hashable {
    let device: UInt64
    let inode: UInt64

    /// The identity of the file at `path`, or `nil` when there is none.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}

/// The check of an SQLite database a probe makes (``Storage/readiness()``).
///
/// It costs one `stat`, a `pread` of the file's first 16 bytes and one connection of its own, opened and closed each time (a few
/// hundred microseconds, at most once a second): the storage's own connections keep pages in
/// their caches, so a file damaged by another process would go unnoticed through them until
/// a statement needed the damaged page. Through a new connection the file's header and schema
/// are read from disk. `PRAGMA quick_check` is not run: it reads every page of the database
/// (seconds for a million links, and the whole file through the page cache each time); damage
/// beyond the schema shows when a statement reads it, and that failure marks the database down.
enum SQLiteProbe {
    /// How long the probe's connection waits for another process's write lock.
    static let busyTimeoutMilliseconds = 800

    /// Checks that `path` is still the file opened (`opened`), that its header and schema can
    /// be read (``SQLiteBackend/headerFile``: its first bytes as they are on disk now).
    ///
    /// - Throws: `.unreachable` for a file deleted or replaced; SQLite's error otherwise
    ///   (`SQLITE_NOTADB`, `SQLITE_CORRUPT`, `SQLITE_BUSY`, ...).
    static func check(path: String, opened: SQLiteFileIdentity, header: () -> Data?) async throws {
        guard let now = SQLiteFileIdentity(path: path) else {
            throw StorageError(.unreachable, """
                the database file \(path) is gone (deleted or moved while landfall had it open): put it back or restore a backup \
                (landfall restore), then restart landfall
                """)
        }
        guard now == opened else {
            throw StorageError(.unreachable, """
                the database file \(path) was replaced while landfall had the old one open: restart landfall to use the new file
                """)
        }
        // In WAL mode a new connection reads page 1 from the WAL when it is there: the header
        // is read from the file itself too, through the descriptor the backend keeps open (a
        // descriptor opened and closed here would release SQLite's locks on the file).
        guard header() == Data("SQLite format 3\0".utf8) else {
            throw StorageError(.unreachable, """
                the database file \(path) is damaged: it does not begin with SQLite's header (file is not a database); \
                restore a backup (landfall restore), then restart landfall
                """)
        }
        // mode=rw: a file deleted since the look above is not created anew. No write lock is
        // taken: the server's own flush may hold it for seconds under load, and a write lock
        // held by another process (`landfall links import`) stops writes for a while, not
        // reads; a lock that stops reads too (another process's exclusive locking mode) fails
        // this read after the busy timeout.
        try await SQLiteFile.with(uri(path), busyTimeoutMilliseconds: busyTimeoutMilliseconds) { connection in
            try await connection.sql().raw("SELECT count(*) AS tables FROM sqlite_master").run()
        }
    }

    /// `path` as an SQLite URI that opens an existing file only.
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path) + "?mode=rw"
    }
}
