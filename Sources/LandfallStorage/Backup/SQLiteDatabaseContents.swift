/// What an SQLite Landfall database holds, as a backup or a restore reports it.
public struct SQLiteDatabaseContents: Sendable, Equatable {
    /// How many links it has.
    public var links: Int
    /// How many clicks its links have counted, in all.
    public var clicks: Int
    /// Its schema version (`landfall_schema_migrations`).
    public var schemaVersion: Int
    /// The file's size in bytes.
    public var bytes: Int

    /// Creates a summary.
    public init(links: Int, clicks: Int, schemaVersion: Int, bytes: Int) {
        self.links = links
        self.clicks = clicks
        self.schemaVersion = schemaVersion
        self.bytes = bytes
    }

    /// The size in megabytes with one decimal, as `2.4 MB`.
    public var sizeText: String {
        let tenths = (bytes * 10 + 524_288) / 1_048_576
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}
