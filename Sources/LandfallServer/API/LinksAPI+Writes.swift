import Foundation
import Hummingbird
import LandfallJSON
import LandfallLinks
import LandfallStorage

extension LinksAPI {
    /// How many times random slugs are drawn again after a collision before giving up.
    static let slugAttempts = 5

    /// `POST /v1/links`: 201 with the link and its `Location`.
    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        let draft = try await request.decodeJSON(limit: Self.maximumBodySize, LinkDraft.init(json:))
        let links = try await insert([draft], checks: LinkChecks(site: try context.site), context: context, field: { name, _ in name })
        var response = Response.json(.created, links[0].json)
        response.headers[.location] = "/v1/links/\(links[0].id)"
        return response
    }

    /// `POST /v1/links/bulk`: up to 1,000 links, all stored or none.
    @Sendable func createBulk(_ request: Request, context: Context) async throws -> Response {
        let batch = try await request.decodeJSON(limit: Self.maximumBulkBodySize, LinkDraftBatch.init(json:))
        let links = try await insert(batch.links, checks: LinkChecks(site: try context.site), context: context,
                                     field: { name, index in LinkDraftBatch.field(name, ofLink: index) })
        return Response.json(.created, .object([("links", .array(links.map(\.json)))]))
    }

    /// `PATCH /v1/links/{id}`: the changed link.
    @Sendable func update(_ request: Request, context: Context) async throws -> Response {
        let patch = try await request.decodeJSON(limit: Self.maximumBodySize, LinkPatch.init(json:))
        let current = try await storage.link(namedIn: context)
        let checks = LinkChecks(site: try context.site)
        if let host = patch.host { _ = try checks.linkHost(host, field: "host") }
        if let slug = patch.slug { try checks.slug(slug, field: "slug") }
        let urls = try checks.urls(patch.urlFields, naming: { $0 })
        let now = clock()
        var changed = LinkChecks.normalizing(patch.applied(to: current, at: now), urls)
        try LinkChecks.future(patch.expiresAt.newValue, now: now, field: "expiresAt")
        let updated: Bool
        do {
            updated = try await storage.update(changed)
        } catch {
            throw APIError(storage: error, slugField: "slug", logger: context.logger)
        }
        guard updated else { throw APIError.notFound() }
        cache.remove(host: current.host, slugs: [current.slug])
        cache.remove(host: changed.host, slugs: [changed.slug])
        changed.clickCount = current.clickCount
        return Response.json(.ok, changed.json)
    }

    /// Checks drafts, gives each an id and a slug, and stores them all in one transaction,
    /// drawing random slugs again when one collides.
    ///
    /// - Parameter field: The JSON path of a draft's field (`links[3].slug` in a bulk request).
    private func insert(_ drafts: [LinkDraft], checks: LinkChecks, context: Context,
                        field: (String, Int) -> String) async throws -> [ShortLink] {
        let now = clock()
        let slugs = checks.site.slugGenerator
        var links: [ShortLink] = []
        var customSlugs: [String: Int] = [:]
        var generator = SystemRandomNumberGenerator()
        for (index, draft) in drafts.enumerated() {
            let host = try checks.linkHost(draft.host, field: field("host", index))
            let urls = try checks.urls(draft.urlFields, naming: { field($0, index) })
            try LinkChecks.future(draft.expiresAt, now: now, field: field("expiresAt", index))
            let slug: String
            if let custom = draft.slug {
                try checks.slug(custom, field: field("slug", index))
                if let earlier = customSlugs[custom] {
                    throw APIError(.conflict, .slugTaken, "The slug '\(custom)' is asked for twice in this request (also by links[\(earlier)]).",
                                   field: field("slug", index))
                }
                customSlugs[custom] = index
                slug = custom
            } else {
                slug = slugs.slug(using: &generator)
            }
            let link = draft.shortLink(id: LinkID.generate(at: now, using: &generator), host: host, slug: slug, createdAt: now)
            links.append(LinkChecks.normalizing(link, urls))
        }
        for attempt in 1...Self.slugAttempts {
            do {
                try await storage.insert(links)
                for link in links { cache.remove(host: link.host, slugs: [link.slug]) }
                return links
            } catch {
                guard case .slugTaken(let host, let slug) = error.code,
                      let index = links.firstIndex(where: { $0.host == host && $0.slug == slug }) else {
                    throw error
                }
                if drafts[index].slug != nil || attempt == Self.slugAttempts {
                    throw APIError(storage: error, slugField: field("slug", index), logger: context.logger)
                }
                links[index].slug = slugs.slug(using: &generator)
            }
        }
        throw APIError(.internalServerError, .internalError, "No free random slug was found; try again.")
    }
}
