import AppSiteAssociation
import Foundation
import Hummingbird
import LandfallLinks
import LandfallStorage

extension LandfallResponder {
    /// `GET /v1/links`: newest first, `limit` (1–200, default 50) at a time, the next page from
    /// `cursor`; filters `host`, `slugPrefix`, `status` (active|disabled), `campaign`, `target`.
    func listLinks(_ request: Request) async throws(APIError) -> Response {
        let parameters = request.uri.queryParameters
        var query = LinkQuery(limit: 51)
        if let text = parameters["limit"].map(String.init) {
            guard let limit = Int(text), (1...200).contains(limit) else {
                throw APIError(.badRequest, .invalidBody, "limit must be a whole number from 1 to 200, not '\(text)'.", field: "limit")
            }
            query.limit = limit + 1
        }
        if let text = parameters["cursor"].map(String.init) {
            guard let cursor = LinkID(text) else {
                throw APIError(.badRequest, .invalidBody, "cursor must be the nextCursor of a previous page.", field: "cursor")
            }
            query.after = cursor
        }
        if let status = parameters["status"].map(String.init) {
            switch status {
            case "active": query.disabled = false
            case "disabled": query.disabled = true
            default: throw APIError(.badRequest, .invalidBody, "status must be 'active' or 'disabled', not '\(status)'.", field: "status")
            }
        }
        query.host = parameters["host"].map { String($0).lowercased() }
        query.slugPrefix = parameters["slugPrefix"].map(String.init)
        query.campaignName = parameters["campaign"].map(String.init)
        query.targetContains = parameters["target"].map(String.init)
        let pageSize = query.limit - 1
        var links = try await storing { try await state.storage.links(query) }
        let more = links.count > pageSize
        links = Array(links.prefix(pageSize))
        let body = JSONValue.object([
            ("links", .array(links.map(\.json))),
            ("nextCursor", .optional(more ? links.last?.id.rawValue : nil)),
        ])
        return Response.json(.ok, JSONWriter.pretty.string(for: body))
    }

    /// `GET /v1/links/{id}`.
    func getLink(_ id: LinkID?) async throws(APIError) -> Response {
        let link = try await existingLink(id)
        return Response.json(.ok, JSONWriter.pretty.string(for: link.json))
    }

    /// `DELETE /v1/links/{id}`: 204; the link and its counts are gone.
    func deleteLink(_ id: LinkID?) async throws(APIError) -> Response {
        let link = try await existingLink(id)
        guard try await storing({ try await state.storage.delete(id: link.id) }) else { throw APIError.notFound() }
        state.links.remove(host: link.host, slugs: [link.slug])
        return Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }

    /// `POST /v1/links/{id}/disable` and `/enable`.
    func setDisabled(_ disabled: Bool, _ id: LinkID?) async throws(APIError) -> Response {
        var link = try await existingLink(id)
        if link.isDisabled != disabled {
            link.isDisabled = disabled
            link.updatedAt = state.clock()
            guard try await storing({ try await state.storage.update(link) }) else { throw APIError.notFound() }
            state.links.remove(host: link.host, slugs: [link.slug])
        }
        return Response.json(.ok, JSONWriter.pretty.string(for: link.json))
    }

    /// The stored link with `id`, or 404.
    func existingLink(_ id: LinkID?) async throws(APIError) -> ShortLink {
        guard let id, let link = try await storing({ try await state.storage.link(id: id) }) else {
            throw APIError.notFound()
        }
        return link
    }

    /// Runs a storage call, turning its failure into the API's answer: 409 for a slug taken,
    /// 503 when the database is unreachable, 500 (logged) otherwise.
    func storing<Value>(_ work: () async throws -> Value) async throws(APIError) -> Value {
        do {
            return try await work()
        } catch let error as StorageError {
            throw apiError(for: error)
        } catch {
            state.logger.error("storage failure", metadata: ["error": "\(error)"])
            throw APIError(.internalServerError, .internalError, "Something went wrong; it has been logged.")
        }
    }
}
