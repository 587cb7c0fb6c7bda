import VaporCSQLite

/// The current row of a prepared SQLite statement, its columns read by index (found by name in
/// `indexes`) with the checks ``RowReader`` makes on an SQLKit row.
struct SQLiteStatementColumns: ColumnReading {
    /// The statement, stepped to a row.
    let statement: OpaquePointer
    /// Each selected column's index.
    let indexes: [String: Int32]
    /// The table, for messages.
    let table: String
    var key: String?

    init(statement: OpaquePointer, indexes: [String: Int32], table: String) {
        self.statement = statement
        self.indexes = indexes
        self.table = table
    }

    func optionalString(_ column: String) throws(StorageError) -> String? {
        let index = try self.index(column)
        switch sqlite_nio_sqlite3_column_type(statement, index) {
        case SQLITE_NULL: return nil
        case SQLITE_TEXT: return text(at: index)
        default: throw corrupt(column, "holds \(found(at: index)), which is not text")
        }
    }

    func optionalInt(_ column: String) throws(StorageError) -> Int? {
        let index = try self.index(column)
        switch sqlite_nio_sqlite3_column_type(statement, index) {
        case SQLITE_NULL: return nil
        case SQLITE_INTEGER: return Int(sqlite_nio_sqlite3_column_int64(statement, index))
        default: throw corrupt(column, "holds \(found(at: index)), which is not a whole number")
        }
    }

    func bool(_ column: String) throws(StorageError) -> Bool {
        let index = try self.index(column)
        switch sqlite_nio_sqlite3_column_type(statement, index) {
        case SQLITE_NULL: throw corrupt(column, "is NULL where true or false is needed")
        case SQLITE_INTEGER: return sqlite_nio_sqlite3_column_int64(statement, index) != 0
        default: throw corrupt(column, "holds \(found(at: index)), which is not true or false")
        }
    }

    func corrupt(_ column: String, _ detail: String) -> StorageError {
        StorageError.corruptRow(table: table, column: column, key: key, detail: detail)
    }

    private func index(_ column: String) throws(StorageError) -> Int32 {
        guard let index = indexes[column] else { throw corrupt(column, "is not selected") }
        return index
    }

    /// The text of `column` whatever it holds (`""` for NULL or a column not selected): for
    /// naming a row that cannot be read.
    func text(named column: String) -> String {
        indexes[column].map { text(at: $0) } ?? ""
    }

    private func text(at index: Int32) -> String {
        guard let bytes = sqlite_nio_sqlite3_column_text(statement, index) else { return "" }
        let count = Int(sqlite_nio_sqlite3_column_bytes(statement, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The value at `index` as text, quoted, for messages.
    private func found(at index: Int32) -> String {
        "'\(text(at: index).prefix(100))'"
    }
}
