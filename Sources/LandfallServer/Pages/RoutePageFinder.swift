import Foundation
import LandfallJSON
import LandfallSite
import Logging

/// Finds what a link to the site shows: its route's page, or why there is none. Embargoes
/// hold: a future day is decided before any content is read, and a `publishAt` field hides its
/// content until that moment. Short links use it too, so a preview never spoils.
struct RoutePageFinder: Sendable {
    let clock: @Sendable () -> Date

    /// What found a link.
    enum Result {
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

    /// The page of `link` (on the canonical site origin; `path` is its path and query).
    func page(for link: String, path: String, site: LoadedSite, origins: Origins, logger: Logger) -> Result {
        guard case .matched(let match) = site.site.router.route(link), let route = site.site.routesByName[match.route.name] else {
            return .noRoute
        }
        let parameters = match.parameters.pathParameters
        let now = clock()
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
                logger.error("content unreadable", metadata: ["error": "\(error)"])
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
}
