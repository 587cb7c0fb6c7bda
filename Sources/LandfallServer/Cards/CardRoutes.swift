import Foundation
import Hummingbird
import LandfallCards
import LandfallLinks
import LandfallSite

/// `GET /static/cards/FINGERPRINT.png?…` on the site host: a page's card (``PageCard``), as
/// PNG, cached for a year as immutable with the fingerprint as its ETag (304 for
/// `If-None-Match`).
///
/// A card kept in memory or on disk (``CardStore``) is served as it is. Otherwise the page the
/// query names (`page=PATH`, `link=HOST/SLUG`, `default`) is looked at again as a visitor would
/// see it now; when its card has this fingerprint, the card is drawn (once), kept and served.
/// When it does not — the page changed, the site was reloaded with another template, the
/// address was made up — the answer is 404, not a redirect to the current card: an immutable
/// address must not change its picture, and the page a crawler reads again names the new
/// address. Under embargo a page's card is the site's default (``SiteCards``), so the card of
/// what is hidden is never drawn before its time.
struct CardRoutes: Sendable {
    typealias Context = LandfallRequestContext

    /// A year, and `immutable`: a card's address names its picture for ever.
    static let cacheControl = "public, max-age=31536000, immutable"

    /// The route label of cards, in the access log and `/metrics`.
    static let label = PageCard.pathPrefix + ":card"

    let store: CardStore
    let finder: RoutePageFinder
    let links: LinkLookup

    /// A card kept in memory, answered on a route of its own before the page stack (as the
    /// association files are): no https redirect to decide, no rate limit to count, since it
    /// costs no more than an association file. Nil for anything else — another host's role, a
    /// plain-http request the page stack redirects, a card not in memory — which the page
    /// stack then answers (``respond(_:path:context:)``).
    func respondKept(_ request: Request, context: Context) throws -> Response? {
        guard let fingerprint = PageCard.fingerprint(inPath: request.uri.path) else { return nil }
        let host = try context.host
        guard host.role.served == .site,
              host.role.isLocal || !Origins.isPlainHTTP(forwardedProto: host.forwardedProto) else { return nil }
        let etag = "\"\(fingerprint)\""
        if let match = request.headers[.ifNoneMatch], StaticFileResponse.matches(match, etag: etag) {
            context.label(Self.label)
            return Response(status: .notModified, headers: [.eTag: etag, .cacheControl: Self.cacheControl])
        }
        guard let png = store.inMemory(fingerprint) else { return nil }
        context.label(Self.label)
        return Self.response(png, etag: etag)
    }

    /// The card at `path`, or nil when `path` is no card's (a file of the static folder then).
    func respond(_ request: Request, path: String, context: Context) async throws -> Response? {
        guard let fingerprint = PageCard.fingerprint(inPath: path) else { return nil }
        context.label(Self.label)
        let host = try context.host
        let etag = "\"\(fingerprint)\""
        if let match = request.headers[.ifNoneMatch], StaticFileResponse.matches(match, etag: etag) {
            return Response(status: .notModified, headers: [.eTag: etag, .cacheControl: Self.cacheControl])
        }
        if let png = await store.keptReadingAside(fingerprint) { return Self.response(png, etag: etag) }
        guard let cards = host.site.cards, let source = PageCard.Source(query: request.uri.query),
              let card = try await currentCard(source, cards: cards, site: host.site, origins: host.origins, context: context),
              card.fingerprint == fingerprint else {
            return StatusPages.notFound(site: host.site, origins: host.origins)
        }
        do {
            let png = try await store.card(fingerprint) { try cards.render(card) }
            return Self.response(png, etag: etag)
        } catch {
            context.logger.error("a card could not be drawn", metadata: ["card": "\(fingerprint)", "error": "\(error)"])
            throw PageProblem.internalError
        }
    }

    /// The card the page `source` names has now, as its page (or short link) would name it.
    private func currentCard(_ source: PageCard.Source, cards: SiteCards, site: LoadedSite, origins: Origins,
                             context: Context) async throws -> PageCard? {
        switch source {
        case .siteDefault:
            return cards.defaultCard
        case .page(let path):
            guard case .page(let page, _) = finder.page(for: origins.canonicalSite + path, path: path, site: site, origins: origins,
                                                        logger: context.logger) else { return nil }
            return page.card
        case .link(let linkHost, let slug):
            guard let known = site.configuration.hosts.linkHosts.first(where: { $0.name == linkHost }),
                  LinkLookup.mayBeSlug(slug) else { return nil }
            let lookedUp: ShortLink?
            do {
                lookedUp = try await links.link(on: known, slug: slug)
            } catch {
                context.logger.error("short link lookup for a card failed", metadata: ["error": "\(error)"])
                throw PageProblem(.serviceUnavailable, title: "Try again in a moment", message: "This picture can't be made right now.")
            }
            guard let link = lookedUp else { return nil }
            let target = site.checkedDestination(link.target)
            let found = target.flatMap { ShortLinkRoutes.sitePage(of: $0, finder: finder, site: site, origins: origins, logger: context.logger) }
            return ShortLinkRoutes.card(of: link, page: found, cards: cards)
        }
    }

    private static func response(_ png: ByteBuffer, etag: String) -> Response {
        Response(status: .ok, headers: [
            .contentType: "image/png", .contentLength: String(png.readableBytes), .eTag: etag, .cacheControl: cacheControl,
            .init("X-Content-Type-Options")!: "nosniff",
        ], body: ResponseBody(byteBuffer: png))
    }
}
