import SQLKit

/// How many rows one INSERT statement carries: with up to 19 columns, far below the bind
/// parameters either database accepts in one statement (SQLite 32,766, PostgreSQL 65,535).
let rowsPerInsert = 500

extension SQLDatabase {
    /// Inserts `rows` of `columns` into `table`, skipping those whose `key` column (a unique
    /// text column) is already taken, also by an earlier row of `rows`.
    ///
    /// - Returns: The keys of the rows inserted.
    func insertSkippingTaken(into table: String, columns: [String], key: String, rows: [[any SQLExpression]]) async throws -> Set<String> {
        var inserted = Set<String>()
        var start = rows.startIndex
        while start < rows.endIndex {
            let end = min(start + rowsPerInsert, rows.endIndex)
            let returned = try await insert(into: table).columns(columns).rows(rows[start..<end])
                .ignoringConflicts(with: key)
                .returning(key)
                .all()
            for row in returned {
                inserted.insert(try row.decode(column: key, as: String.self))
            }
            start = end
        }
        return inserted
    }
}
