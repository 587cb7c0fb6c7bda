import AppSiteAssociation
import Foundation
import LandfallJSON

/// Links to create, read from a file: Landfall's CSV (`init(csv:)`), Firebase Dynamic Links'
/// Google Takeout CSV (recognised by its `short_link` column), or Landfall's JSON
/// (`init(json:)`, the demo's `links.json`). Each row is read with every check of
/// `POST /v1/links` (``LinkDraft/init(fields:)``); what a row cannot be is in its ``Row/problems``.
///
/// In Landfall's CSV the columns are named as the API's fields (``LinkDraft/flatFields``:
/// `target`, `slug`, `overrides.ios`, `preview.title`, `campaign.name`, `expiresAt`,
/// `maxClicks`, …), or by their short names (``LinkDraft/flatFieldAliases``: `ios`, `android`,
/// `title`, `description`, `image`, `campaign`, `expires`), or `data.KEY`; only `target` is
/// required. An empty cell leaves its field out, spaces around a cell are dropped, and a row
/// that is empty is skipped.
///
/// ```swift
/// let file = try LinkImportFile(csv: "target,slug,title\nhttps://daily.example.com/a,spring,Spring\nftp:x,,\n")
/// file.rows[0].draft?.slug // "spring"
/// file.rows[1].number      // 3, as a spreadsheet counts (the header is row 1)
/// ```
public struct LinkImportFile: Sendable {
    /// What kind of file it is.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// Landfall's CSV: a header naming the link fields, one link per row.
        case csv
        /// Google Takeout's CSV of Firebase Dynamic Links (`init(csv:)` tells it by its header).
        case firebase
        /// Landfall's JSON: `{"links": [link, …]}` as `POST /v1/links/bulk` takes it.
        case json

