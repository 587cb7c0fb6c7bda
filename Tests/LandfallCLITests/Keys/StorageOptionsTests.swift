import LandfallCLI
import LandfallStorage
import Testing

/// `--data-dir`, `--database-url`, `LANDFALL_DATABASE_URL`, `--database-connections` and
/// `LANDFALL_DATABASE_CONNECTIONS`.
@Suite struct StorageOptionsTests {
    @Test(arguments: [
        ([], [:], StorageLocation.sqlite(directory: "landfall-data")),
        (["--data-dir", "/var/lib/landfall"], [:], .sqlite(directory: "/var/lib/landfall")),
        (["--database-url", "postgres://landfall@db:5432/links"], [:], .postgres(url: "postgres://landfall@db:5432/links")),
        (["--database-url", "postgresql://db/links"], [:], .postgres(url: "postgresql://db/links")),
        (["--database-url", "POSTGRES://db/links"], [:], .postgres(url: "POSTGRES://db/links")),
        ([], ["LANDFALL_DATABASE_URL": "postgres://db/from-env"], .postgres(url: "postgres://db/from-env")),
        ([], ["LANDFALL_DATABASE_URL": ""], .sqlite(directory: "landfall-data")),
        (["--database-url", "postgres://db/flag"], ["LANDFALL_DATABASE_URL": "postgres://db/env"], .postgres(url: "postgres://db/flag")),
        (["--data-dir", "here", "--database-url", "postgres://db/flag"], [:], .postgres(url: "postgres://db/flag")),
        (["--database-url", "postgres://db/links"], [:], .postgres(url: "postgres://db/links", connections: 20)),
        (["--database-url", "postgres://db/links", "--database-connections", "5"], [:], .postgres(url: "postgres://db/links", connections: 5)),
        ([], ["LANDFALL_DATABASE_URL": "postgres://db/env", "LANDFALL_DATABASE_CONNECTIONS": "1000"], .postgres(url: "postgres://db/env", connections: 1000)),
        (["--database-url", "postgres://db/flag", "--database-connections", "3"], ["LANDFALL_DATABASE_CONNECTIONS": "9"],
         .postgres(url: "postgres://db/flag", connections: 3)),
        ([], ["LANDFALL_DATABASE_URL": "postgres://db/env", "LANDFALL_DATABASE_CONNECTIONS": ""], .postgres(url: "postgres://db/env", connections: 20)),
        // The variable may be set for every process; with SQLite it has nothing to size.
        ([], ["LANDFALL_DATABASE_CONNECTIONS": "9"], .sqlite(directory: "landfall-data")),
    ] as [([String], [String: String], StorageLocation)])
    func theLocationComesFromTheFlagThenTheEnvironmentThenTheDataDirectory(
        arguments: [String], environment: [String: String], expected: StorageLocation
    ) throws {
        let options = try StorageOptions.parse(arguments)
        #expect(try options.location(environment: environment) == expected)
    }

    @Test(arguments: [
        (["--database-url", "mysql://db/links"], "--database-url must be a postgres:// or postgresql:// URL, such as postgres://landfall@127.0.0.1:5432/landfall; 'mysql://db/links' is not"),
        (["--database-url", "db:5432"], "--database-url must be a postgres:// or postgresql:// URL"),
        (["--database-url", "postgres://"], "--database-url 'postgres://' has no host"),
        (["--data-dir", ""], "--data-dir must name a directory; it is empty"),
        (["--database-url", "postgres://db/links", "--database-connections", "0"], "--database-connections must be 1 to 1000; 0 is not"),
        (["--database-url", "postgres://db/links", "--database-connections", "1001"], "--database-connections must be 1 to 1000; 1001 is not"),
        (["--database-url", "postgres://db/links", "--database-connections", "many"], "The value 'many' is invalid for '--database-connections <count>'"),
        (["--database-connections", "5"], "--database-connections sizes the pool of connections to PostgreSQL; give --database-url"),
    ])
    func aBadFlagIsRefusedWhenParsed(arguments: [String], message: String) {
        do {
            _ = try StorageOptions.parse(arguments)
            Issue.record("\(arguments) was accepted")
        } catch {
            #expect(StorageOptions.message(for: error).hasPrefix(message), "\(StorageOptions.message(for: error))")
        }
    }

    @Test func aBadURLInTheEnvironmentIsRefused() throws {
        let options = try StorageOptions.parse([])
        #expect(throws: StorageOptionsError(description: """
            LANDFALL_DATABASE_URL must be a postgres:// or postgresql:// URL, such as \
            postgres://landfall@127.0.0.1:5432/landfall; 'sqlite:///tmp/x' is not
            """)) {
            try options.location(environment: ["LANDFALL_DATABASE_URL": "sqlite:///tmp/x"])
        }
    }

    @Test(arguments: ["0", "-3", "1001", "twenty", "20 "])
    func aBadPoolSizeInTheEnvironmentIsRefused(value: String) throws {
        let options = try StorageOptions.parse([])
        #expect(throws: StorageOptionsError(description: "LANDFALL_DATABASE_CONNECTIONS must be a whole number from 1 to 1000; '\(value)' is not")) {
            try options.location(environment: ["LANDFALL_DATABASE_URL": "postgres://db/links", "LANDFALL_DATABASE_CONNECTIONS": value])
        }
    }

    @Test(arguments: [
        ("postgres://landfall:hunter2@db:5432/links", "postgres://landfall:***@db:5432/links"),
        ("postgres://landfall@db/links", "postgres://landfall@db/links"),
        ("postgres://db/links", "postgres://db/links"),
        ("mysql://u:p@ss word@db/x", "mysql://u:***@db/x"),
        // Not a URL Foundation reads (a port that is not a number): everything before the host is hidden.
        ("postgres://u:secret@db:port/x", "postgres://***@db:port/x"),
    ])
    func passwordsAreRedacted(url: String, shown: String) {
        #expect(StorageOptions.redacted(url) == shown)
    }
}
