import Foundation
import Hummingbird
import LandfallJSON
import LandfallLinks
import LandfallStorage

/// The short links of the API: create (one, or up to 1,000 all or none), list, read, change,
/// disable, enable and delete. Every change makes this instance forget the link it kept (other
/// instances hear of it through the database's change notifications).
struct LinksAPI: Sendable {
    typealias Context = LandfallRequestContext

    let storage: Storage
    let links: LinkMemory
    let clock: @Sendable () -> Date

    /// The largest body of `POST /v1/links` and `PATCH /v1/links/{id}`.
    static let maximumBodySize = 1 << 20
    /// The largest body of `POST /v1/links/bulk`.
    static let maximumBulkBodySize = 4 << 20

    func addRoutes(to api: inout APIRoutes) {
        api.add(.get, "/v1/links", .read, list)
        api.add(.post, "/v1/links", .write, create)
        api.add(.post, "/v1/links/bulk", .write, createBulk)
        api.add(.post, "/v1/links/import", .write, importLinks)
        api.add(.get, "/v1/links/{id}", .read, read)
        api.add(.patch, "/v1/links/{id}", .write, update)
        api.add(.delete, "/v1/links/{id}", .write, delete)
        api.add(.post, "/v1/links/{id}/disable", .write, { try await setDisabled(true, $0, $1) })
        api.add(.post, "/v1/links/{id}/enable", .write, { try await setDisabled(false, $0, $1) })
    }

    /// `GET /v1/links`: newest first, `limit` (1–200, default 50) at a time, the next page from
    /// `cursor`; filters `host`, `slugPrefix`, `status` (active|disabled), `campaign`, `target`.
    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        let parameters = request.uri.queryParameters
        let paging = try Paging(parameters, allowed: 1...200, defaultLimit: 50)
        var query = LinkQuery(limit: paging.fetchLimit)
        query.after = try Paging.cursor(parameters) { LinkID($0) }
        if let status = parameters["status"].map(String.init) {
            switch status {
            case "active": query.disabled = false
            case "disabled": query.disabled = true
            default: throw APIError(.badRequest, .invalidBody, "status must be 'active' or 'disabled', not '\(status.prefix(40))'.", field: "status")
            }
        }
        query.host = parameters["host"].map { String($0).lowercased() }
        query.slugPrefix = parameters["slugPrefix"].map(String.init)
        query.campaignName = parameters["campaign"].map(String.init)
        query.targetContains = parameters["target"].map(String.init)
        let (links, nextCursor) = paging.page(try await storage.links(query)) { $0.id.rawValue }
        return Response.json(.ok, .object([("links", .array(links.map(\.json))), ("nextCursor", nextCursor)]))
    }

    /// `GET /v1/links/{id}`.
    @Sendable func read(_ request: Request, context: Context) async throws -> Response {
        Response.json(.ok, try await storage.link(namedIn: context).json)
    }

    /// `DELETE /v1/links/{id}`: 204; the link and its counts are gone.
    @Sendable func delete(_ request: Request, context: Context) async throws -> Response {
        let link = try await storage.link(namedIn: context)
        try await writer(context).delete(link)
        return Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }

    /// `POST /v1/links/{id}/disable` and `/enable`.
    func setDisabled(_ disabled: Bool, _ request: Request, _ context: Context) async throws -> Response {
        let link = try await storage.link(namedIn: context)
        return Response.json(.ok, try await writer(context).setDisabled(disabled, link).json)
    }
}
