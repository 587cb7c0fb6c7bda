import DeepLinkRouting
import Foundation
import LandfallJSON
import LandfallSite

/// One content item of a route whose content key is `directory/{parameter}` (`puzzle/{date}`
/// lists `content/puzzle/*.json`): its page's URL on the site host and, for a route with an
/// embargo, when it opens. The sitemap lists the items that are out; the dashboard's site page
/// lists those still hidden.
///
/// ```swift
/// for item in RouteContentItem.items(of: route, in: site, now: now) where !item.isEmbargoed {
///     print(item.url)   // https://daily.example.com/puzzle/2026-11-20
/// }
/// ```
struct RouteContentItem: Sendable {
    /// The route whose content it is.
    let route: SiteRoute
    /// The path parameter the item fills (`["date": "2026-11-20"]`).
    let parameters: [String: String]
    /// The page's URL on the site host, which routes back to ``route``.
    let url: String
    /// When its embargo lifts, when the route has one and the moment can be read.
    let opensAt: Date?
    /// Whether it is hidden at the time asked about.
    let isEmbargoed: Bool

    /// The items of `route` at `now`, in the content's order (none for a route whose content
    /// key is not `directory/{parameter}`). Content whose embargo field cannot be read is left
    /// out: it cannot say it is released.
    static func items(of route: SiteRoute, in site: LoadedSite, now: Date) -> [RouteContentItem] {
        let configuration = site.configuration
        guard let key = route.page.content, key.pieces.count == 2,
              case .literal(let prefix) = key.pieces[0], prefix.hasSuffix("/"),
              case .placeholder(let name) = key.pieces[1] else { return [] }
        var items: [RouteContentItem] = []
        for item in site.content.keys(in: String(prefix.dropLast())) {
            let parameters = [name: String(item.dropFirst(prefix.count))]
            var content: JSONValue?
            var opensAt: Date?
            var isEmbargoed = false
            if let embargo = route.embargo {
                if case .contentField = embargo.source {
                    guard let contentKey = ContentKey(item), let readable = try? site.content.content(at: contentKey) else { continue }
                    content = readable
                }
                opensAt = embargo.releaseMoment(parameters: parameters, content: content, siteTimeZone: configuration.timeZone)
                isEmbargoed = embargo.isEmbargoed(parameters: parameters, content: content, now: now, siteTimeZone: configuration.timeZone)
            }
            guard let url = try? site.site.router.link(to: route.name, parameters: parameters, on: .https(configuration.hosts.site)),
                  case .matched(let match) = site.site.router.route(url), match.route.name == route.name else { continue }
            items.append(RouteContentItem(route: route, parameters: parameters, url: url, opensAt: opensAt, isEmbargoed: isEmbargoed))
        }
        return items
    }
}
