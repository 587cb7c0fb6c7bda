import Foundation

/// A table written as CSV (RFC 4180 quoting, `\n` line ends, a header line first), safe to open
/// in a spreadsheet: a field that starts with `=`, `+`, `-`, `@`, a tab or a carriage return
/// gets a leading apostrophe, so that a spreadsheet shows it as text instead of running it as
/// a formula (CSV injection).
///
/// ```swift
/// let table = CSVTable(header: ["code", "note"], rows: [["7KQ2M-X4P9T-HCW3R", "for Ada, \"beta\""], ["K8M2Q-…", "=HYPERLINK(…)"]])
/// table.text
/// // code,note
/// // 7KQ2M-X4P9T-HCW3R,"for Ada, ""beta"""
/// // K8M2Q-…,'=HYPERLINK(…)
/// ```
public struct CSVTable: Sendable, Hashable {
    /// The column names, written as the first line.
    public var header: [String]
    /// The rows, each with one field per column.
    public var rows: [[String]]

    /// Creates a table.
    public init(header: [String], rows: [[String]] = []) {
        self.header = header
        self.rows = rows
    }

    /// The CSV text: the header line, then one line per row, each ending in `\n`.
    public var text: String {
        var text = ""
        for row in [header] + rows {
            text += row.map(Self.field).joined(separator: ",")
            text += "\n"
        }
        return text
    }

    /// One field as written: formulas neutralized, then quoted (with `"` doubled) when it holds
    /// a comma, a quote, a line break or a leading or trailing space.
    ///
    /// ```swift
    /// CSVTable.field("plain")      // plain
    /// CSVTable.field("a,b")        // "a,b"
    /// CSVTable.field("say \"hi\"") // "say ""hi"""
    /// CSVTable.field("@SUM(A1)")   // '@SUM(A1)
    /// ```
    public static func field(_ value: String) -> String {
        var value = value
        if let first = value.unicodeScalars.first, formulaStarts.contains(first) {
            value = "'" + value
        }
        return quoted(value)
    }

    /// One field as written, exactly (no formula neutralized): quoted (with `"` doubled) when
    /// it holds a comma, a quote, a line break or a leading or trailing space. For files read
    /// back by a program (`landfall links export` for `links import`), not opened in a spreadsheet.
    ///
    /// ```swift
    /// CSVTable.quoted("=1+1")   // =1+1
    /// CSVTable.quoted("a,b")    // "a,b"
    /// ```
    public static func quoted(_ value: String) -> String {
        let needsQuotes = value.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
            || value.unicodeScalars.first == " " || value.unicodeScalars.last == " "
        guard needsQuotes else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The first characters that make a spreadsheet read a cell as a formula.
    private static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]
}
