import AppSiteAssociation
import DeepLinkRouting
import Foundation
import Hummingbird
import LandfallLinks
import LandfallStorage

extension LandfallResponder {
    /// `GET /v1/links/{id}/stats`: the link's clicks, installs and opens (``TrafficStats``).
    func linkStats(_ id: LinkID?, _ request: Request) async throws(APIError) -> Response {
        let link = try await existingLink(id)
        var filter = try Self.trafficFilter(request)
        filter.linkID = link.id
        return try await statsResponse(filter, request: request, linkID: link.id, name: "link-\(link.id)")
    }

    /// `GET /v1/stats`: every link's and page's clicks, installs and opens.
    func trafficStats(_ request: Request) async throws(APIError) -> Response {
        try await statsResponse(try Self.trafficFilter(request), request: request, linkID: nil, name: "landfall")
    }

    private func statsResponse(_ filter: TrafficFilter, request: Request, linkID: LinkID?, name: String) async throws(APIError) -> Response {
        // This instance's buffered clicks are written first, so the answer includes every click
        // it has answered.
        let counts = try await storing {
            try await state.clicks.flush()
            return try await state.storage.trafficCounts(filter)
        }
        let stats = TrafficStats(counts: counts, linkID: linkID)
        if Self.wantsCSV(request) {
            return Self.csvResponse(stats.csv, filename: "\(name)-stats.csv")
        }
        return Response.json(.ok, JSONWriter.pretty.string(for: stats.jsonValue))
    }

    /// The `from`, `to` (UTC days, inclusive) and `campaign` filters of a statistics request.
    static func trafficFilter(_ request: Request) throws(APIError) -> TrafficFilter {
        let parameters = request.uri.queryParameters
        var filter = TrafficFilter()
        for (name, keyPath) in [("from", \TrafficFilter.from), ("to", \TrafficFilter.to)] {
            guard let text = parameters[name[...]].map(String.init) else { continue }
            guard CalendarDay(text) != nil else {
                throw APIError(.badRequest, .invalidBody, "\(name) must be a UTC day as YYYY-MM-DD, not '\(text.prefix(40))'.", field: name)
            }
            filter[keyPath: keyPath] = text
        }
        if let from = filter.from, let to = filter.to, from > to {
            throw APIError(.badRequest, .invalidBody, "from (\(from)) is after to (\(to)).", field: "from")
        }
        filter.campaign = parameters["campaign"].map(String.init)
        return filter
    }

    /// Whether the request asks for CSV: `?format=csv` or an `Accept` preferring `text/csv`.
    static func wantsCSV(_ request: Request) -> Bool {
        if let format = request.uri.queryParameters["format"] { return format == "csv" }
        return request.headers[.accept]?.lowercased().contains("text/csv") == true
    }

    /// A CSV download.
    static func csvResponse(_ text: String, filename: String) -> Response {
        var response = Response(status: .ok, headers: [.contentType: "text/csv; charset=utf-8", .cacheControl: "no-store"],
                                body: .init(byteBuffer: ByteBuffer(string: text)))
        response.headers[.contentDisposition] = "attachment; filename=\"\(filename)\""
        return response
    }
}
