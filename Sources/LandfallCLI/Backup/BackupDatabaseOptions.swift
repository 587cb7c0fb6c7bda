import ArgumentParser
import LandfallStorage

/// The options `landfall backup` and `landfall restore` share: the SQLite data directory, and
/// `--database-url` only to refuse it with the PostgreSQL recipe (`pg_dump`, `pg_restore`).
struct BackupDatabaseOptions: ParsableArguments, Sendable {
    /// The PostgreSQL way, printed when a PostgreSQL database is named.
    static let postgresRecipe = """
        back up PostgreSQL with its own tools:
          pg_dump --format=custom --file landfall.dump "$LANDFALL_DATABASE_URL"
        and restore (with landfall serve stopped):
          pg_restore --clean --if-exists --dbname "$LANDFALL_DATABASE_URL" landfall.dump
        """

    @Option(name: .customLong("data-dir"),
            help: ArgumentHelp("The directory of the SQLite database landfall.sqlite.", valueName: "directory"))
    var dataDirectory = StorageOptions.defaultDataDirectory

    @Option(name: .customLong("database-url"),
            help: ArgumentHelp("Refused: a PostgreSQL database is backed up with pg_dump (the recipe is printed); default: $\(StorageOptions.databaseURLVariable).",
                               valueName: "url"))
    var databaseURL: String?

    /// The data directory; `nil` after reporting into `output` that the database is
    /// PostgreSQL (from `--database-url` or `LANDFALL_DATABASE_URL` in `context`) or that the
    /// directory is empty.
    func sqliteDirectory(in context: CommandContext, doing action: String, into output: inout CommandOutput) -> String? {
        let url = databaseURL ?? context.environment[StorageOptions.databaseURLVariable].flatMap { $0.isEmpty ? nil : $0 }
        if let url {
            let source = databaseURL == nil ? StorageOptions.databaseURLVariable : "--database-url"
            output.fail("""
                landfall \(action) works on the SQLite database of --data-dir; \(source) names PostgreSQL \
                (\(StorageOptions.redacted(url))): \(Self.postgresRecipe)
                """, status: .usageOrInputError)
            return nil
        }
        guard !dataDirectory.isEmpty else {
            output.fail("--data-dir must name a directory; it is empty", status: .usageOrInputError)
            return nil
        }
        return dataDirectory
    }
}
