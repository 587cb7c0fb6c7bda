import Foundation
import Hummingbird
import LandfallJSON
import LandfallLinks
import LandfallStorage

extension LinksAPI {
    /// The writer of this request's site: every check and write of a link (``LinkWriter``).
    func writer(_ context: Context) throws -> LinkWriter {
        LinkWriter(storage: storage, site: try context.site, links: links, clock: clock, logger: context.logger)
    }

    /// `POST /v1/links`: 201 with the link and its `Location`.
    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        let draft = try await request.decodeJSON(limit: Self.maximumBodySize, LinkDraft.init(json:))
        let links = try await writer(context).create([draft])
        var response = Response.json(.created, links[0].json)
        response.headers[.location] = "/v1/links/\(links[0].id)"
        return response
    }

    /// `POST /v1/links/bulk`: up to 1,000 links, all stored or none.
    @Sendable func createBulk(_ request: Request, context: Context) async throws -> Response {
        let batch = try await request.decodeJSON(limit: Self.maximumBulkBodySize, LinkDraftBatch.init(json:))
        let links = try await writer(context).create(batch.links, field: { name, index in LinkDraftBatch.field(name, ofLink: index) })
        return Response.json(.created, .object([("links", .array(links.map(\.json)))]))
    }

    /// `PATCH /v1/links/{id}`: the changed link.
    @Sendable func update(_ request: Request, context: Context) async throws -> Response {
        let patch = try await request.decodeJSON(limit: Self.maximumBodySize, LinkPatch.init(json:))
        let current = try await storage.link(namedIn: context)
        return Response.json(.ok, try await writer(context).update(current, with: patch).json)
    }
}
