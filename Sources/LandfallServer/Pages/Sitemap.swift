import DeepLinkRouting
import Foundation
import Hummingbird
import LandfallJSON
import LandfallSite

/// `/sitemap.xml`: every route without parameters, and every content item of a route whose
/// content key is `directory/{parameter}`, leaving out everything still embargoed.
enum Sitemap {
    static func response(site: LoadedSite, now: Date) -> Response {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for url in urls(site: site, now: now) { xml += "  <url><loc>\(xmlEscaped(url))</loc></url>\n" }
        xml += "</urlset>\n"
        return Response.text(.ok, xml, contentType: "application/xml; charset=utf-8")
    }

    /// The sitemap's URLs, in the order of the routes.
    static func urls(site: LoadedSite, now: Date) -> [String] {
        let configuration = site.configuration
        var urls: [String] = []
        for route in configuration.routes {
            let pattern = try? RoutePattern(route.definition.pattern)
            if pattern?.parameterNames.isEmpty == true {
                if let url = try? site.site.router.link(to: route.name, on: .https(configuration.hosts.site)) { urls.append(url) }
                continue
            }
            urls += RouteContentItem.items(of: route, in: site, now: now).filter { !$0.isEmbargoed }.map(\.url)
        }
        return urls
    }

    static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&apos;")
    }
}
