import AppSiteAssociation
import Foundation
import Hummingbird
import LandfallSite
import LandfallStorage

/// `GET /site` (everyone signed in): the site as the server serves it now, from the request's
/// loaded site (so a reload shows at once): its association files with their lint results
/// (``SiteAssociationFile``), its route table with each example and what it opens
/// (``SiteRouteRow``), and the embargoed content still hidden and recently opened
/// (``RouteContentItem``).
struct SitePageRoutes: Sendable {
    let storage: Storage
    let clock: @Sendable () -> Date

    /// The most hidden items listed (the rest are counted).
    static let embargoLimit = 100
    /// How far back "opened recently" looks.
    static let recentWindow: TimeInterval = 7 * 86_400

    func addRoutes(members: RouterGroup<DashboardContext>) {
        members.get("/site", use: page)
    }

    @Sendable func page(_ request: Request, context: DashboardContext) async throws -> Response {
        let site = try context.server.site
        let origins = try context.server.host.origins
        let now = clock()
        let files = SiteAssociationFile.all(of: site)
        let finder = RoutePageFinder(clock: clock)
        let routes = site.configuration.routes.map {
            SiteRouteRow(route: $0, site: site, finder: finder, origins: origins, now: now, logger: context.logger).values
        }
        var hidden: [RouteContentItem] = []
        var opened: [RouteContentItem] = []
        for route in site.configuration.routes where route.embargo != nil {
            for item in RouteContentItem.items(of: route, in: site, now: now) {
                if item.isEmbargoed {
                    hidden.append(item)
                } else if let opensAt = item.opensAt, opensAt > now.addingTimeInterval(-Self.recentWindow) {
                    opened.append(item)
                }
            }
        }
        hidden.sort { ($0.opensAt ?? .distantFuture) < ($1.opensAt ?? .distantFuture) }
        opened.sort { ($0.opensAt ?? .distantPast) > ($1.opensAt ?? .distantPast) }
        func row(_ item: RouteContentItem) -> [String: Any] {
            [
                "url": item.url, "route": item.route.name,
                "opensAt": item.opensAt.map(DashboardTime.minute) ?? "when its content says (unreadable)",
                "relative": item.opensAt.map { DashboardTime.relative($0, from: now) } ?? "",
            ]
        }
        var values: [String: Any] = [
            "siteCurrent": true, "source": site.sourceName, "loadedAt": DashboardTime.minute(site.loadedAt),
            "files": files.map(\.values), "routes": routes,
            "hidden": hidden.prefix(Self.embargoLimit).map(row), "opened": opened.map(row), "now": DashboardTime.minute(now),
        ]
        if files.isEmpty { values["noFiles"] = true }
        if hidden.isEmpty { values["nothingHidden"] = true }
        if !opened.isEmpty { values["hasOpened"] = true }
        if hidden.count > Self.embargoLimit { values["moreHidden"] = hidden.count - Self.embargoLimit }
        return try DashboardPage.response("site", title: "Site", values: values, context: context)
    }
}
