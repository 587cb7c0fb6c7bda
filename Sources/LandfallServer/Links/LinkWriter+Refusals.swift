import Foundation
import LandfallSite
import LandfallLinks
import LandfallStorage

extension LinkWriter {
    /// Every refusal ``create(_:field:)`` or ``update(_:with:)`` would make of a link's fields,
    /// all at once rather than the first only, so that a form can show each next to its field:
    /// the link host, the slug policy, a slug another link has, each URL (the destination
    /// policy), an expiry in the past. Nothing is stored; the writer checks again when it writes.
    ///
    /// ```swift
    /// let refusals = try await writer.refusals(host: nil, slug: "shop", urls: draft.urlFields, expiresAt: nil)
    /// refusals.map(\.field) // ["slug"]: reserved
    /// ```
    ///
    /// - Parameters:
    ///   - host: The link host asked for, `nil` for the site's.
    ///   - slug: A custom slug to check, `nil` for none (a random one, or the link's own).
    ///   - urls: The URL fields, named as the API names them (``LinkDraft/urlFields``).
    ///   - expiresAt: The expiry to check, if any.
    ///   - card: The card template named, if any (``LinkChecks/card(_:field:)``).
    ///   - owner: The link being changed, whose own slug is not "taken".
    /// - Returns: The refusals, each an ``APIError`` naming its field as the API does.
    /// - Throws: `StorageError` when the database fails.
    func refusals(host: String?, slug: String?, urls: [(field: String, url: String)], expiresAt: Date?,
                  card: String? = nil, owner: LinkID? = nil) async throws -> [APIError] {
        var refusals: [APIError] = []
        var linkHost: LinkHost?
        do {
            linkHost = try checks.linkHost(host, field: "host")
        } catch {
            refusals.append(error)
        }
        if let slug {
            do {
                try checks.slug(slug, field: "slug")
                let stored = linkHost?.storedSlug(slug) ?? slug
                if let linkHost, let other = try await storage.link(host: linkHost.name, slug: stored), other.id != owner {
                    refusals.append(APIError(storage: StorageError(.slugTaken(host: linkHost.name, slug: stored), "slug taken"), slugField: "slug", logger: logger))
                }
            } catch let error as APIError {
                refusals.append(error)
            }
        }
        for url in urls {
            do {
                _ = try checks.urls([url], naming: { $0 })
            } catch {
                refusals.append(error)
            }
        }
        do {
            try LinkChecks.future(expiresAt, now: clock(), field: "expiresAt")
        } catch {
            refusals.append(error)
        }
        do {
            try checks.card(card, field: "card")
        } catch {
            refusals.append(error)
        }
        return refusals
    }
}
