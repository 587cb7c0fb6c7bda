import Foundation
import Hummingbird
import LandfallLinks
import LandfallSite
import LandfallWire

/// `GET /bridge/<path>` on the site host: the page for links in email. Mail apps and the
/// click-tracking redirects of mailing services often keep universal links from opening the
/// app; this https page opens it through its custom scheme instead (`dailypuzzle://invites/…`,
/// or on Android an `intent:` address that Chrome follows to the app or, without it, to the
/// web page), with the same path and query, and offers the store badges (through a pending
/// claim, so the link survives the install) and the web page when the app does not open.
///
/// `<path>` must be a route of the site that opens the app; an embargoed one shows the site's
/// own preview, as everywhere. A computer goes straight to the web page, as does every visitor
/// when the site has no custom scheme. The page is never indexed nor cached.
struct BridgeRoutes: Sendable {
    typealias Context = LandfallRequestContext

    /// Where the bridge pages are: `/bridge/invites/7KQ2M-X4P9T-HCW3R` bridges `/invites/7KQ2M-X4P9T-HCW3R`.
    static let prefix = "/bridge"

    let finder: RoutePageFinder
    let claims: PendingClaims

    func respond(_ request: Request, path: String, context: Context) async throws -> Response {
        let host = try context.host
        let site = host.site
        let origins = host.origins
        let target = String(path.dropFirst(Self.prefix.count))
        let query = request.uri.query.map { "?\($0)" } ?? ""
        let link = origins.canonicalSite + target + query
        guard target.hasPrefix("/"), target.count > 1 else { return StatusPages.notFound(site: site, origins: origins) }
        var values: PageValues
        let route: SiteRoute
        switch finder.page(for: link, path: target + query, site: site, origins: origins, logger: context.logger) {
        case .noRoute, .missing, .failed:
            return StatusPages.notFound(site: site, origins: origins)
        case .embargoed(let embargoed):
            route = embargoed
            values = PageValues(site: site, origins: origins, apps: site.configuration.apps(for: embargoed))
        case .page(let page, let matched):
            route = matched
            values = page.values
        }
        let web = origins.site + target + query
        let visitor = VisitorClassifier.classify(userAgent: request.headers[.userAgent])
        guard route.opensApp, let appURL = Self.appURL(path: target, query: query, visitor: visitor, apps: site.configuration.apps(for: route),
                                                       schemes: site.configuration.schemes, fallback: web) else {
            return Response.redirect(.found, to: web)
        }
        if case .browser(let platform) = visitor, platform != .ios, platform != .android {
            return Response.redirect(.found, to: web)
        }
        values.canonicalURL = link
        values.webURL = web
        values.noIndex = true
        values.openInAppURL = appURL
        _ = try await claims.attach(to: &values, url: link, deepLink: link, link: nil, campaign: Campaign(),
                                    visitor: visitor, request: request, context: context)
        context.label("bridge")
        return Response.html(.ok, PageRenderer.render("bridge", values: values, in: site.templates), cacheControl: "private, no-store")
    }

    /// The address that opens the app at `path` through its custom scheme (the first app's
    /// `ios.scheme`, else the site's first of `schemes`): `scheme://path?query`, or on Android
    /// `intent://path?query#Intent;scheme=…;package=…;S.browser_fallback_url=…;end`, which Chrome
    /// opens in the app when it is installed and follows to `fallback` when it is not. `nil`
    /// when the app has no custom scheme.
    static func appURL(path: String, query: String, visitor: Visitor, apps: [AppConfiguration], schemes: [String],
                       fallback: String) -> String? {
        guard let scheme = apps.lazy.compactMap({ $0.ios?.scheme }).first ?? schemes.first else { return nil }
        let rest = String(path.dropFirst()) + query
        guard case .browser(.android) = visitor, let package = apps.lazy.compactMap({ $0.android?.package }).first else {
            return "\(scheme)://\(rest)"
        }
        let encodedFallback = fallback.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? fallback
        return "intent://\(rest)#Intent;scheme=\(scheme);package=\(package);S.browser_fallback_url=\(encodedFallback);end"
    }
}
