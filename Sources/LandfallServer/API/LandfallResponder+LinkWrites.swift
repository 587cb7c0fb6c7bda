import AppSiteAssociation
import Foundation
import Hummingbird
import LandfallLinks
import LandfallStorage

extension LandfallResponder {
    /// The largest body of `POST /v1/links` and `PATCH /v1/links/{id}`.
    static let maximumBodySize = 1 << 20
    /// The largest body of `POST /v1/links/bulk`.
    static let maximumBulkBodySize = 4 << 20
    /// How many times random slugs are drawn again after a collision before giving up.
    static let slugAttempts = 5

    /// `POST /v1/links`: 201 with the link and its `Location`.
    func createLink(_ request: Request, site: LoadedSite) async throws(APIError) -> Response {
        let body = try await jsonBody(request, limit: Self.maximumBodySize)
        let draft: LinkDraft
        do {
            draft = try LinkDraft(json: body.readableBytesView)
        } catch {
            throw APIError(invalid: error)
        }
        let links = try await insert([draft], site: site, field: { name, _ in name })
        var response = Response.json(.created, JSONWriter.pretty.string(for: links[0].json))
        response.headers[.location] = "/v1/links/\(links[0].id)"
        return response
    }

    /// `POST /v1/links/bulk`: up to 1,000 links, all stored or none.
    func createLinks(_ request: Request, site: LoadedSite) async throws(APIError) -> Response {
        let body = try await jsonBody(request, limit: Self.maximumBulkBodySize)
        let batch: LinkDraftBatch
        do {
            batch = try LinkDraftBatch(json: body.readableBytesView)
        } catch {
            throw APIError(invalid: error)
        }
        let links = try await insert(batch.links, site: site, field: { name, index in LinkDraftBatch.field(name, ofLink: index) })
        return Response.json(.created, JSONWriter.pretty.string(for: .object([("links", .array(links.map(\.json)))])))
    }

    /// `PATCH /v1/links/{id}`: the changed link.
    func updateLink(_ id: LinkID?, _ request: Request, site: LoadedSite) async throws(APIError) -> Response {
        let body = try await jsonBody(request, limit: Self.maximumBodySize)
        let patch: LinkPatch
        do {
            patch = try LinkPatch(json: body.readableBytesView)
        } catch {
            throw APIError(invalid: error)
        }
        let current = try await existingLink(id)
        if let host = patch.host { _ = try linkHost(host, site: site, field: "host") }
        if let slug = patch.slug { try checkSlug(slug, site: site, field: "slug") }
        let urls = try checkedURLs(patch.urlFields, site: site, naming: { $0 })
        let now = state.clock()
        var changed = Self.normalizing(patch.applied(to: current, at: now), urls)
        try Self.checkFuture(patch.expiresAt.newValue, now: now, field: "expiresAt")
        let updated: Bool
        do {
            updated = try await state.storage.update(changed)
        } catch {
            throw apiError(for: error, slugField: "slug")
        }
        guard updated else { throw APIError.notFound() }
        state.links.remove(host: current.host, slugs: [current.slug])
        state.links.remove(host: changed.host, slugs: [changed.slug])
        changed.clickCount = current.clickCount
        return Response.json(.ok, JSONWriter.pretty.string(for: changed.json))
    }

    /// Checks drafts, gives each an id and a slug, and stores them all in one transaction,
    /// drawing random slugs again when one collides.
    ///
    /// - Parameter field: The JSON path of a draft's field (`links[3].slug` in a bulk request).
    private func insert(_ drafts: [LinkDraft], site: LoadedSite,
                        field: (String, Int) -> String) async throws(APIError) -> [ShortLink] {
        let now = state.clock()
        var links: [ShortLink] = []
        var customSlugs: [String: Int] = [:]
        var generator = SystemRandomNumberGenerator()
        for (index, draft) in drafts.enumerated() {
            let host = try linkHost(draft.host, site: site, field: field("host", index))
            let urls = try checkedURLs(draft.urlFields, site: site, naming: { field($0, index) })
            try Self.checkFuture(draft.expiresAt, now: now, field: field("expiresAt", index))
            let slug: String
            if let custom = draft.slug {
                try checkSlug(custom, site: site, field: field("slug", index))
                if let earlier = customSlugs[custom] {
                    throw APIError(.conflict, .slugTaken, "The slug '\(custom)' is asked for twice in this request (also by links[\(earlier)]).",
                                   field: field("slug", index))
                }
                customSlugs[custom] = index
                slug = custom
            } else {
                slug = site.slugGenerator.slug(using: &generator)
            }
            let link = draft.shortLink(id: LinkID.generate(at: now, using: &generator), host: host, slug: slug, createdAt: now)
            links.append(Self.normalizing(link, urls))
        }
        for attempt in 1...Self.slugAttempts {
            do {
                try await state.storage.insert(links)
                for link in links { state.links.remove(host: link.host, slugs: [link.slug]) }
                return links
            } catch {
                guard case .slugTaken(let host, let slug) = error.code,
                      let index = links.firstIndex(where: { $0.host == host && $0.slug == slug }) else {
                    throw apiError(for: error)
                }
                if drafts[index].slug != nil || attempt == Self.slugAttempts {
                    throw apiError(for: error, slugField: field("slug", index))
                }
                links[index].slug = site.slugGenerator.slug(using: &generator)
            }
        }
        throw APIError(.internalServerError, .internalError, "No free random slug was found; try again.")
    }

