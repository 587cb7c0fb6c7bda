import PostgresNIO
import SQLiteNIO

extension StorageError {
    /// A uniqueness constraint that a write violated.
    enum Violation: Equatable {
        /// `links (host, slug)`.
        case hostAndSlug
        /// A primary key.
        case primaryKey
        /// A foreign key: the row a reference names is gone.
        case foreignKey
    }

    /// Which constraint `error` reports as violated, if it is a constraint violation at all.
    static func violation(in error: any Error) -> Violation? {
        if let error = error as? PSQLError, let state = error.serverInfo?[.sqlState] {
            switch state {
            case "23505":
                return error.serverInfo?[.constraintName] == "links_host_slug" ? .hostAndSlug : .primaryKey
            case "23503":
                return .foreignKey
            default:
                return nil
            }
        }
        if let error = error as? SQLiteError {
            switch error.reason {
            case .constraintUniqueFailed, .constraintPrimaryKeyFailed:
                return error.message.contains("links.host, links.slug") ? .hostAndSlug : .primaryKey
            case .constraintForeignKeyFailed:
                return .foreignKey
            default:
                return nil
            }
        }
        return nil
    }

    /// Whether `error` is PostgreSQL ending a transaction so that another can go on (a
    /// deadlock, or a serialization failure): the transaction may be run again as it was.
    static func isConflict(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError, let state = error.serverInfo?[.sqlState] else { return false }
        return state == "40P01" || state == "40001"
    }

    /// What the driver says about `error`, with the server's message and SQLSTATE for
    /// PostgreSQL (whose errors describe themselves only vaguely).
    static func driverMessage(_ error: any Error) -> String {
        if let error = error as? StorageError { return error.description }
        if let error = error as? SQLiteError { return error.message }
        return PostgresBackend.describe(error)
    }

    /// `error` as a ``StorageError``: itself when it is one, `.unreachable` when the
    /// connection failed, `.query` otherwise.
    static func wrapping(_ error: any Error, while action: String) -> StorageError {
        if let error = error as? StorageError { return error }
        if let error = error as? PSQLError {
            switch error.code {
            case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed,
                 .sslUnsupported, .failedToAddSSLHandler:
                return StorageError(
                    .unreachable, "the database could not be reached while \(action): \(driverMessage(error)); check that PostgreSQL runs",
                    underlying: error
                )
            default:
                break
            }
        }
        if String(describing: type(of: error)) == "ConnectionPoolError" {
            // PostgresNIO's pool (its module is not public): it gave up creating connections.
            return StorageError(
                .unreachable, "the database could not be reached while \(action): \(error); check that PostgreSQL runs",
                underlying: error
            )
        }
        if let error = error as? SQLiteError, [.busy, .busyTimeout, .locked].contains(error.reason) {
            return StorageError(
                .unreachable, "the SQLite database stayed locked by another process while \(action): \(error.message); try again",
                underlying: error
            )
        }
        return StorageError(.query, "the database failed while \(action): \(driverMessage(error))", underlying: error)
    }
}
