import Hummingbird
import NIOCore

/// The CSV answers of the API's lists and statistics, for spreadsheets and exports.
enum CSVExport {
    /// Whether the request asks for CSV: `?format=csv` or an `Accept` preferring `text/csv`.
    static func isWanted(by request: Request) -> Bool {
        if let format = request.uri.queryParameters["format"] { return format == "csv" }
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
