import Foundation

/// Rows of text cells aligned in columns, two spaces apart, with no trailing spaces: the
/// tables `landfall keys list`, `landfall invites list` and `landfall invites audit` print.
///
/// ```swift
/// TextTable.lines([["ID", "NAME"], ["k_1", "ci"]])
/// // ["ID   NAME", "k_1  ci"]
/// ```
enum TextTable {
    /// `rows` (the first is usually the header) as aligned lines, one per row.
    static func lines(_ rows: [[String]]) -> [String] {
        let widths = (rows.first ?? []).indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            var line = zip(row, widths).map { cell, width in cell.padding(toLength: width, withPad: " ", startingAt: 0) }
                .joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }
}
