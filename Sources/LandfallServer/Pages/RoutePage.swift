import LandfallJSON
import LandfallSite

/// What a route's page shows, as template values and as the JSON view.
///
/// Text comes, in order of precedence, from the content (`title`, `description`, `image`),
/// then the route's `page` settings with their placeholders filled, then the site.
struct RoutePage: Sendable {
    let values: PageValues
    let json: JSONValue
    /// The route.
    let route: SiteRoute
    /// What the page's card is drawn from (a short link's card adds its data).
    let cardValues: CardValues
    /// The page's card, nil when cards are off; the page names it as its image unless the
    /// route has no `card:` and the page an image of its own (see ``SiteCards``).
    let card: PageCard?

    init(site: LoadedSite, route: SiteRoute, parameters: [String: String], content: JSONValue?, link: String,
         path: String, origins: Origins) {
        let configuration = site.configuration
        let apps = route.opensApp ? configuration.apps(for: route) : configuration.apps
        var values = PageValues(site: site, origins: origins, apps: apps)
        func text(_ field: String, _ setting: PlaceholderText?) -> String? {
            route.page.text(field, setting, parameters: parameters, content: content)
        }
        let title = text("title", route.page.title) ?? configuration.name
        let description = text("description", route.page.description) ?? configuration.description
        values.title = title
        values.description = description
        let cardValues = CardValues(route: route, parameters: parameters, content: content)
        let card = site.cards?.card(route: route, values: cardValues, source: .page(path))
        let image = text("image", route.page.image)
        if let card, route.card != nil || image == nil {
            values.showCard(card, origins: origins)
        } else if let image {
            values.setImage(image, alt: title, site: site, origins: origins)
        } else if configuration.image != nil {
            values.twitterCard = "summary_large_image"
        }
        self.route = route
        self.cardValues = cardValues
        self.card = card
        values.canonicalURL = link
        values.route = route.name
        values.parameters = parameters
        values.content = content
        if route.opensApp {
            if let appStoreID = apps.lazy.compactMap({ $0.ios?.appStoreID }).first {
                values.smartBanner = "app-id=\(appStoreID), app-argument=\(link)"
            }
            values.openInAppURL = Self.openInAppURL(path: path, apps: apps, origins: origins)
        }
        self.values = values
        self.json = .object([
            ("route", .string(route.name)),
            ("url", .string(link)),
            ("parameters", .sortedStrings(parameters)),
            ("title", .string(title)),
            ("description", .optional(description)),
            ("image", .optional(values.imageURL)),
            ("opensApp", .bool(route.opensApp)),
            ("content", content ?? .null),
        ])
    }

    /// Where "Open in the app" points for the page at `path`: the interstitial host (Safari
    /// opens the app for a link to another domain), else the app's custom scheme.
    static func openInAppURL(path: String, apps: [AppConfiguration], origins: Origins) -> String? {
        if let interstitial = origins.interstitial { return interstitial + path }
        return apps.lazy.compactMap({ $0.ios?.scheme }).first.map { "\($0):/" + path }
    }
}
