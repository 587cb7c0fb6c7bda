import Hummingbird
import NIOCore

/// The CSV answers of the API's lists and statistics, for spreadsheets and exports.
enum CSVExport {
    /// The values of the `format` query parameter, as the contract's `Format` enum lists them.
    static let formats = ["json", "csv"]

    /// Whether the request asks for CSV: `?format=csv`, or no `format` and an `Accept` preferring
    /// `text/csv`; `?format=json` asks for JSON whatever `Accept` says.
    ///
    /// - Throws: ``APIError`` 400 `invalid_body` (field `format`) for another `format`, naming
    ///   the allowed values: a typo such as `format=cvs` is an error, not JSON.
    static func isWanted(by request: Request) throws(APIError) -> Bool {
        if let format = request.uri.queryParameters["format"] {
            guard formats.contains(String(format)) else {
                throw APIError(.badRequest, .invalidBody,
                               "format must be \(formats.map { "'\($0)'" }.joined(separator: " or ")), not '\(format.prefix(40))'.", field: "format")
            }
            return format == "csv"
        }
        return request.headers[.accept]?.lowercased().contains("text/csv") == true
    }

    /// A CSV download named `filename`.
    static func response(_ text: String, filename: String) -> Response {
        var response = Response(status: .ok, headers: [.contentType: "text/csv; charset=utf-8", .cacheControl: "no-store"],
                                body: .init(byteBuffer: ByteBuffer(string: text)))
        response.headers[.contentDisposition] = "attachment; filename=\"\(filename)\""
        return response
    }
}
