/// Why a backup or a restore of an SQLite database was refused or failed, with a message
/// that says what to do. Nothing was changed when it is thrown: a half-written copy is removed.
public struct SQLiteBackupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of refusal this is.
    public enum Reason: Sendable, Hashable {
        /// The database to back up, or the backup to restore, does not exist.
        case missing
        /// The file to write exists and replacing it was not asked for.
        case exists
        /// The file is not an SQLite database.
        case notSQLite
        /// `PRAGMA integrity_check` found damage.
        case damaged
        /// The file is an SQLite database but not Landfall's.
        case notLandfall
        /// The backup's schema is newer than this binary knows.
        case newerSchema(found: Int, known: Int)
        /// Another process (a running `landfall serve`) has the target database open.
        case inUse
        /// The target database changed after the backup was made and replacing it was not asked for.
        case targetNewer
        /// Reading or writing a file failed.
        case failed
    }

    /// What kind of refusal this is.
    public var reason: Reason
    /// What went wrong and what to do.
    public var message: String

    /// Creates an error.
    public init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    public var description: String { message }
}
