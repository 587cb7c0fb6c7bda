import Foundation
import Hummingbird
import LandfallSite

/// Every page request, by the role of its host: an alias redirects to the site host (301), the
/// interstitial host sends the browser back to it (302, which is what lets "Open in the app"
/// open the app), the link host answers short links (``ShortLinkRoutes``), and the site host
/// and its development names serve the site's pages (``PageRoutes``), its static files
/// (``StaticFileResponse``), the share cards (``CardRoutes``) and the bridge pages for email (``BridgeRoutes``); the admin host serves
/// the dashboard (``DashboardRoutes``), whatever the path.
struct SiteRoutes: Sendable {
    typealias Context = LandfallRequestContext

    let shortLinks: ShortLinkRoutes
    let pages: PageRoutes
    let bridges: BridgeRoutes
    let cards: CardRoutes
    let dashboard: DashboardRoutes

    init(_ parts: ServerComponents, dashboard: DashboardConfiguration) {
        self.dashboard = DashboardRoutes(parts, configuration: dashboard)
        let finder = RoutePageFinder(clock: parts.clock)
        let claims = PendingClaims(parts)
        bridges = BridgeRoutes(finder: finder, claims: claims)
        cards = CardRoutes(store: parts.cards, finder: finder, links: LinkLookup(parts))
        shortLinks = ShortLinkRoutes(links: LinkLookup(parts), clicks: parts.clicks, finder: finder, claims: claims, clock: parts.clock)
        pages = PageRoutes(finder: finder, claims: claims,
                           invitations: InvitationPage(gate: InvitationGate(parts), storage: parts.storage, claims: claims, clock: parts.clock))
    }

    @Sendable func respond(_ request: Request, context: Context) async throws -> Response {
        let host = try context.host
        let path = request.uri.path
        // Only a path with escapes needs decoding to be checked (most links have none).
        let decoded = path.utf8.contains(UInt8(ascii: "%")) ? path.removingPercentEncoding : path
        guard path.hasPrefix("/"), let decoded, !decoded.utf8.contains(0) else {
            context.label("bad_path")
            throw PageProblem(.badRequest, title: "Bad request", message: "The address has characters no link of this site has.")
        }
        // A path near an association file's is the not-found page on every host but the site's,
        // and the dashboard's (whose own 404 it is).
        if AssociationRoutes.isNear(path), host.role.served != .site, host.role.served != .admin {
            context.label("not_found")
            return StatusPages.notFound(site: host.site, origins: host.origins)
        }
        switch host.role.served {
        case .alias:
            context.label("redirect_alias")
            return Response.redirect(.movedPermanently, to: host.origins.site + request.pathAndQuery)
        case .interstitial:
            context.label("redirect_interstitial")
            return Response.redirect(.found, to: host.origins.site + request.pathAndQuery)
        case .links:
            return try await shortLinks.respond(request, context: context)
        case .site, .local:
            if path.hasPrefix(Site.staticPathPrefix) {
                if let card = try await cards.respond(request, path: path, context: context) { return card }
                context.label("static")
                return StaticFileResponse.respond(request, path: decoded, site: host.site, origins: host.origins)
            }
            if path.hasPrefix(BridgeRoutes.prefix + "/") {
                return try await bridges.respond(request, path: path, context: context)
            }
            return try await pages.respond(request, context: context)
        case .admin:
            return try await dashboard.respond(request, context: context)
        }
    }
}
