import Foundation
import SQLKit

/// Reads the columns of one stored row, turning whatever cannot be used (a NULL where a value
/// is needed, text where a number is) into ``StorageError`` `.corruptRow`, never a crash. The
/// readings built on these (``ColumnReading/string(_:)``, `int`, `date`, `parsed`) are
/// ``ColumnReading``'s, shared with rows of a statement kept prepared.
struct RowReader {
    /// The row.
    var row: any SQLRow
    /// Its table, for messages.
    var table: String
    /// What identifies the row in messages (its id), once known.
    var key: String?

    /// Text or NULL.
    func optionalString(_ column: String) throws(StorageError) -> String? {
        try decode(column, as: String.self, expected: "text")
    }

    /// A whole number or NULL.
    func optionalInt(_ column: String) throws(StorageError) -> Int? {
        try decode(column, as: Int.self, expected: "a whole number")
    }

    /// A boolean that must be there (SQLite keeps 0 and 1).
    func bool(_ column: String) throws(StorageError) -> Bool {
        guard let value = try decode(column, as: Bool.self, expected: "true or false") else {
            throw corrupt(column, "is NULL where true or false is needed")
        }
        return value
    }

    /// The error for `column`, saying `detail`.
    func corrupt(_ column: String, _ detail: String) -> StorageError {
        StorageError.corruptRow(table: table, column: column, key: key, detail: detail)
    }

    private func decode<Value: Decodable>(_ column: String, as type: Value.Type, expected: String) throws(StorageError) -> Value? {
        do {
            return try row.decode(column: column, as: Value?.self)
        } catch {
            let found = (try? row.decode(column: column, as: String?.self)).flatMap { $0 }.map { "'\($0.prefix(100))'" } ?? "a value"
            throw corrupt(column, "holds \(found), which is not \(expected)")
        }
    }
}
