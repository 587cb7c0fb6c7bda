import LandfallJSON
import LandfallSite

/// What a route's page shows, as template values and as the JSON view.
///
/// Text comes, in order of precedence, from the content (`title`, `description`, `image`),
/// then the route's `page` settings with their placeholders filled, then the site.
struct RoutePage: Sendable {
    let values: PageValues
    let json: JSONValue

    init(site: LoadedSite, route: SiteRoute, parameters: [String: String], content: JSONValue?, link: String,
         path: String, origins: Origins) {
        let configuration = site.configuration
        let apps = route.opensApp ? configuration.apps(for: route) : configuration.apps
        var values = PageValues(site: site, origins: origins, apps: apps)
        func text(_ field: String, _ setting: PlaceholderText?) -> String? {
            content?[field]?.stringValue ?? setting.map { $0.filled(with: parameters) }
        }
        let title = text("title", route.page.title) ?? configuration.name
        let description = text("description", route.page.description) ?? configuration.description
        values.title = title
        values.description = description
        if let image = text("image", route.page.image) {
            values.setImage(image, alt: title, site: site, origins: origins)
        } else if configuration.image != nil {
            values.twitterCard = "summary_large_image"
        }
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
