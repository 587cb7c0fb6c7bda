import Foundation
import Hummingbird
import LandfallJSON
import LandfallLinks
import NIOCore

extension LinksAPI {
    /// The largest import body read: 6 MiB, as the dashboard's import takes.
    static let maximumImportBodySize = 6 << 20

    /// `POST /v1/links/import`: the links of a file (`text/csv`: Landfall's CSV or a Firebase
    /// Dynamic Links Takeout export; `application/json`: Landfall's JSON), checked and created
    /// as `landfall links import` does (``LinkImport``); `dryRun=true` only checks,
    /// `skipInvalid=true` creates the rows that pass. 200 with the report
    /// (``LinkImportReport/json``); 422 with it and an `error` (`rows_refused`) when a refused
    /// row made an all-or-nothing import create nothing.
    @Sendable func importLinks(_ request: Request, context: Context) async throws -> Response {
        let query = request.uri.queryParameters
        let dryRun = try query.flag("dryRun")
        let skipInvalid = try query.flag("skipInvalid")
        let isJSON = request.isJSON
        guard isJSON || request.mediaType == "text/csv" else {
            let contentType = request.headers[.contentType] ?? ""
            throw APIError(.unsupportedMediaType, .unsupportedMediaType, """
                Send the file as 'Content-Type: text/csv' (Landfall's CSV, or a Firebase Dynamic Links export) \
                or 'Content-Type: application/json'\(contentType.isEmpty ? "" : ", not '\(contentType.lowercased().prefix(100))'").
                """)
        }
        let limit = Self.maximumImportBodySize
        let body = try await request.body(limit: limit, tooLarge: "The body is larger than \(limit / 1024 / 1024) MiB; split the file and import each part.")
        guard let text = String(validating: body.readableBytesView, as: UTF8.self) else {
            throw APIError.invalidBody("The body is not UTF-8 text; save the file as UTF-8.", field: nil)
        }
        let file: LinkImportFile
        do {
            file = isJSON ? try LinkImportFile(json: text) : try LinkImportFile(csv: text)
        } catch {
            throw APIError.invalidBody(error.description, field: error.column)
        }
        guard !file.rows.isEmpty else {
            throw APIError.invalidBody(file.format == .json ? "The list has no links; nothing to import." : "The file has no rows under its header; nothing to import.", field: nil)
        }
        guard file.rows.count <= LinkImportRoutes.maximumRows else {
            throw APIError.invalidBody("The file has \(file.rows.count) rows; one import takes at most \(LinkImportRoutes.maximumRows). Split it and import each part.", field: nil)
        }
        let outcomes = try await LinkImport.importRows(file.rows, writer: writer(context), storage: storage, dryRun: dryRun, skipInvalid: skipInvalid)
        let report = LinkImportReport(outcomes: outcomes, files: [file], dryRun: dryRun, skipInvalid: skipInvalid)
        guard report.refused > 0, !dryRun, !skipInvalid else { return Response.json(.ok, report.json) }
        guard case .object(let members) = report.json.kind else { return Response.json(.ok, report.json) }
        let message = """
            Created nothing: \(report.refused) of \(outcomes.count) rows \(report.refused == 1 ? "is" : "are") refused and the import is all or nothing; \
            fix \(report.refused == 1 ? "it" : "them") (each row's problems are in rows), or send skipInvalid=true to create the others.
            """
        let error = JSONValue.object([("code", .string(APIErrorCode.rowsRefused.rawValue)), ("message", .string(message))])
        return Response.json(.unprocessableContent, JSONValue(.object([JSONMember(key: "error", value: error)] + members)))
    }
}
