import Foundation
import SQLKit

/// Reads the columns of one stored row, turning whatever cannot be used (a NULL where a value
/// is needed, text where a number is) into ``StorageError`` `.corruptRow`, never a crash.
struct RowReader {
    /// The row.
    var row: any SQLRow
    /// Its table, for messages.
    var table: String
    /// What identifies the row in messages (its id), once known.
    var key: String?

    /// Text that must be there.
    func string(_ column: String) throws(StorageError) -> String {
        guard let value = try optionalString(column) else { throw corrupt(column, "is NULL where a value is needed") }
        return value
    }

    /// Text or NULL.
    func optionalString(_ column: String) throws(StorageError) -> String? {
        try decode(column, as: String.self, expected: "text")
    }

    /// A whole number that must be there.
    func int(_ column: String) throws(StorageError) -> Int {
        guard let value = try optionalInt(column) else { throw corrupt(column, "is NULL where a number is needed") }
        return value
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

    /// A date (milliseconds since 1970) that must be there.
    func date(_ column: String) throws(StorageError) -> Date {
        Milliseconds.date(try int(column))
    }

    /// A date (milliseconds since 1970) or NULL.
    func optionalDate(_ column: String) throws(StorageError) -> Date? {
        try optionalInt(column).map(Milliseconds.date)
    }

    /// Text that must be there and that `parse` accepts; `what` describes what it should be.
    func parsed<Value>(_ column: String, as what: String, _ parse: (String) -> Value?) throws(StorageError) -> Value {
        let text = try string(column)
        guard let value = parse(text) else { throw corrupt(column, "holds '\(text.prefix(100))', which is not \(what)") }
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
