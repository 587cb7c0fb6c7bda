import AppSiteAssociation
import LandfallSite

/// What a route's page shows, as template values and as the JSON view.
///
/// Text comes, in order of precedence, from the content (`title`, `description`, `image`),
/// then the route's `page` settings with their placeholders filled, then the site.
struct RoutePage {
    let values: [String: Any]
    let json: JSONValue

    init(site: LoadedSite, route: SiteRoute, parameters: [String: String], content: JSONValue?, link: String,
         path: String, origins: Origins) {
        let configuration = site.configuration
        let apps = route.opensApp ? configuration.apps(for: route) : configuration.apps
        var values = Self.baseValues(site: site, origins: origins, apps: apps)
        func text(_ field: String, _ setting: PlaceholderText?) -> String? {
            content?[field]?.stringValue ?? setting.map { $0.filled(with: parameters) }
        }
        let title = text("title", route.page.title) ?? configuration.name
        let description = text("description", route.page.description) ?? configuration.description
        let image = (text("image", route.page.image) ?? configuration.image).map { Self.absolute($0, origin: origins.canonicalSite) }
        values["title"] = title
        values["description"] = description
        values["imageURL"] = image
        values["twitterCard"] = image == nil ? "summary" : "summary_large_image"
        values["canonicalURL"] = link
        values["route"] = route.name
        values["parameters"] = parameters
        if let content { values["content"] = PageRenderer.mustacheValue(content) }
        if route.opensApp {
            if let appStoreID = apps.lazy.compactMap({ $0.ios?.appStoreID }).first {
                values["smartBanner"] = "app-id=\(appStoreID), app-argument=\(link)"
            }
            values["openInAppURL"] = Self.openInAppURL(path: path, apps: apps, origins: origins)
        }
        self.values = values

        var members = [
            JSONMember(key: "route", value: JSONValue(.string(route.name))),
            JSONMember(key: "url", value: JSONValue(.string(link))),
            JSONMember(key: "parameters", value: JSONValue(.object(parameters.sorted { $0.key < $1.key }.map {
                JSONMember(key: $0.key, value: JSONValue(.string($0.value)))
            }))),
            JSONMember(key: "title", value: JSONValue(.string(title))),
            JSONMember(key: "description", value: description.map { JSONValue(.string($0)) } ?? JSONValue(.null)),
            JSONMember(key: "image", value: image.map { JSONValue(.string($0)) } ?? JSONValue(.null)),
            JSONMember(key: "opensApp", value: JSONValue(.bool(route.opensApp))),
        ]
        members.append(JSONMember(key: "content", value: content ?? JSONValue(.null)))
        self.json = JSONValue(.object(members))
    }

    /// The values every page has: the site, the home link, the store buttons of `apps`.
    static func baseValues(site: LoadedSite, origins: Origins, apps: [AppConfiguration]) -> [String: Any] {
        let configuration = site.configuration
        var values: [String: Any] = [
            "siteName": configuration.name,
            "homeURL": origins.site + configuration.homePath,
            "twitterCard": "summary",
        ]
        values["siteDescription"] = configuration.description
        values["description"] = configuration.description
        if let image = configuration.image { values["imageURL"] = absolute(image, origin: origins.canonicalSite) }
        values["appStoreURL"] = apps.lazy.compactMap({ $0.ios?.appStoreURL }).first
        values["playStoreURL"] = apps.lazy.compactMap({ $0.android?.playStoreURL }).first
        if let appStoreID = apps.lazy.compactMap({ $0.ios?.appStoreID }).first {
            values["smartBanner"] = "app-id=\(appStoreID)"
        }
        return values
    }

    /// Where "Open in the app" points for the page at `path`: the interstitial host (Safari
    /// opens the app for a link to another domain), else the app's custom scheme.
    static func openInAppURL(path: String, apps: [AppConfiguration], origins: Origins) -> String? {
        if let interstitial = origins.interstitial { return interstitial + path }
        return apps.lazy.compactMap({ $0.ios?.scheme }).first.map { "\($0):/" + path }
    }

    /// `text` as an absolute URL: a path is put on `origin`.
    static func absolute(_ text: String, origin: String) -> String {
        text.hasPrefix("/") ? origin + text : text
    }
}
