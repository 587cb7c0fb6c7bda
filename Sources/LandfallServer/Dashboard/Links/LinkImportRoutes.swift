import Foundation
import Hummingbird
import LandfallJSON
import LandfallLinks
import LandfallStorage

/// `GET /links/import`, `POST /links/import`: links from a file pasted (or read from a file by
/// the page's script): Landfall's CSV or JSON, or a Firebase Dynamic Links export
/// (``LinkImportFile``), checked and created as `landfall links import` does (``LinkImport``),
/// with a report of each row: its place, and the link created, already there, or why it was
/// refused.
///
/// What happens to the other rows when one is refused is the person's choice (`mode`):
/// `valid` (the default) creates them and lists the refused ones to fix, `all` creates nothing
/// (all or nothing, as `landfall links import` does by default), `check` only checks.
struct LinkImportRoutes: Sendable {
    let storage: Storage
    let links: LinkMemory
    let clock: @Sendable () -> Date

    /// The path of the import, whose form may be larger than the others
    /// (``DashboardCSRFMiddleware``).
    static let path = "/links/import"
    /// The largest import form read, as sent (percent-encoded): 6 MiB.
    static let maximumSize = 6 * 1024 * 1024
    /// The most rows one import takes.
    static let maximumRows = 10_000

    /// What to do with the other rows when one is refused.
    enum Mode: String, CaseIterable {
        /// Create the rows that pass; report the others.
        case valid
        /// Create nothing when any row is refused.
        case all
        /// Check every row; create nothing.
        case check
    }

    func addRoutes(editors: RouterGroup<DashboardContext>) {
        editors.get(RouterPath(stringLiteral: Self.path), use: form)
        editors.post(RouterPath(stringLiteral: Self.path), use: importLinks)
    }

    @Sendable func form(_ request: Request, context: DashboardContext) async throws -> Response {
        try page(["modeValid": true], context: context)
    }

    @Sendable func importLinks(_ request: Request, context: DashboardContext) async throws -> Response {
        let csv = context.form["csv"] ?? ""
        var values: [String: Any] = ["csv": csv]
        let modeText = context.form["mode"] ?? Mode.valid.rawValue
        guard let mode = Mode(rawValue: modeText) else {
            values["modeValid"] = true
            values["modeError"] = "'\(modeText)' is not a choice here; choose valid, all or check."
            return try page(values, context: context, status: .unprocessableContent)
        }
        values["mode" + mode.rawValue.capitalized] = true
        if csv.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            values["csvError"] = "Paste the links here (or choose their file): CSV with a header line naming the columns, then one link a line; JSON; or a Firebase Dynamic Links export."
            return try page(values, context: context, status: .unprocessableContent)
        }
        let file: LinkImportFile
        do {
            file = try LinkImportFile(text: csv)
        } catch {
            values["csvError"] = error.description.prefix(1).uppercased() + error.description.dropFirst() + "."
            return try page(values, context: context, status: .unprocessableContent)
        }
        if file.rows.isEmpty {
            values["csvError"] = file.format == .json ? "There are no links in the list; add one object per link." : "There are no rows under the header; add one line per link."
            return try page(values, context: context, status: .unprocessableContent)
        }
        if file.rows.count > Self.maximumRows {
            values["csvError"] = "There are \(file.rows.count) rows; one import takes at most \(Self.maximumRows). Split the file and import each part."
            return try page(values, context: context, status: .unprocessableContent)
        }
        let writer = LinkWriter(storage: storage, site: try context.server.site, links: links, clock: clock, logger: context.logger)
        let outcomes = try await LinkImport.importRows(file.rows, writer: writer, storage: storage, dryRun: mode == .check, skipInvalid: mode == .valid)
        let report = LinkImportReport(outcomes: outcomes, files: [file], dryRun: mode == .check, skipInvalid: mode == .valid)
        let (refused, created, stored) = (report.refused, report.created, report.stored)
        let host = try context.server.host
        var reported: [String: Any] = [
            "summary": Self.summary(mode: mode, rows: outcomes.count, created: created, refused: refused, unchanged: report.unchanged),
            "format": file.format.name,
            "rows": outcomes.map { outcome -> [String: Any] in
                var row: [String: Any] = ["place": outcome.row.place.prefix(1).uppercased() + outcome.row.place.dropFirst()]
                if let source = outcome.row.source { row["source"] = source }
                if !outcome.row.notes.isEmpty { row["rowNotes"] = outcome.row.notes }
                if !outcome.isRefused, let link = outcome.link {
                    row["shortURL"] = OverviewRoutes.shown(link, on: host)
                    if outcome.isUnchanged {
                        row["unchanged"] = true
                        row["id"] = link.id.rawValue
                    } else if stored {
                        row["created"] = true
                        row["id"] = link.id.rawValue
                    } else {
                        row["notCreated"] = mode == .check ? "would be created" : "not created"
                    }
                }
                if outcome.isRefused {
                    row["refused"] = true
                    row["problems"] = outcome.problems.map { problem in
                        (problem.column.map { "\($0): " } ?? "") + problem.message
                    }
                }
                return row
            },
        ]
        let notes = report.notes(of: file)
        if !notes.isEmpty { reported["fileNotes"] = ["items": notes, "count": notes.count] as [String: Any] }
        values["report"] = reported
        if created > 0, let signedIn = context.signedIn {
            let links = outcomes.compactMap { $0.isNew ? $0.link : nil }
            try await DashboardAuditor(storage: storage, clock: clock).record(
                "links.imported", subject: "\(created) link\(created == 1 ? "" : "s") from \(file.format == .json ? "JSON" : file.format == .firebase ? "a Firebase export" : "CSV")\(refused > 0 ? ", \(refused) row\(refused == 1 ? "" : "s") refused" : "")",
                after: .object([("created", .integer(created)), ("refused", .integer(refused)),
                                ("links", .array(links.map { .string($0.url) }))]),
                by: signedIn)
        }
        return try page(values, context: context, status: created == 0 && refused > 0 ? .unprocessableContent : .ok)
    }

    /// What the import did, in a sentence.
    static func summary(mode: Mode, rows: Int, created: Int, refused: Int, unchanged: Int = 0) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        let verb = refused == 1 ? "is" : "are"
        let new = rows - refused - unchanged
        let there = unchanged == 0 ? "" : " \(count(unchanged, "row")) \(unchanged == 1 ? "was" : "were") there already, unchanged."
        switch mode {
        case .check:
            return "Checked only: \(new) of \(count(rows, "row")) would be created and \(refused) \(verb) refused; nothing was stored." + there
        case .all where refused > 0:
            return "Created nothing: \(refused) of \(count(rows, "row")) \(verb) refused, and this import was all or nothing. Fix them and import again."
        case .valid where refused > 0:
            return "Created \(count(created, "link")); \(count(refused, "row")) \(verb) refused (listed below). Fix them and import those rows again." + there
        case .all where created == 0 && unchanged == rows, .valid where created == 0 && unchanged == rows:
            return "Created no link: \(rows == 1 ? "the row was" : "all \(rows) rows were") there already, unchanged."
        case .all, .valid:
            return "Created \(count(created, "link"))." + there
        }
    }

    private func page(_ values: [String: Any], context: DashboardContext, status: HTTPResponse.Status = .ok) throws -> Response {
        var values = values
        values["linksCurrent"] = true
        values["example"] = LinkImportPage.example
        values["columns"] = LinkImportPage.columns.map { ["name": $0.name, "meaning": $0.meaning] }
        return try DashboardPage.response("link-import", title: "Import links", values: values, context: context, status: status)
    }
}
