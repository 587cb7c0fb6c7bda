/// Where Landfall keeps its links, clicks and API keys.
///
/// ```swift
/// let embedded = StorageLocation.sqlite(directory: "landfall-data")
/// let shared = try StorageLocation(databaseURL: "postgres://landfall@127.0.0.1:5432/landfall")
/// ```
public enum StorageLocation: Sendable, Hashable {
    /// An SQLite file, `landfall.sqlite`, in `directory` (created if missing): one instance.
    case sqlite(directory: String)
    /// A PostgreSQL database, given as a `postgres://user:password@host:port/database` URL:
    /// several instances share it. `connections` is the most this process keeps open to it in
    /// its pool (one more listens for other instances' changes): with several instances, keep
    /// their sum under the server's `max_connections`.
    case postgres(url: String, connections: Int = StorageLocation.defaultPostgresConnections)

    /// How many pooled connections a PostgreSQL storage keeps at most unless told otherwise.
    public static let defaultPostgresConnections = 20
    /// The pool sizes a PostgreSQL storage accepts.
    public static let postgresConnectionsRange = 1...1000
}
