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
    /// several instances share it.
    case postgres(url: String)
}
