import Foundation

/// Rows of text cells aligned in columns, two spaces apart, with no trailing spaces: the
/// tables `landfall keys list`, `landfall invites list` and `landfall invites audit` print.
/// Every cell is shown through ``TerminalText/visible(_:)``, so a stored value cannot act on
/// the terminal, and columns are as wide as their widest cell in characters (an emoji is one).
///
/// ```swift
/// TextTable.lines([["ID", "NAME"], ["k_1", "ci"]])
/// // ["ID   NAME", "k_1  ci"]
/// ```
enum TextTable {
    /// `rows` (the first is usually the header) as aligned lines, one per row.
    static func lines(_ rows: [[String]]) -> [String] {
        let rows = rows.map { $0.map(TerminalText.visible) }
        let widths = (rows.first ?? []).indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            // Padded by characters: Foundation's padding(toLength:) counts UTF-16 units and cut
            // an emoji flag in half.
            var line = zip(row, widths).map { cell, width in cell + String(repeating: " ", count: max(0, width - cell.count)) }
                .joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }
}
