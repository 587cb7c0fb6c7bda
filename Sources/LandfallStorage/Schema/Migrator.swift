import Foundation
import Logging
import SQLKit

/// Brings a database to the newest schema this binary knows, or refuses it.
///
/// The versions a database has are rows of `landfall_schema_migrations`. All pending
/// migrations run in one transaction: a failure leaves the database at the version it had.
/// A database with a version this binary does not know is left untouched.
enum Migrator {
    /// The table recording applied migrations.
    static let table = "landfall_schema_migrations"
    /// The PostgreSQL advisory lock that keeps two instances starting at once from migrating
    /// the same database together ("landfall" on a phone keypad).
    static let advisoryLock = 526_332_553

    /// Runs the migrations in `migrations` that the database lacks.
    ///
    /// - Returns: The schema version before and after.
    /// - Throws: ``StorageError`` `.newerSchema` when the database is newer than `migrations`,
    ///   `.migration` when a statement fails.
    @discardableResult
    static func migrate(
        _ backend: any StorageBackend, migrations: [Migration], now: Date, logger: Logger
    ) async throws -> (from: Int, to: Int) {
        let known = migrations.last?.version ?? 0
        return try await backend.transaction { database in
            if backend.kind == .postgres {
                try await database.raw("SELECT pg_advisory_xact_lock(\(unsafeRaw: String(advisoryLock)))").run()
            }
            try await database.raw(
                "CREATE TABLE IF NOT EXISTS \(ident: table) (version INTEGER NOT NULL PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)"
            ).run()
            let found = try await currentVersion(database)
            guard found <= known else {
                throw StorageError(
                    .newerSchema(found: found, known: known),
                    "the database has schema version \(found), newer than this landfall knows (\(known)); it was left untouched: run a landfall as new as the one that last used it"
                )
            }
            for migration in migrations where migration.version > found {
                logger.info("migrating the database", metadata: ["version": "\(migration.version)", "name": "\(migration.name)"])
                do {
                    for statement in migration.statements(for: backend.kind) {
                        try await database.raw(SQLQueryString(statement)).run()
                    }
                    try await database.insert(into: table)
                        .columns("version", "name", "applied_at")
                        .values(SQLBind(migration.version), SQLBind(migration.name), SQLBind(Milliseconds.from(now)))
                        .run()
                } catch {
                    throw StorageError(
                        .migration(version: migration.version),
                        "migrating the database to schema version \(migration.version) (\(migration.name)) failed: \(StorageError.driverMessage(error)); it was left at version \(found)",
                        underlying: error
                    )
                }
            }
            return (found, max(found, known))
        }
    }

    /// The newest version recorded in `database`, 0 for none.
    static func currentVersion(_ database: any SQLDatabase) async throws -> Int {
        let row = try await database.select().column(SQLFunction("MAX", args: SQLIdentifier("version")), as: "version").from(table).first()
        return try row?.decode(column: "version", as: Int?.self) ?? 0
    }
}
