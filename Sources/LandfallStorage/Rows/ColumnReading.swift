import Foundation

/// Reads the columns of one stored row by name, turning whatever cannot be used (a NULL where
/// a value is needed, text where a number is) into ``StorageError`` `.corruptRow`: an SQLKit
/// row (``RowReader``) or a row of a statement kept prepared (``SQLiteStatementColumns``), so
/// that a type reads its row one way whichever way it was fetched.
protocol ColumnReading {
    /// What identifies the row in messages (its id), once known.
    var key: String? { get set }
    /// Text or NULL.
    func optionalString(_ column: String) throws(StorageError) -> String?
    /// A whole number or NULL.
    func optionalInt(_ column: String) throws(StorageError) -> Int?
    /// A boolean that must be there (SQLite keeps 0 and 1).
    func bool(_ column: String) throws(StorageError) -> Bool
    /// The error for `column`, saying `detail`.
    func corrupt(_ column: String, _ detail: String) -> StorageError
}

extension ColumnReading {
    /// Text that must be there.
    func string(_ column: String) throws(StorageError) -> String {
        guard let value = try optionalString(column) else { throw corrupt(column, "is NULL where a value is needed") }
        return value
    }

    /// A whole number that must be there.
    func int(_ column: String) throws(StorageError) -> Int {
        guard let value = try optionalInt(column) else { throw corrupt(column, "is NULL where a number is needed") }
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
}

extension RowReader: ColumnReading {}