        /// How a person calls it.
        public var name: String {
            switch self {
            case .csv: "CSV"
            case .firebase: "Firebase Dynamic Links export (Google Takeout CSV)"
            case .json: "JSON"
            }
        }
    }

    /// Which column of a file gives which link field: what a problem names.
    public struct Columns: Sendable, Hashable {
        /// The columns as the header names them (for JSON: none).
        public var names: [String]
        /// The field each column gives (`preview.title` for a column `title`; `target` for a
        /// Firebase column `link`).
        public var fields: [String]

        /// The column, as the header names it, that gives an API field (`overrides.ios`,
        /// `data.note`); the field itself when no column does (and always for JSON).
        public func column(forField field: String) -> String {
            if let index = fields.firstIndex(of: field) { return names[index] }
            if field.hasPrefix("data"), let index = fields.firstIndex(where: { field == "data[\"\($0.dropFirst(5))\"]" }) {
                return names[index]
            }
            return field
        }
    }

    /// One row of the file: where it is, its draft or its problems, and what was not kept.
    public struct Row: Sendable {
        /// The file's name, when links are imported from several.
        public var file: String?
        /// The row's number as a spreadsheet shows it (the header is row 1); for JSON, the
        /// link's place in the list, from 1.
        public var number: Int
        /// What ``number`` counts: `row` (CSV) or `link` (JSON).
        public var unit: String
        /// The link to create, when the row has no problem.
        public var draft: LinkDraft?
        /// The row's problems, each naming its column.
        public var problems: [LinkImportProblem]
        /// What the row had that the link does not keep, in sentences (a Firebase link's path
        /// prefix, its old host).
        public var notes: [String]
        /// The link the row was before (a Firebase row's `short_link`).
        public var source: String?
        /// Which column gives which field.
        public var columns: Columns

        /// `row 3`, `links.json link 2`, `fdl.csv row 4`.
        public var place: String {
            (file.map { $0 + " " } ?? "") + "\(unit) \(number)"
        }

        /// A problem of this row, in the column that gives `field`.
        public func problem(field: String?, _ message: String) -> LinkImportProblem {
            LinkImportProblem(file: file, row: number, unit: unit, column: field.map(columns.column(forField:)), message: message)
        }
    }

    /// What kind of file it was.
    public let format: Format
    /// Which column gives which field.
    public let columns: Columns
    /// The rows that are not empty, in the file's order.
    public private(set) var rows: [Row]
    /// What the file had that the links do not keep (a Firebase column of the app's settings,
    /// with the values it had), in sentences.
    public let notes: [String]

    /// Reads a file of any of the three formats: JSON when its first character (after a byte
    /// order mark and white space) is `{` or `[`, else CSV (`init(csv:)`).
    ///
    /// - Throws: ``LinkImportProblem`` for a file that cannot be read as a whole.
    public init(text: String, file name: String? = nil) throws(LinkImportProblem) {
        let start = text.unicodeScalars.first { !["\u{FEFF}", " ", "\t", "\r", "\n"].contains($0) }
        if start == "{" || start == "[" {
            try self.init(json: text, file: name)
        } else {
            try self.init(csv: text, file: name)
        }
    }

    /// Reads a CSV file: Firebase Dynamic Links' Takeout export when its header has the columns
    /// `short_link` and `link`, Landfall's CSV otherwise.
    ///
    /// - Throws: ``LinkImportProblem`` for a file that is not CSV (with its line and column), a
    ///   header with a column that is no field (with the closest name), a column given twice,
    ///   or no `target` column. A row's own problems do not throw: they are in its ``Row``.
    public init(csv text: String, file name: String? = nil) throws(LinkImportProblem) {
        let table: CSVTable
        do {
            table = try CSVTable(parsing: text)
        } catch {
            throw LinkImportProblem(file: name, row: nil, column: nil, message: error.description)
        }
        let header = table.header.map(Self.trimmed)
        if header.contains("short_link"), header.contains("link") {
            self = Self.firebase(table, file: name)
            return
        }
        var fields: [String] = []
        for (index, column) in header.enumerated() {
            guard let field = LinkDraft.flatField(named: column) else {
                let known = LinkDraft.flatFields + LinkDraft.flatFieldAliases.keys.sorted()
                let hint = NameSuggestion.closest(to: column, among: known).map { "did you mean '\($0)'? " } ?? ""
                throw LinkImportProblem(file: name, row: 1, column: column.isEmpty ? "\(index + 1)" : column, message: """
                    is not a field of a link; \(hint)The columns are \(LinkDraft.flatFields.joined(separator: ", ")) \
                    (or \(LinkDraft.flatFieldAliases.keys.sorted().joined(separator: ", "))), and data.KEY; \
                    a Firebase Dynamic Links export has the columns short_link and link
                    """)
            }
            if let earlier = fields.firstIndex(of: field) {
                throw LinkImportProblem(file: name, row: 1, column: column, message: "gives \(field), as column \(earlier + 1) (\(header[earlier])) does; give each field once")
            }
            fields.append(field)
        }
        guard fields.contains("target") else {
            throw LinkImportProblem(file: name, row: 1, column: nil, message: "the header has no target column; every link needs the URL it leads to")
        }
        let columns = Columns(names: header, fields: fields)
        format = .csv
        self.columns = columns
        notes = []
        rows = Self.rows(of: table, file: name, columns: columns) { row, texts in
            row.draft = Self.draft(Array(zip(fields, texts)).map { (field: $0.0, text: $0.1) }, row: &row)
        }
    }

    init(format: Format, columns: Columns, rows: [Row], notes: [String]) {
        self.format = format
        self.columns = columns
        self.rows = rows
        self.notes = notes
    }

    /// The rows of `table` that are not empty, each read by `read` from its trimmed cells
    /// (a row with another number of cells than the header is a problem, not read).
    static func rows(of table: CSVTable, file: String?, columns: Columns, read: (inout Row, [String]) -> Void) -> [Row] {
        var rows: [Row] = []
        for (offset, cells) in table.rows.enumerated() {
            let texts = cells.map(trimmed)
            if texts.allSatisfy(\.isEmpty) { continue }
            var row = Row(file: file, number: offset + 2, unit: "row", draft: nil, problems: [], notes: [], source: nil, columns: columns)
            guard texts.count == columns.names.count else {
                row.problems.append(row.problem(field: nil, "has \(texts.count) cell\(texts.count == 1 ? "" : "s"); the header names \(columns.names.count) columns"))
                rows.append(row)
                continue
            }
            read(&row, texts)
            rows.append(row)
        }
        return rows
    }

    /// The draft the fields make, or `nil` after adding its problems to `row`.
    static func draft(_ fields: [(field: String, text: String)], row: inout Row) -> LinkDraft? {
        do {
            return try LinkDraft(fields: fields)
        } catch {
            row.problems += error.errors.map { row.problem(field: $0.field, $0.message) }
            return nil
        }
    }

    static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: [" ", "\t"])
    }
}

/// A problem of a file of links: where (the file when there are several, the row as a
/// spreadsheet counts them, the column as the header names it) and what is wrong.
///
/// ```swift
/// LinkImportProblem(row: 4, column: "maxClicks", message: "must be at least 1, found 0").description
/// // row 4, column maxClicks: must be at least 1, found 0
/// ```
public struct LinkImportProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, when links are imported from several.
    public var file: String?
    /// The row (the header is row 1; for JSON the link, from 1), or `nil` for the file as a whole.
    public var row: Int?
    /// What ``row`` counts: `row` (CSV) or `link` (JSON).
    public var unit: String
    /// The column (for JSON the field), or `nil` for the row as a whole.
    public var column: String?
    /// What is wrong, and what to write instead.
    public var message: String

    /// Creates a problem.
    public init(file: String? = nil, row: Int?, unit: String = "row", column: String?, message: String) {
        self.file = file
        self.row = row
        self.unit = unit
        self.column = column
        self.message = message
    }

    /// `file row R, column C: message`, leaving out what is not known.
    public var description: String {
        let where_ = [file, row.map { "\(unit) \($0)" }].compactMap { $0 }.joined(separator: " ")
        let place = [where_.isEmpty ? nil : where_, column.map { (unit == "link" ? "field " : "column ") + $0 }].compactMap { $0 }.joined(separator: ", ")
        return place.isEmpty ? message : "\(place): \(message)"
    }
}
