import Foundation
import Hummingbird
import LandfallJSON
import LandfallLinks
import LandfallWire

/// The pages of the site host (and its development names): the sitemap, robots.txt, a route's
/// page (or its JSON view, for `Accept: application/json`), the home page for `/`, or the
/// not-found page. A phone without the app gets a pending claim on a page that opens the app.
struct PageRoutes: Sendable {
    typealias Context = LandfallRequestContext

    let finder: RoutePageFinder
    let claims: PendingClaims
    let invitations: InvitationPage

    func respond(_ request: Request, context: Context) async throws -> Response {
        let host = try context.host
        let site = host.site
        let origins = host.origins
        let path = request.uri.path
        if path == "/sitemap.xml" {
            context.label(path)
            return Sitemap.response(site: site, now: finder.clock())
        }
        if path == "/robots.txt" {
            context.label(path)
            return Response.text(.ok, "User-agent: *\nAllow: /\nSitemap: \(origins.canonicalSite)/sitemap.xml\n")
        }
        let query = request.uri.query.map { "?\($0)" } ?? ""
        let link = origins.canonicalSite + path + query
        let wantsJSON = Self.prefersJSON(request.headers[.accept])
        switch finder.page(for: link, path: path + query, site: site, origins: origins, logger: context.logger) {
        case .noRoute:
            if path == "/" {
                context.label("home")
                return StatusPages.home(site: site, origins: origins)
            }
            context.label("not_found")
            return StatusPages.notFound(site: site, origins: origins, json: wantsJSON)
        case .missing(let route):
            context.label(route.definition.pattern)
            return StatusPages.notFound(site: site, origins: origins, json: wantsJSON)
        case .embargoed(let route):
            context.label(route.definition.pattern)
            return StatusPages.notYetAvailable(site: site, origins: origins, json: wantsJSON)
        case .failed(let route):
            context.label(route.definition.pattern)
            throw PageProblem.internalError
        case .page(let page, let route):
            context.label(route.definition.pattern)
            if wantsJSON {
                return Response.json(.ok, JSONWriter.pretty.string(for: page.json), cacheControl: "public, max-age=60")
            }
            if route.name == site.configuration.invitations?.route {
                return try await invitations.response(page, request: request, context: context)
            }
            var values = page.values
            if route.opensApp {
                values.adapt(toBrowserOf: request.headers[.userAgent], path: path, query: query,
                             apps: site.configuration.apps(for: route), schemes: site.configuration.schemes, web: origins.site + path + query)
            }
            // A phone without the app gets a pending claim, so the page is its own (never cached);
            // everyone else shares the cached page, which varies by User-Agent.
            var claimed = false
            if route.opensApp {
                claimed = try await claims.attach(to: &values, url: link, deepLink: link, link: nil, campaign: Campaign(),
                                                  visitor: VisitorClassifier.classify(userAgent: request.headers[.userAgent]),
                                                  request: request, context: context)
            }
            var response = Response.html(.ok, PageRenderer.render(route.page.template, values: values, in: site.templates),
                                         cacheControl: claimed ? "private, no-store" : "public, max-age=60")
            response.headers[.vary] = "User-Agent"
            return response
        }
    }

    /// Whether an `Accept` header asks for JSON rather than HTML.
    static func prefersJSON(_ accept: String?) -> Bool {
        guard let accept = accept?.lowercased() else { return false }
        return accept.contains("application/json") && !accept.contains("text/html")
    }
}
