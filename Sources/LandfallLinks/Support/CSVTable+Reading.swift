extension CSVTable {
    /// Reads CSV text (RFC 4180): the first record is the header, the others the rows.
    ///
    /// Fields are separated by commas and records by CRLF, LF or CR; a field in double quotes
    /// may hold commas, line breaks and doubled quotes (`""` is one `"`). A UTF-8 byte order mark
    /// before the header is skipped, and a line break after the last record is optional. Every
    /// record is kept, a blank line as one empty field, so that row numbers match a
    /// spreadsheet's. Fields are read as written: the apostrophe ``text`` puts before a formula
    /// stays.
    ///
    /// ```swift
    /// let table = try CSVTable(parsing: "\u{FEFF}target,title\r\nhttps://example.com/,\"Say \"\"hi\"\", Ada\"\r\n")
    /// table.header // ["target", "title"]
    /// table.rows   // [["https://example.com/", "Say \"hi\", Ada"]]
    /// ```
    ///
    /// - Throws: ``CSVSyntaxError`` at the line and column of the first problem: empty text, a
    ///   quote inside a field that does not start with one, text after a closing quote, or a
    ///   quoted field that never ends.
    public init(parsing text: String) throws(CSVSyntaxError) {
        let records = try Self.records(in: text)
        guard let header = records.first else {
            throw CSVSyntaxError(line: 1, column: 1, message: "the file is empty; the first line must name the columns")
        }
        self.init(header: header, rows: Array(records.dropFirst()))
    }

    /// The records of CSV text, each a list of fields (see ``init(parsing:)``).
    static func records(in text: String) throws(CSVSyntaxError) -> [[String]] {
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var records: [[String]] = []
        var record: [String] = []
        var field = String.UnicodeScalarView()
        var line = 1
        var column = 1
        var index = 0
        var quotedFrom: (line: Int, column: Int)?
        var afterClosingQuote = false
        var fieldStarted = false

        func endField() {
            record.append(String(field))
            field = String.UnicodeScalarView()
            afterClosingQuote = false
            fieldStarted = false
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if quotedFrom != nil {
                if scalar == "\"" {
                    if index + 1 < scalars.count, scalars[index + 1] == "\"" {
                        field.append("\"")
                        index += 2
                        column += 2
                        continue
                    }
                    quotedFrom = nil
                    afterClosingQuote = true
                } else {
                    field.append(scalar)
                    if scalar == "\n" || (scalar == "\r" && !(index + 1 < scalars.count && scalars[index + 1] == "\n")) {
                        line += 1
                        column = 0
                    }
                }
                index += 1
                column += 1
                continue
            }
            switch scalar {
            case ",":
                endField()
            case "\r", "\n":
                endField()
                records.append(record)
                record = []
                if scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
                line += 1
                column = 0
            case "\"" where !fieldStarted:
                quotedFrom = (line, column)
                fieldStarted = true
            case "\"":
                throw CSVSyntaxError(line: line, column: column, message: afterClosingQuote
                    ? "a quoted field must end at its closing quote; write a quote inside it as two quotes (\"\")"
                    : "a quote inside a field that does not start with one; put the whole field in quotes and write each quote as two (\"\")")
            default:
                if afterClosingQuote {
                    throw CSVSyntaxError(line: line, column: column,
                                         message: "text after the closing quote of a field; put a comma or a line break after the quote, or write a quote inside the field as two (\"\")")
                }
                field.append(scalar)
                fieldStarted = true
            }
            index += 1
            column += 1
        }
        if let start = quotedFrom {
            throw CSVSyntaxError(line: start.line, column: start.column, message: "the quoted field starting here never ends; close it with a quote")
        }
        if fieldStarted || !record.isEmpty {
            endField()
            records.append(record)
        }
        return records
    }
}

/// Why text is not CSV: where (line and column, from 1, counting characters) and what is wrong.
///
/// ```swift
/// CSVSyntaxError(line: 3, column: 7, message: "the quoted field starting here never ends; close it with a quote").description
/// // line 3, column 7: the quoted field starting here never ends; close it with a quote
/// ```
public struct CSVSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in Unicode scalars.
    public var column: Int
    /// What is wrong, and what to write instead.
    public var message: String

    /// Creates an error.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line L, column C: message`.
    public var description: String { "line \(line), column \(column): \(message)" }
}
