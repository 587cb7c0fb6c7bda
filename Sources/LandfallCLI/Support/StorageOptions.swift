import ArgumentParser
import Foundation
import LandfallStorage

/// The options that say where Landfall keeps its links, clicks and API keys, shared by every
/// command that opens the storage (`landfall serve`, `landfall keys ...`):
///
/// - `--data-dir DIR`: the directory of the SQLite database (`landfall-data` by default), used
///   when no PostgreSQL URL is given;
/// - `--database-url URL`: a PostgreSQL database (`postgres://` or `postgresql://`), also read
///   from the environment variable `LANDFALL_DATABASE_URL` when the flag is absent. It wins
///   over `--data-dir`;
/// - `--database-connections N`: the most connections this process keeps open to PostgreSQL
///   (20 by default), also read from `LANDFALL_DATABASE_CONNECTIONS`; refused with SQLite;
/// - `--force`: make a new database in an SQLite file that is empty (0 bytes), which is
///   otherwise refused (a failed copy, a truncated restore or a full disk leaves one; opening
///   it as a new database would hide the links). Every command that opens the database has
///   it, so that the refusal's advice works wherever it is printed.
///
/// ```swift
/// struct SomeCommand: AsyncParsableCommand {
///     @OptionGroup var storage: StorageOptions
///     func run() async throws {
///         let storage = try await Storage.open(self.storage.location, logger: logger)
///     }
/// }
/// ```
public struct StorageOptions: ParsableArguments, Sendable {
    /// The environment variable read when `--database-url` is absent.
    public static let databaseURLVariable = "LANDFALL_DATABASE_URL"
    /// The environment variable read when `--database-connections` is absent.
    public static let databaseConnectionsVariable = "LANDFALL_DATABASE_CONNECTIONS"
    /// The default of `--data-dir`.
    public static let defaultDataDirectory = "landfall-data"

    /// The directory of the SQLite database.
    @Option(name: .customLong("data-dir"),
            help: ArgumentHelp("Where the SQLite database is kept (created if missing); ignored with --database-url.",
                               valueName: "directory"))
    public var dataDirectory = StorageOptions.defaultDataDirectory

    /// The PostgreSQL URL given on the command line, if any.
    @Option(name: .customLong("database-url"),
            help: ArgumentHelp("A PostgreSQL database to use instead of SQLite (postgres://user:password@host:port/database); default: $\(databaseURLVariable).",
                               valueName: "url"))
    public var databaseURL: String?

    /// The PostgreSQL pool size given on the command line, if any.
    @Option(name: .customLong("database-connections"),
            help: ArgumentHelp("""
                The most connections this process keeps open to PostgreSQL (\(StorageLocation.postgresConnectionsRange.lowerBound)-\(StorageLocation.postgresConnectionsRange.upperBound); \
                default: $\(databaseConnectionsVariable), else \(StorageLocation.defaultPostgresConnections)). With several instances, keep their sum \
                (plus one each, for the change listener) under the server's max_connections.
                """, valueName: "count"))
    public var databaseConnections: Int?

    /// Whether an empty (0-byte) SQLite database file is made a new database instead of refused.
    @Flag(name: .customLong("force"),
          help: "Create a new database in an empty (0-byte) landfall.sqlite, which is refused otherwise: such a file is usually a failed copy or restore, or a full disk.")
    public var force = false

    /// Creates the options with their defaults.
    public init() {}

