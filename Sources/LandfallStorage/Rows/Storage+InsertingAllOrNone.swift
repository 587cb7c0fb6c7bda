import SQLKit

extension Storage {
    /// Stores rows keyed by unique random values (invitation codes, claim tokens), all or
    /// none, in one transaction.
    ///
    /// - Parameters:
    ///   - keys: each row's value of the `key` column, in the order of `rows`.
    ///   - taken: the error for the row at an index whose key repeats an earlier row's or is
    ///     already stored; the first such row (in order) is named, and nothing is stored.
    func insertAllOrNone(
        _ action: String, into table: String, columns: [String], key: String, keys: [String],
        rows: [[any SQLExpression]],
        taken: @escaping @Sendable (Int) -> StorageError
    ) async throws(StorageError) {
        guard !keys.isEmpty else { return }
        var seen = Set<String>()
        if let repeated = keys.firstIndex(where: { !seen.insert($0).inserted }) {
            throw taken(repeated)
        }
        try await writing(action) { database, _ in
            let inserted = try await database.insertSkippingTaken(into: table, columns: columns, key: key, rows: rows)
            if let first = keys.firstIndex(where: { !inserted.contains($0) }) {
                throw taken(first)
            }
        }
    }
}
