import Foundation
import Hummingbird
import LandfallLinks
import LandfallStorage

/// `GET /links/{id}` (everyone signed in): a link's page, its short URL with a copy button, its
/// state, its numbers since it was made and its clicks per day over 30 days, its referrers and
/// platforms and in-app browsers, its fields and its QR code (``LinkQRRoutes``); for editors and admins, the
/// buttons that edit, disable or enable, and delete it (``LinkFormRoutes`` answers them).
///
/// The numbers are the statistics API's (``TrafficStats`` of the link), after this instance's
/// buffered clicks are written.
struct LinkPageRoutes: Sendable {
    let storage: Storage
    let clicks: ClickRecorder
    let clock: @Sendable () -> Date

    /// How many referrer hosts the page lists, most clicks first.
    static let referrersShown = 10

    func addRoutes(members: RouterGroup<DashboardContext>) {
        members.get("/links/{id}", use: page)
        LinkQRRoutes(storage: storage).addRoutes(members: members)
    }

    @Sendable func page(_ request: Request, context: DashboardContext) async throws -> Response {
        guard let id = Self.id(in: context) else { throw Self.notFound(context) }
        let qr = LinkQRForm(request)
        try await clicks.flush()
        guard let link = try await storage.link(id: id) else { throw Self.notFound(context) }
        let now = clock()
        let filter = TrafficFilter(linkID: link.id)
        let stats = TrafficStats(counts: try await storage.trafficCounts(filter), linkID: link.id,
                                 inAppBrowsers: try await storage.inAppBrowserTraffic(filter))
        let referrers: [[String: Any]] = stats.byReferrer.filter { $0.count > 0 }.prefix(Self.referrersShown).map { bucket in
            ["host": bucket.key.isEmpty ? "(direct)" : bucket.key, "clicks": bucket.count]
        }
        let state = LinkState(link, now: now)
        let shown = OverviewRoutes.shown(link, on: try context.server.host)
        var values: [String: Any] = [
            "linksCurrent": true, "id": link.id.rawValue, "heading": Self.name(of: link), "url": link.url,
            "state": state.rawValue, "clicks": stats.clicks, "installs": stats.installs, "opens": stats.opens,
            "previews": stats.previews, "referrers": referrers, "platforms": TrafficPageValues.platforms(stats),
            "inAppBrowsers": TrafficPageValues.inAppBrowsers(stats),
            "groups": LinkPageFacts(link).values,
        ]
        values.merge(qr.values) { ours, _ in ours }
        values.merge(TrafficPageValues.chart(stats, days: TrafficPageValues.lastThirtyDays(to: now))) { ours, _ in ours }
        if state == .active { values["isActive"] = true }
        if link.isDisabled { values["isDisabled"] = true }
        if let reason = LinkState.reason(of: link, now: now) { values["stateReason"] = reason }
        if shown != link.url { values["openURL"] = shown }
        if !referrers.isEmpty { values["hasReferrers"] = true }
        if let card = link.card, try context.server.site.configuration.cards[card] == nil {
            values["cardWarning"] = "This link names the card template '\(card)', which the site's landfall.yml no longer has "
                + "(cards:): its previews show its target route's card. Choose another template, or the route's card, on its edit page."
        }
        return try DashboardPage.response("link", title: Self.name(of: link), values: values, context: context,
                                          status: qr.problem == nil ? .ok : .unprocessableContent)
    }

    /// What the page calls a link: its preview's title, or its slug when it has none.
    static func name(of link: ShortLink) -> String {
        guard let title = link.preview.title, !title.trimmingCharacters(in: .whitespaces).isEmpty else { return link.slug }
        return title
    }

    /// The link id in the path, or `nil` when it is not one.
    static func id(in context: DashboardContext) -> LinkID? {
        context.parameters.get("id").flatMap(LinkID.init)
    }

    /// The link the path names, or the dashboard's 404 page.
    static func link(in context: DashboardContext, storage: Storage) async throws -> ShortLink {
        guard let id = id(in: context), let link = try await storage.link(id: id) else { throw notFound(context) }
        return link
    }

    /// The 404 page of a link that does not exist (or an id that is not one).
    static func notFound(_ context: DashboardContext) -> PageProblem {
        let text = context.parameters.get("id") ?? ""
        return PageProblem(.notFound, title: "No such link",
                           message: "There is no link with the id '\(text.prefix(60))'. A link's id is a UUID, such as 019a8c3e-7a10-7c4e-9b1f-3f0d2a6b8c11; find the link in the list of links.")
    }
}
