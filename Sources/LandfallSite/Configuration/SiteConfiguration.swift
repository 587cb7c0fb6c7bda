import DeepLinkRouting
import Foundation
import LandfallLinks

/// A site as `landfall.yml` describes it: its hosts, its apps, and its linked routes, each
/// with what opens the app and the page shown on the web.
///
/// Read one with ``SiteConfigurationReader``, which checks everything, names the line of
/// every problem and builds the ``Site`` that holds what the server serves; a configuration
/// made in code is checked by ``Site/init(_:)``.
///
/// ```swift
/// let site = try SiteConfigurationReader.site(yaml: text, source: "landfall.yml")
/// site.configuration.routes       // the routes, in order
/// site.appleAssociationJSON       // the generated apple-app-site-association
/// let again = try Site(site.configuration)
/// ```
public struct SiteConfiguration: Sendable, Equatable {
    /// The site's name, shown on pages (`og:site_name`).
    public var name: String
    /// A sentence about the site, the description of pages without their own.
    public var description: String?
    /// The time zone embargoes are counted in (a day starts at midnight there).
    public var timeZone: TimeZone
    /// The path of the page that an unknown link points people to ("open today's puzzle").
    public var homePath: String
    /// An image URL (absolute, or a path on the site) for previews of pages without their own.
    public var image: String?
    /// What ``image`` shows, in words (`og:image:alt`, and the page's `alt` text).
    public var imageAlt: String?
    /// The app's icon (absolute, or a path on the site such as `/static/icon.png`), shown with
    /// the site's name at the top of its pages.
    public var icon: String?
    /// The site's colour, `#rrggbb`: its pages' buttons and links.
    public var color: String?
    /// The hosts the site answers on, by role.
    public var hosts: SiteHosts
    /// The apps links open.
    public var apps: [AppConfiguration]
    /// Custom URL schemes the apps' routers accept (not served; listed for the route table).
    public var schemes: [String]
    /// Router-wide options.
    public var routing: RouterOptions
    /// The linked routes, in order.
    public var routes: [SiteRoute]
    /// Settings of the generated association files.
    public var associations: AssociationSettings
    /// Settings of short links: random slug length, reserved slugs, the destination allowlist.
    public var links: LinkSettings
    /// The route whose page is the invitation landing page; without it, the site has no
    /// invitation URLs (``invitationURL(code:)`` is `nil`).
    public var invitations: InvitationSettings?
    /// How long pending claims of deferred deep links wait, and how old one may be for a
    /// weak match.
    public var deferredLinks: DeferredLinkSettings
    /// Where webhooks may be sent, how long their deliveries are kept, when a failing endpoint is disabled.
    public var webhooks: WebhookSettings
    /// How long click counts, app events and audit entries are kept before they are purged.
    public var retention: RetentionSettings
    /// The named card templates (`cards:`), by name: a short link may name one (its `card`
    /// field) to have it instead of its target route's card, and a route may name one
    /// (`card: invite`) instead of writing its own.
    public var cards: [String: CardTemplate]

    /// Creates a configuration; ``SiteConfigurationReader`` is the usual way.
    public init(
        name: String, description: String? = nil, timeZone: TimeZone, homePath: String = "/", image: String? = nil,
        imageAlt: String? = nil, icon: String? = nil, color: String? = nil, hosts: SiteHosts, apps: [AppConfiguration], schemes: [String] = [], routing: RouterOptions = RouterOptions(),
        routes: [SiteRoute], associations: AssociationSettings = AssociationSettings(), links: LinkSettings = LinkSettings(),
        invitations: InvitationSettings? = nil, deferredLinks: DeferredLinkSettings = DeferredLinkSettings(),
        webhooks: WebhookSettings = WebhookSettings(), retention: RetentionSettings = RetentionSettings(),
        cards: [String: CardTemplate] = [:]
    ) {
        self.name = name
        self.description = description
        self.timeZone = timeZone
        self.homePath = homePath
        self.image = image
        self.imageAlt = imageAlt
        self.icon = icon
        self.color = color
        self.hosts = hosts
        self.apps = apps
        self.schemes = schemes
        self.routing = routing
        self.routes = routes
        self.associations = associations
        self.links = links
        self.invitations = invitations
        self.deferredLinks = deferredLinks
        self.webhooks = webhooks
        self.retention = retention
        self.cards = cards
    }

    /// The route table an app's router loads: every configured host (the interstitial host
    /// too, since the app opens links to it), the schemes, the routing options and the routes.
    ///
    /// `landfall config routes FILE` prints it, so that the app and the server share one table.
    public var routeTable: RouteTable {
        RouteTable(
            hosts: hosts.servedHosts.map { LinkSource(host: $0) },
            schemes: schemes,
            routing: routing,
            routes: routes.map(\.definition))
    }

    /// Where short links may lead: destinations on the site host, its aliases and the
    /// interstitial host are accepted, destinations on a link host (or a development name
    /// standing for one) are refused as loops, and external ones must match
    /// `links.allowlist`.
    ///
    /// ```swift
    /// site.configuration.destinationPolicy.check("https://daily.example.com/puzzle/today") // .success
    /// ```
    public var destinationPolicy: DestinationPolicy {
        let linkHosts = hosts.linkHosts.flatMap { linkHost in [linkHost.name] + hosts.local.filter { $0.value == linkHost.name }.keys.sorted() }
        return DestinationPolicy(
            siteHosts: [hosts.site] + hosts.aliases + [hosts.interstitial].compactMap { $0 },
            linkHosts: linkHosts,
            allowlist: links.allowlist)
    }

    /// Which custom slugs links may have: ``LinkSettings/slugPolicy``.
    public var slugPolicy: SlugPolicy {
        links.slugPolicy
    }

    /// The invitation URL of a code: the link of the `invitations` route on the site host,
    /// made by the router's URL generation, or `nil` when the site has no `invitations:`
    /// section (or its route cannot make the link, which ``Site/init(_:)`` refuses).
    ///
    /// ```swift
    /// configuration.invitationURL(code: "7KQ2M-X4P9T-HCW3R")
    /// // "https://daily.example.com/invites/7KQ2M-X4P9T-HCW3R"
    /// ```
    ///
    /// This builds a router on each call; ``Site/invitationURL(code:)`` uses the site's.
    ///
    /// - Parameter formatted: The code as people see it (`InviteCode.formatted`).
    public func invitationURL(code formatted: String) -> String? {
        guard invitations != nil, let router = try? Router(table: routeTable) else { return nil }
        return try? invitationLink(code: formatted, router: router)
    }

    /// The invitation URL of a code made by `router` (the router over ``routeTable``).
    ///
    /// - Throws: ``URLGenerationError`` when the route cannot make the link; `nil` when the
    ///   site has no `invitations:` section.
    func invitationLink(code formatted: String, router: Router) throws(URLGenerationError) -> String? {
        guard let invitations else { return nil }
        return try router.link(to: invitations.route, parameters: [invitations.parameter: formatted], on: .https(hosts.site))
    }

    /// The app named `name`, if the configuration has one.
    public func app(named name: String) -> AppConfiguration? {
        apps.first { $0.name == name }
    }

    /// The apps a route opens: those it names, or every app when it names none.
    public func apps(for route: SiteRoute) -> [AppConfiguration] {
        route.apps.isEmpty ? apps : apps.filter { route.apps.contains($0.name) }
    }
}
