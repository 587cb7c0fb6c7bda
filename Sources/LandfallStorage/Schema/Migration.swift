/// One step of the database schema: the statements that take a database from `version - 1`
/// to `version`, written out for each dialect.
///
/// Statements are plain SQL, not builders, so that a migration that has shipped never changes
/// when a library's SQL generation does. Migrations are only ever appended: a database records
/// the versions it has, and ``Storage/open(_:logger:)`` runs the ones it lacks, in order, in one
/// transaction.
struct Migration: Sendable {
    /// The schema version this migration produces: 1, 2, 3, … without gaps.
    var version: Int
    /// What it does, recorded with the version.
    var name: String
    /// The statements for SQLite.
    var sqlite: [String]
    /// The statements for PostgreSQL.
    var postgres: [String]

    /// The statements for `kind`.
    func statements(for kind: BackendKind) -> [String] {
        switch kind {
        case .sqlite: sqlite
        case .postgres: postgres
        }
    }
}