    /// Refuses a PostgreSQL URL (from the flag, or else from the process's environment) that is
    /// not a `postgres://` or `postgresql://` URL with a host, and a pool size out of range or
    /// given for SQLite.
    public func validate() throws {
        do {
            _ = try location(environment: ProcessInfo.processInfo.environment)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Where the storage is, reading `LANDFALL_DATABASE_URL` from the process's environment when
    /// `--database-url` is absent. ArgumentParser calls ``validate()`` first, which refuses a bad
    /// URL; one that gets here anyway is handed on as it is, and opening it fails.
    public var location: StorageLocation {
        let environment = ProcessInfo.processInfo.environment
        return (try? location(environment: environment)) ?? uncheckedLocation(environment: environment)
    }

    /// Where the storage is: the PostgreSQL database of `--database-url`, else of
    /// `LANDFALL_DATABASE_URL` in `environment` (an empty value counts as absent), else the
    /// SQLite database in `--data-dir`.
    ///
    /// - Throws: ``StorageOptionsError`` when the URL is not a `postgres://` or
    ///   `postgresql://` URL with a host, the data directory is empty, or the pool size (from
    ///   `--database-connections` or `LANDFALL_DATABASE_CONNECTIONS`) is not a whole number in
    ///   range, or `--database-connections` is given without PostgreSQL.
    public func location(environment: [String: String]) throws(StorageOptionsError) -> StorageLocation {
        let connections = try connections(environment: environment)
        let location = uncheckedLocation(environment: environment, connections: connections)
        switch location {
        case .postgres(let url, _):
            try Self.check(url, source: databaseURL == nil ? Self.databaseURLVariable : "--database-url")
        case .sqlite(let directory):
            guard !directory.isEmpty else {
                throw StorageOptionsError(description: "--data-dir must name a directory; it is empty")
            }
            if databaseConnections != nil {
                throw StorageOptionsError(description: """
                    --database-connections sizes the pool of connections to PostgreSQL; give --database-url \
                    (or \(Self.databaseURLVariable)) too, or leave it out with SQLite
                    """)
            }
        }
        return location
    }

    /// The pool size of `--database-connections`, else of `LANDFALL_DATABASE_CONNECTIONS` (an
    /// empty value counts as absent), else the default.
    private func connections(environment: [String: String]) throws(StorageOptionsError) -> Int {
        let range = StorageLocation.postgresConnectionsRange
        if let databaseConnections {
            guard range.contains(databaseConnections) else {
                throw StorageOptionsError(description: "--database-connections must be \(range.lowerBound) to \(range.upperBound); \(databaseConnections) is not")
            }
            return databaseConnections
        }
        guard let text = environment[Self.databaseConnectionsVariable], !text.isEmpty else {
            return StorageLocation.defaultPostgresConnections
        }
        guard let value = Int(text), range.contains(value) else {
            throw StorageOptionsError(description: "\(Self.databaseConnectionsVariable) must be a whole number from \(range.lowerBound) to \(range.upperBound); '\(text)' is not")
        }
        return value
    }

    private func uncheckedLocation(environment: [String: String]) -> StorageLocation {
        let connections = (try? connections(environment: environment)) ?? StorageLocation.defaultPostgresConnections
        return uncheckedLocation(environment: environment, connections: connections)
    }

    private func uncheckedLocation(environment: [String: String], connections: Int) -> StorageLocation {
        if let url = databaseURL { return .postgres(url: url, connections: connections) }
        if let url = environment[Self.databaseURLVariable], !url.isEmpty { return .postgres(url: url, connections: connections) }
        return .sqlite(directory: dataDirectory)
    }

    /// Checks that `url` is a PostgreSQL URL with a host; `source` names where it came from.
    static func check(_ url: String, source: String) throws(StorageOptionsError) {
        let shown = redacted(url)
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              scheme == "postgres" || scheme == "postgresql" else {
            throw StorageOptionsError(description: """
                \(source) must be a postgres:// or postgresql:// URL, such as \
                postgres://landfall@127.0.0.1:5432/landfall; '\(shown)' is not
                """)
        }
        guard let host = components.host, !host.isEmpty else {
            throw StorageOptionsError(description: "\(source) '\(shown)' has no host; write postgres://user@host:port/database")
        }
    }

    /// `url` with its password, if any, replaced by `***`, so that error messages and logs do
    /// not carry it.
    public static func redacted(_ url: String) -> String {
        if var components = URLComponents(string: url) {
            guard components.password != nil else { return url }
            components.password = "***"
            return components.string ?? url
        }
        // Not parsable: hide everything between "://" and the last "@", where a password would be.
        guard let schemeEnd = url.range(of: "://"), let at = url.range(of: "@", options: .backwards),
              schemeEnd.upperBound <= at.lowerBound else { return url }
        return url[..<schemeEnd.upperBound] + "***" + url[at.lowerBound...]
    }
}

/// Why ``StorageOptions`` cannot name a storage location: a message naming the option or
/// environment variable at fault and what to write instead.
public struct StorageOptionsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The message.
    public var description: String

    /// Creates an error.
    public init(description: String) {
        self.description = description
    }
}
