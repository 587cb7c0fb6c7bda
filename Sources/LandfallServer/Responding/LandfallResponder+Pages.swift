import AppSiteAssociation
import DeepLinkRouting
import Foundation
import Hummingbird
import LandfallLinks
import LandfallSite
import Logging

extension LandfallResponder {
    /// A page of the site host: the sitemap, robots.txt, a route's page (or its JSON view,
    /// for `Accept: application/json`), the home page for `/`, or the not-found page.
    func pageResponse(_ request: Request, path: String, site: LoadedSite, origins: Origins, client: RequestClient,
                      requestID: String) async -> (Response, String) {
        if path == "/sitemap.xml" { return (sitemapResponse(site: site), "/sitemap.xml") }
        if path == "/robots.txt" {
            return (Response.text(.ok, "User-agent: *\nAllow: /\nSitemap: \(origins.canonicalSite)/sitemap.xml\n"), "/robots.txt")
        }
        let query = request.uri.query.map { "?\($0)" } ?? ""
        let link = origins.canonicalSite + path + query
        let wantsJSON = Self.prefersJSON(request.headers[.accept])
        switch routePage(for: link, path: path + query, site: site, origins: origins, requestID: requestID) {
        case .noRoute:
            if path == "/" { return (homePage(site: site, origins: origins), "home") }
            return (notFoundPage(site: site, origins: origins, json: wantsJSON), "not_found")
        case .missing(let route):
            return (notFoundPage(site: site, origins: origins, json: wantsJSON), route.definition.pattern)
        case .embargoed(let route):
            return (notYetAvailable(site: site, origins: origins, json: wantsJSON), route.definition.pattern)
        case .failed(let route):
            return (errorPage(.internalServerError, title: "Something went wrong",
                              message: "This page can't be shown right now. We've logged it; please try again later.",
                              site: site, requestID: requestID), route.definition.pattern)
        case .page(let page, let route):
            let label = route.definition.pattern
            if wantsJSON {
                return (Response.json(.ok, JSONWriter.pretty.string(for: page.json), cacheControl: "public, max-age=60"), label)
            }
            if route.name == site.configuration.invitations?.route {
                return (await invitationPage(page, route: route, request: request, site: site, origins: origins, client: client,
                                             requestID: requestID), label)
            }
            var values = page.values
            // A phone without the app gets a pending claim, so the page is its own (never cached);
            // everyone else shares the cached page, which varies by User-Agent.
            var claimed = false
            if route.opensApp {
                claimed = await attachPendingClaim(to: &values, url: link, deepLink: link, link: nil, campaign: Campaign(),
                                                   visitor: VisitorClassifier.classify(userAgent: request.headers[.userAgent]),
                                                   request: request, client: client, origins: origins, site: site)
            }
            var response = Response.html(.ok, PageRenderer.render(route.page.template, values: values, in: site.templates),
                                         cacheControl: claimed ? "private, no-store" : "public, max-age=60")
            response.headers[.vary] = "User-Agent"
            return (response, label)
        }
    }

    /// What a link to the site shows: its route's page, or why there is none. Embargoes hold:
    /// a future day is decided before any content is read, and a `publishAt` field hides its
    /// content until that moment. Short links use it too, so a preview never spoils.
    func routePage(for link: String, path: String, site: LoadedSite, origins: Origins, requestID: String) -> RoutePageResult {
        guard case .matched(let match) = site.site.router.route(link), let route = site.site.routesByName[match.route.name] else {
            return .noRoute
        }
        let parameters = match.parameters.pathParameters
        let now = state.clock()
        let timeZone = site.configuration.timeZone
        if let embargo = route.embargo, case .dayParameter = embargo.source,
           embargo.isEmbargoed(parameters: parameters, content: nil, now: now, siteTimeZone: timeZone) {
            return .embargoed(route)
        }
        var content: JSONValue?
        if let key = route.page.content {
            guard let contentKey = ContentKey(key.filled(with: parameters)) else { return .missing(route) }
            do {
                content = try site.content.content(at: contentKey)
            } catch {
                state.logger.error("content unreadable", metadata: ["request_id": "\(requestID)", "error": "\(error)"])
                return .failed(route)
            }
            guard content != nil else { return .missing(route) }
        }
        if let embargo = route.embargo, case .contentField = embargo.source,
           embargo.isEmbargoed(parameters: parameters, content: content, now: now, siteTimeZone: timeZone) {
            return .embargoed(route)
        }
        let page = RoutePage(site: site, route: route, parameters: parameters, content: content, link: link,
                             path: path, origins: origins)
        return .page(page, route: route)
    }

    /// Whether an `Accept` header asks for JSON rather than HTML.
    static func prefersJSON(_ accept: String?) -> Bool {
        guard let accept = accept?.lowercased() else { return false }
        return accept.contains("application/json") && !accept.contains("text/html")
    }

    static func jsonError(_ status: HTTPResponse.Status, _ code: String, _ message: String) -> Response {
        Response.json(status, JSONWriter.pretty.string(for: JSONValue(.object([
            JSONMember(key: "error", value: JSONValue(.string(code))),
            JSONMember(key: "message", value: JSONValue(.string(message))),
        ]))))
    }

    /// The page for anything that is not out yet: status 404, nothing of the content, the
    /// same for every embargoed address, and not cached (it changes at the release moment).
    func notYetAvailable(site: LoadedSite, origins: Origins, json: Bool) -> Response {
        if json { return Self.jsonError(.notFound, "not_yet_available", "This is not available yet.") }
        var values = RoutePage.baseValues(site: site, origins: origins, apps: site.configuration.apps)
        values["title"] = "Not yet available · \(site.configuration.name)"
        values["noIndex"] = true
        return Response.html(.notFound, PageRenderer.render("not-yet-available", values: values, in: site.templates),
                             cacheControl: "no-cache")
    }

    /// The friendly page for an address that leads nowhere: status 404, a way to the home page
    /// and the stores (or, for `json`, a JSON error).
    func notFoundPage(site: LoadedSite, origins: Origins, json: Bool = false) -> Response {
        if json { return Self.jsonError(.notFound, "not_found", "No page has this address.") }
        var values = RoutePage.baseValues(site: site, origins: origins, apps: site.configuration.apps)
        values["title"] = "Page not found · \(site.configuration.name)"
        values["noIndex"] = true
        return Response.html(.notFound, PageRenderer.render("not-found", values: values, in: site.templates),
                             cacheControl: "no-cache")
    }

    /// The site's landing page at `/` when no route claims it.
    func homePage(site: LoadedSite, origins: Origins) -> Response {
        var values = RoutePage.baseValues(site: site, origins: origins, apps: site.configuration.apps)
        values["title"] = site.configuration.name
        values["description"] = site.configuration.description
        values["canonicalURL"] = origins.canonicalSite + "/"
        return Response.html(.ok, PageRenderer.render("home", values: values, in: site.templates), cacheControl: "public, max-age=60")
    }
}

/// What ``LandfallResponder/routePage(for:path:site:origins:requestID:)`` found.
enum RoutePageResult {
    /// No route of the site matches.
    case noRoute
    /// The route matches but its content does not exist (or its key is unsafe).
    case missing(SiteRoute)
    /// The page is not out yet.
    case embargoed(SiteRoute)
    /// The content could not be read (logged).
    case failed(SiteRoute)
    /// The page.
    case page(RoutePage, route: SiteRoute)
}
