import SQLKit

/// The database under a ``Storage``, as SQLKit statements see it: SQLite or PostgreSQL.
///
/// Each backend hands out an `SQLDatabase` for reading, and one inside a transaction for
/// writing; everything else (queries, migrations, notifications) is written once against SQLKit.
protocol StorageBackend: Sendable {
    /// Which database this is.
    var kind: BackendKind { get }

    /// Runs `body` with a database handle outside any transaction.
    func read<Result: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> Result) async throws -> Result

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    func transaction<Result: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> Result) async throws -> Result

    /// Closes the connections; calls after it fail.
    func close() async
}

extension StorageBackend {
    /// Runs `body` on `database` between `begin` (`BEGIN`, or SQLite's `BEGIN IMMEDIATE`) and
    /// `COMMIT`, rolling back when `body` or the commit throws: the frame both backends'
    /// ``transaction(_:)`` put around their own connection.
    func committing<Result: Sendable>(_ database: any SQLDatabase, begin: SQLQueryString,
                                      _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result) async throws -> Result {
        try await database.raw(begin).run()
        let result: Result
        do {
            result = try await body(database)
        } catch {
            try? await database.raw("ROLLBACK").run()
            throw error
        }
        do {
            try await database.raw("COMMIT").run()
        } catch {
            try? await database.raw("ROLLBACK").run()
            throw error
        }
        return result
    }
}

/// The two databases Landfall stores in.
enum BackendKind: String, Sendable, Hashable {
    /// SQLite: one file, one process writing at a time.
    case sqlite
    /// PostgreSQL: shared by several instances.
    case postgres
}
