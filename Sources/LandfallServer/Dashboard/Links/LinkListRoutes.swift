import Foundation
import Hummingbird
import LandfallLinks
import LandfallStorage

/// `GET /links` (everyone signed in): the links, 50 a page, searched, filtered and sorted by
/// the query parameters ``LinkListParameters`` reads, each page read through an index
/// (``Storage/links(_:)``) so that it stays fast with a million links. No total is counted.
struct LinkListRoutes: Sendable {
    let storage: Storage
    let clock: @Sendable () -> Date

    static let pageSize = 50

    func addRoutes(members: RouterGroup<DashboardContext>) {
        members.get("/links", use: list)
    }

    @Sendable func list(_ request: Request, context: DashboardContext) async throws -> Response {
        let configuration = try context.server.site.configuration
        let linkHosts = configuration.hosts.linkHosts.map(\.name)
        var given: [String: String] = [:]
        for (name, value) in request.uri.queryParameters { given[String(name)] = String(value) }
        let parameters = try LinkListParameters(given, linkHosts: linkHosts)
        let now = clock()
        let links = try await storage.links(parameters.query(limit: Self.pageSize, now: now))
        let host = try context.server.host
        var values: [String: Any] = [
            "linksCurrent": true,
            "q": parameters.search ?? "", "campaign": parameters.campaign ?? "",
            "hosts": linkHosts.map { ["name": $0, "selected": $0 == parameters.host] as [String: Any] },
            "states": LinkState.allCases.map { ["value": $0.rawValue, "selected": $0 == parameters.state] as [String: Any] },
            "sorts": [(LinkQuery.Sort.newest, "Newest first"), (.oldest, "Oldest first"), (.mostClicked, "Most clicked")].map { sort, label in
                ["value": sort.rawValue, "label": label, "selected": sort == parameters.sort] as [String: Any]
            },
            "links": links.map { Self.row($0, on: host, now: now) },
        ]
        if links.isEmpty { values["empty"] = true }
        if parameters.filters { values["filtered"] = true }
        if parameters.cursor != nil { values["firstPage"] = parameters.address(after: nil) }
        if links.count == Self.pageSize, let last = links.last {
            values["nextPage"] = parameters.address(after: LinkCursor(after: last, sortedBy: parameters.sort))
        }
        return try DashboardPage.response("links", title: "Links", values: values, context: context)
    }

    /// One row of the table: the short URL as the reader can open it, its real URL to copy,
    /// the title, destination, clicks, state and creation time.
    static func row(_ link: ShortLink, on host: ServedHost, now: Date) -> [String: Any] {
        let shown = OverviewRoutes.shown(link, on: host).replacingOccurrences(of: #"^https?://"#, with: "", options: .regularExpression)
        let state = LinkState(link, now: now)
        return [
            // The host and the slug apart, so that a narrow column breaks the line after the host.
            "id": link.id.rawValue, "shownHost": String(shown.dropLast(link.slug.count)), "slug": link.slug,
            "url": link.url, "title": link.preview.title ?? "", "target": link.target, "clicks": link.clickCount,
            "state": state.rawValue, "good": state == .active, "created": DashboardTime.minute(link.createdAt),
        ]
    }
}
