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
            guard let key = route.page.content, key.pieces.count == 2,
                  case .literal(let prefix) = key.pieces[0], prefix.hasSuffix("/"),
                  case .placeholder(let name) = key.pieces[1] else { continue }
            let directory = String(prefix.dropLast())
            for item in site.content.keys(in: directory) {
                let value = String(item.dropFirst(prefix.count))
                let parameters = [name: value]
                var content: JSONValue?
                if let embargo = route.embargo {
                    if case .contentField = embargo.source {
                        // Content that cannot be read cannot say it is released: leave it out.
                        guard let contentKey = ContentKey(item), let readable = try? site.content.content(at: contentKey) else { continue }
                        content = readable
                    }
                    if embargo.isEmbargoed(parameters: parameters, content: content, now: now, siteTimeZone: configuration.timeZone) {
                        continue
                    }
                }
                if let url = try? site.site.router.link(to: route.name, parameters: parameters, on: .https(configuration.hosts.site)),
                   case .matched(let match) = site.site.router.route(url), match.route.name == route.name {
                    urls.append(url)
                }
            }
        }
        return urls
    }

    static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&apos;")
    }
}
