import AppSiteAssociation
import DeepLinkRouting
import Foundation
import LandfallSite
import Logging

/// One route of the site page's table: its pattern, what it opens (the page template on the web,
/// the app's screen of the same name and the platforms that handle it), and each of its example
/// URLs with what it opens on iOS, Android and the web.
///
/// Every answer comes from the code that makes it for real: the router's decision
/// (``RoutingDecision/description``, as `landfall routes match` decides), the association files'
/// matchers over the files the example's host serves (the explanation `landfall aasa match`
/// prints), and ``RoutePageFinder`` for the page. A route without examples of its own gets the
/// URL of its first content item that is out (or of its first, when none is), when it has content.
struct SiteRouteRow {
    let route: SiteRoute
    let site: LoadedSite
    let finder: RoutePageFinder
    let origins: Origins
    let now: Date
    let logger: Logger

    /// The template's values.
    var values: [String: Any] {
        let configuration = site.configuration
        let apps = route.opensApp ? configuration.apps(for: route) : []
        var platforms: [String] = []
        for app in apps {
            let sides = [app.ios.map { _ in "iOS" }, app.android.map { _ in "Android" }].compactMap { $0 }
            if !sides.isEmpty { platforms.append("\(app.name) (\(sides.joined(separator: ", ")))") }
        }
        var examples = route.definition.examples.map { ($0, false) }
        if examples.isEmpty {
            // An item that is out shows its page; a hidden one only "not yet available".
            let items = RouteContentItem.items(of: route, in: site, now: now)
            if let item = items.first(where: { !$0.isEmbargoed }) ?? items.first { examples = [(item.url, true)] }
        }
        var values: [String: Any] = [
            "name": route.name, "pattern": route.definition.pattern, "template": route.page.template,
            "opens": platforms.isEmpty ? "Stays on the web" : "The app's “\(route.name)” screen: \(platforms.joined(separator: "; "))",
            "examples": examples.map { example(url: $0.0, fromContent: $0.1) },
        ]
        if let title = route.page.title { values["pageTitle"] = title.text }
        if let embargo = route.embargo { values["embargo"] = Self.describe(embargo) }
        if examples.isEmpty { values["noExamples"] = true }
        return values
    }

    /// `hidden before the day in date`, `hidden until its content's publishAt`.
    static func describe(_ embargo: Embargo) -> String {
        switch embargo.source {
        case .dayParameter(let name): "Hidden before the day in {\(name)} starts"
        case .contentField(let field): "Hidden until its content's \(field)"
        }
    }

    private func example(url: String, fromContent: Bool) -> [String: Any] {
        let configuration = site.configuration
        let link = try? LinkURL(parsing: url)
        let role = link.flatMap { configuration.hosts.role(of: $0.host) }
        let onLinkHost = role?.served == .links
        var ios: [String] = []
        var android: [String] = []
        if let link {
            let appleFile = onLinkHost ? site.site.linksAppleAssociation : site.site.appleAssociation
            let androidFile = onLinkHost ? site.site.linksAssetLinks : site.site.assetLinks
            for app in configuration.apps {
                if let app = app.ios {
                    ios.append(AssociationMatcher(appleFile).explanation(for: link, appID: app.appID).summary)
                }
                if let app = app.android {
                    android.append(AssetLinksMatcher(androidFile).decision(for: link, packageName: app.package).summary)
                }
            }
        }
        var values: [String: Any] = [
            "url": url, "decision": site.site.router.route(url).description, "web": web(link, role: role),
            "ios": ios.isEmpty ? ["No iOS app"] : ios, "android": android.isEmpty ? ["No Android app"] : android,
        ]
        if fromContent { values["fromContent"] = true }
        return values
    }

    /// What a browser gets for `link`.
    private func web(_ link: LinkURL?, role: HostRole?) -> String {
        guard let link else { return "Not a URL" }
        guard link.isWebURL else { return "Not a web address: only an app opens it" }
        let before: String
        switch role?.served {
        case nil, .admin?: return "Not a host of this site"
        case .links?: return "A short link: the link with this slug decides"
        case .alias?: before = "Redirects to the site host (301), which shows "
        case .interstitial?: before = "Sends the browser back to the site host (302), which shows "
        case .site?, .local?: before = "Shows "
        }
        let path = link.path.isEmpty ? "/" : link.path
        let pathAndQuery = path + (link.query.map { "?\($0)" } ?? "")
        let canonical = "https://\(site.configuration.hosts.site)" + pathAndQuery
        let shown: String
        switch finder.page(for: canonical, path: pathAndQuery, site: site, origins: origins, logger: logger) {
        case .page(let page, let route): shown = "the “\(route.page.template)” page “\(page.values.title)”"
        case .embargoed: shown = "“Not yet available”: its content is embargoed"
        case .missing: shown = "the not-found page: it has no content"
        case .failed: shown = "an error page: its content cannot be read"
        case .noRoute: shown = path == "/" ? "the home page" : "the not-found page: no route matches"
        }
        return before + shown
    }
}
