import AppSiteAssociation
import Foundation

/// Links to create, read from CSV: a header naming the columns, then one link per row, each
/// read with every check of `POST /v1/links` (``LinkDraft/init(fields:)``).
///
/// The columns are named as the API's fields (``LinkDraft/flatFields``: `target`, `slug`,
/// `overrides.ios`, `preview.title`, `campaign.name`, `expiresAt`, `maxClicks`, …), or by
/// their short names (``LinkDraft/flatFieldAliases``: `ios`, `android`, `title`,
/// `description`, `image`, `campaign`, `expires`), or `data.KEY`; only `target` is required.
/// An empty cell leaves its field out, spaces around a cell are dropped, and a row that is
/// empty is skipped.
///
/// ```swift
/// let file = try LinkCSVImport(csv: "target,slug,title\nhttps://daily.example.com/a,spring,Spring\nftp:x,,\n")
/// file.rows[0].draft?.slug // "spring"
/// file.rows[1].number      // 3, as a spreadsheet counts (the header is row 1)
/// ```
public struct LinkCSVImport: Sendable {
    /// One row of the file: its number (the header is row 1) and its draft, or its problems.
    public struct Row: Sendable {
        /// The row's number as a spreadsheet shows it: the header is row 1.
        public var number: Int
        /// The link to create, when the row has no problem.
        public var draft: LinkDraft?
        /// The row's problems, each naming its column.
        public var problems: [LinkCSVProblem]
    }

    /// The columns as the header names them.
    public let columns: [String]
    /// The field each column gives (`preview.title` for a column `title`).
    public let fields: [String]
    /// The rows that are not empty, in the file's order.
    public let rows: [Row]

    /// Reads the file.
    ///
    /// - Throws: ``LinkCSVProblem`` for a file that is not CSV (with its line and column), a
    ///   header with a column that is no field (with the closest name), a column given twice,
    ///   or no `target` column. A row's own problems do not throw: they are in its ``Row``.
    public init(csv text: String) throws(LinkCSVProblem) {
        let table: CSVTable
        do {
            table = try CSVTable(parsing: text)
        } catch {
            throw LinkCSVProblem(row: nil, column: nil, message: error.description)
        }
        var fields: [String] = []
        for (index, name) in table.header.enumerated() {
            let trimmed = Self.trimmed(name)
            guard let field = LinkDraft.flatField(named: trimmed) else {
                let known = LinkDraft.flatFields + LinkDraft.flatFieldAliases.keys.sorted()
                let hint = NameSuggestion.closest(to: trimmed, among: known).map { "did you mean '\($0)'? " } ?? ""
                throw LinkCSVProblem(row: 1, column: trimmed.isEmpty ? "\(index + 1)" : trimmed, message: """
                    is not a field of a link; \(hint)The columns are \(LinkDraft.flatFields.joined(separator: ", ")) \
                    (or \(LinkDraft.flatFieldAliases.keys.sorted().joined(separator: ", "))), and data.KEY
                    """)
            }
            if let earlier = fields.firstIndex(of: field) {
                throw LinkCSVProblem(row: 1, column: trimmed, message: "gives \(field), as column \(earlier + 1) (\(Self.trimmed(table.header[earlier]))) does; give each field once")
            }
            fields.append(field)
        }
        guard fields.contains("target") else {
            throw LinkCSVProblem(row: 1, column: nil, message: "the header has no target column; every link needs the URL it leads to")
        }
        let columns = table.header.map(Self.trimmed)
        self.columns = columns
        self.fields = fields
        var rows: [Row] = []
        for (offset, cells) in table.rows.enumerated() {
            let number = offset + 2
            let texts = cells.map(Self.trimmed)
            if texts.allSatisfy(\.isEmpty) { continue }
            guard texts.count == fields.count else {
                let problem = LinkCSVProblem(row: number, column: nil,
                                             message: "has \(texts.count) cell\(texts.count == 1 ? "" : "s"); the header names \(fields.count) columns")
                rows.append(Row(number: number, draft: nil, problems: [problem]))
                continue
            }
            do {
                let draft = try LinkDraft(fields: Array(zip(fields, texts)).map { (field: $0.0, text: $0.1) })
                rows.append(Row(number: number, draft: draft, problems: []))
            } catch {
                let problems = error.errors.map { LinkCSVProblem(row: number, column: Self.column(forField: $0.field, columns: columns, fields: fields), message: $0.message) }
                rows.append(Row(number: number, draft: nil, problems: problems))
            }
        }
        self.rows = rows
    }

    /// The column, as the header names it, that gives an API field (`overrides.ios`,
    /// `data.note`); the field itself when no column does.
    public func column(forField field: String) -> String {
        Self.column(forField: field, columns: columns, fields: fields)
    }

    private static func column(forField field: String, columns: [String], fields: [String]) -> String {
        if let index = fields.firstIndex(of: field) { return columns[index] }
        if field.hasPrefix("data"), let index = fields.firstIndex(where: { field == "data[\"\($0.dropFirst(5))\"]" }) {
            return columns[index]
        }
        return field
    }

    private static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: [" ", "\t"])
    }
}

/// A problem of a CSV file of links: where (the row, as a spreadsheet counts them, and the
/// column as the header names it) and what is wrong.
///
/// ```swift
/// LinkCSVProblem(row: 4, column: "maxClicks", message: "must be at least 1, found 0").description
/// // row 4, column maxClicks: must be at least 1, found 0
/// ```
public struct LinkCSVProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The row (the header is row 1), or `nil` for the file as a whole.
    public var row: Int?
    /// The column, or `nil` for the row as a whole.
    public var column: String?
    /// What is wrong, and what to write instead.
    public var message: String

    /// Creates a problem.
    public init(row: Int?, column: String?, message: String) {
        self.row = row
        self.column = column
        self.message = message
    }

    /// `row R, column C: message`, leaving out what is not known.
    public var description: String {
        let place = [row.map { "row \($0)" }, column.map { "column \($0)" }].compactMap { $0 }.joined(separator: ", ")
        return place.isEmpty ? message : "\(place): \(message)"
    }
}