    /// `link` with its destinations in the normalized form the policy gave them (`urls`, by
    /// field: `target`, `overrides.ios`, …), which is what redirects send.
    private static func normalizing(_ link: ShortLink, _ urls: [String: String]) -> ShortLink {
        var link = link
        link.target = urls["target"] ?? link.target
        link.overrides = PlatformOverrides(ios: link.overrides.ios.map { urls["overrides.ios"] ?? $0 },
                                           android: link.overrides.android.map { urls["overrides.android"] ?? $0 },
                                           desktop: link.overrides.desktop.map { urls["overrides.desktop"] ?? $0 })
        return link
    }

    /// Refuses an expiry time that has passed at `now` (a link would be gone on arrival).
    private static func checkFuture(_ expiresAt: Date?, now: Date, field: String) throws(APIError) {
        if let expiresAt, expiresAt <= now {
            throw APIError.invalidBody("expiresAt: \(APITime.string(expiresAt)) has passed; give a time in the future.", field: field)
        }
    }

    /// The link host a draft names (or the site's, when it names none).
    private func linkHost(_ requested: String?, site: LoadedSite, field: String) throws(APIError) -> String {
        guard let linksHost = site.configuration.hosts.links else {
            throw APIError(.badRequest, .invalidBody, "This site has no link host; add hosts.links to its landfall.yml.", field: field)
        }
        if let requested, requested.lowercased() != linksHost {
            throw APIError.invalidBody("'\(requested)' is not a link host of this site; use \(linksHost) (or leave host out).", field: field)
        }
        return linksHost
    }

    private func checkSlug(_ slug: String, site: LoadedSite, field: String) throws(APIError) {
        if let refusal = site.configuration.slugPolicy.refusal(for: slug) {
            throw APIError(.badRequest, .invalidSlug, refusal.message, field: field)
        }
    }

    /// Every URL field run through the destination policy; the normalized URLs by field
    /// (`target`, `overrides.ios`, …). An image only has to be an absolute http(s) URL: it is
    /// shown, never redirected to.
    ///
    /// - Parameter naming: The JSON path of a field in the request, for errors.
    private func checkedURLs(_ fields: [(field: String, url: String)], site: LoadedSite,
                             naming: (String) -> String) throws(APIError) -> [String: String] {
        var normalized: [String: String] = [:]
        for (name, url) in fields {
            let field = naming(name)
            if field.hasSuffix("preview.imageURL") {
                let lowered = url.lowercased()
                guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"), URLComponents(string: url)?.host?.isEmpty == false,
                      !url.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) else {
                    throw APIError.invalidBody("\(field): the image must be an absolute http or https URL.", field: field)
                }
                continue
            }
            switch site.destinations.check(url) {
            case .success(let destination): normalized[name] = destination.text
            case .failure(let refusal):
                throw APIError(.badRequest, .destinationRefused, "\(field): \(refusal.message)", field: field)
            }
        }
        return normalized
    }

    /// The body of a JSON request, at most `limit` bytes.
    ///
    /// - Throws: 415 when the body is not declared `application/json`, 413 when it is larger
    ///   than `limit`.
    func jsonBody(_ request: Request, limit: Int) async throws(APIError) -> ByteBuffer {
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        let mediaType = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json")) else {
            throw APIError(.unsupportedMediaType, .unsupportedMediaType,
                           "Send the body as JSON with 'Content-Type: application/json'\(contentType.isEmpty ? "" : ", not '\(contentType)'").")
        }
        let tooLarge = APIError(.contentTooLarge, .payloadTooLarge, "The body is larger than \(limit / 1024) KiB.")
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit { throw tooLarge }
        do {
            return try await request.body.collect(upTo: limit)
        } catch {
            throw tooLarge
        }
    }

    /// The API's answer to a storage failure: 409 for a slug taken, 503 when the database
    /// cannot be reached, 500 (logged, the detail kept out of the answer) otherwise.
    func apiError(for error: StorageError, slugField: String? = nil) -> APIError {
        switch error.code {
        case .slugTaken(let host, let slug):
            return APIError(.conflict, .slugTaken, "The slug '\(slug)' is already used on \(host); choose another.", field: slugField)
        case .unreachable, .closed:
            return APIError(.serviceUnavailable, .unavailable, "The database cannot be reached right now; try again shortly.",
                            headers: [.retryAfter: "5"])
        default:
            state.logger.error("storage failure", metadata: ["error": "\(error)"])
            return APIError(.internalServerError, .internalError, "Something went wrong storing this; it has been logged.")
        }
    }
}

extension APIError {
    /// 400 for a body the decoder refused, naming the first field at fault (every error is in the message).
    init(invalid body: InvalidRequestBody) {
        let first = body.errors.first
        self.init(.badRequest, .invalidBody, body.errors.map(\.description).joined(separator: "\n"),
                  field: first.map(\.field).flatMap { $0.isEmpty ? nil : $0 })
    }
}
