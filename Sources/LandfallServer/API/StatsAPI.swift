import DeepLinkRouting
import Foundation
import Hummingbird
import LandfallJSON
import LandfallLinks
import LandfallStorage

/// The statistics of the API: every link's and page's clicks, installs and opens, long links'
/// visits and in-app browsers' clicks (``TrafficStats``), or one link's, as JSON or CSV.
struct StatsAPI: Sendable {
    typealias Context = LandfallRequestContext

    let storage: Storage
    let clicks: ClickRecorder

    func addRoutes(to api: inout APIRoutes) {
        api.add(.get, "/v1/links/{id}/stats", .read, linkStats)
        api.add(.get, "/v1/stats", .read, siteStats)
    }

    /// `GET /v1/links/{id}/stats`.
    @Sendable func linkStats(_ request: Request, context: Context) async throws -> Response {
        let link = try await storage.link(namedIn: context)
        var filter = try Self.filter(request)
        filter.linkID = link.id
        return try await answer(filter, request: request, linkID: link.id, name: "link-\(link.id)")
    }

    /// `GET /v1/stats`.
    @Sendable func siteStats(_ request: Request, context: Context) async throws -> Response {
        try await answer(try Self.filter(request), request: request, linkID: nil, name: "landfall")
    }

    private func answer(_ filter: TrafficFilter, request: Request, linkID: LinkID?, name: String) async throws -> Response {
        let csv = try CSVExport.isWanted(by: request)
        // This instance's buffered clicks are written first, so the answer includes every click
        // it has answered.
        try await clicks.flush()
        let stats = TrafficStats(counts: try await storage.trafficCounts(filter), linkID: linkID,
                                 longLinks: try await storage.longLinkTraffic(filter),
                                 inAppBrowsers: try await storage.inAppBrowserTraffic(filter))
        if csv {
            return CSVExport.response(stats.csv, filename: "\(name)-stats.csv")
        }
        return Response.json(.ok, stats.jsonValue)
    }

    /// The `from`, `to` (UTC days, inclusive) and `campaign` filters of a statistics request.
    static func filter(_ request: Request) throws(APIError) -> TrafficFilter {
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
}
