import Foundation
import LandfallLinks

/// Why a storage call failed, with a message a person can act on.
///
/// Switch over ``code`` to decide what to do; show ``description`` to people:
///
/// ```swift
/// do {
///     try await storage.insert([link])
/// } catch {
///     if case .slugTaken(let host, let slug) = error.code {
///         print("pick another slug than \(slug) on \(host)")
///     } else {
///         print(error) // the database is unreachable, closed, ...
///     }
/// }
/// ```
public struct StorageError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Code: Sendable, Hashable {
        /// A link with this slug already exists on this host.
        case slugTaken(host: String, slug: String)
        /// A link with this identifier already exists.
        case idTaken(LinkID)
        /// An invitation with this code already exists, or the code repeats among those
        /// inserted together. Codes are random: make another and insert again.
        case inviteCodeTaken(InviteCode)
        /// A pending claim with this token already exists, or the token repeats among those
        /// inserted together. Tokens are random: make another and insert again.
        case claimTokenTaken(ClaimToken)
        /// A dashboard user with this email already exists.
        case emailTaken(String)
        /// The change would leave no enabled dashboard admin: the named one is the last.
        case lastAdministrator(String)
        /// The database has a schema newer than this binary knows: it was left untouched.
        case newerSchema(found: Int, known: Int)
        /// The location cannot be used: a malformed PostgreSQL URL, or a directory that cannot be created.
        case invalidLocation
        /// The database cannot be reached or opened (PostgreSQL down, authentication refused,
        /// the SQLite file unreadable).
        case unreachable
        /// The database is known to be down (a failure said so, and no check since found it
        /// answering): the call failed at once instead of waiting for it. It is checked again
        /// every second; `/ready` says when it answers.
        case unavailable
        /// The SQLite database file at `path` is empty (0 bytes): a failed copy, a truncated
        /// restore or a full disk. It was left untouched; opening it with
        /// `forceNewDatabaseInEmptyFile` makes a new database in it.
        case emptyDatabaseFile(path: String)
        /// The storage was closed with ``Storage/close()``.
        case closed
        /// A stored row cannot be read: `column` of a row in `table` holds something this
        /// binary cannot use, such as a NULL, an unknown platform or a malformed id.
        case corruptRow(table: String, column: String, detail: String)
        /// A migration failed; the database was rolled back to the version it had.
        case migration(version: Int)
        /// Any other failure of a statement.
        case query
    }

    /// What kind of failure this is.
    public var code: Code
    /// What went wrong and what to do about it.
    public var message: String
    /// The error of the driver underneath, when there is one.
    public var underlying: (any Error & Sendable)?

    /// Creates an error.
    public init(_ code: Code, _ message: String, underlying: (any Error & Sendable)? = nil) {
        self.code = code
        self.message = message
        self.underlying = underlying
    }

    /// The message, followed by the driver's error when there is one.
    public var description: String {
        guard let underlying else { return message }
        return "\(message) (\(String(describing: underlying)))"
    }
}

extension StorageError {
    /// `slug` is taken on `host`.
    static func slugTaken(host: String, slug: String) -> StorageError {
        StorageError(.slugTaken(host: host, slug: slug), "the slug '\(slug)' is already taken on \(host): choose another slug")
    }

    /// `code` is already stored.
    static func inviteCodeTaken(_ code: InviteCode) -> StorageError {
        StorageError(.inviteCodeTaken(code), "an invitation with the code \(code) already exists: generate another code")
    }

    /// `token` is already stored.
    static func claimTokenTaken(_ token: ClaimToken) -> StorageError {
        StorageError(.claimTokenTaken(token), "a pending claim with the token \(token) already exists: generate another token")
    }

    /// A dashboard user with `email` already exists.
    static func emailTaken(_ email: String) -> StorageError {
        StorageError(.emailTaken(email), "a dashboard user with the email \(email) already exists")
    }

    /// `email` is the last enabled dashboard admin.
    static func lastAdministrator(_ email: String) -> StorageError {
        StorageError(.lastAdministrator(email), """
            \(email) is the last enabled admin of the dashboard: make another user admin first, or nobody could manage it
            """)
    }

    /// The SQLite file at `path` is empty.
    static func emptyDatabaseFile(path: String) -> StorageError {
        StorageError(.emptyDatabaseFile(path: path), """
            the SQLite database \(path) is empty (0 bytes): a failed copy, a truncated restore or a full disk \
            leaves such a file, and opening it would start a new, empty database in place of your links. \
            Restore the file from a backup, or remove it to start afresh, or run again with --force to \
            create a new database in it
            """)
    }

    /// The database is down since `since`, for `reason`.
    static func unavailable(since: Date, reason: String) -> StorageError {
        StorageError(.unavailable, """
            the database is down since \(since.formatted(.iso8601)) (\(reason)); calls fail at once until a check, \
            made every second, finds it answering again
            """)
    }

    /// The storage was closed.
    static var closed: StorageError {
        StorageError(.closed, "the storage is closed: open it again with Storage.open")
    }

    /// A row holds something that cannot be read.
    static func corruptRow(table: String, column: String, key: String?, detail: String) -> StorageError {
        let row = key.map { "the row \($0) of \(table)" } ?? "a row of \(table)"
        return StorageError(
            .corruptRow(table: table, column: column, detail: detail),
            "\(row) cannot be read: \(column) \(detail); fix or delete the row (it was probably written by another version of landfall)"
        )
    }
}
