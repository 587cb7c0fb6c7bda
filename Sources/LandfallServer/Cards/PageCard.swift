import Foundation
import LandfallSite

/// The card of one page or link: what it shows, its fingerprint, and the address that names
/// both — `/static/cards/FINGERPRINT.png`, with a query that says which page (or link) it is
/// the card of, so that any instance can draw it again from the site (``CardRoutes``).
struct PageCard: Sendable, Equatable {
    /// What the card shows.
    let resolved: ResolvedCard
    /// `CardAssets.fingerprint(of:renderer:)` of ``resolved``.
    let fingerprint: String
    /// Which page the card is of: `page=/puzzle/2026-11-20`, `link=go.example.com/friday`, or
    /// `default` (the site's default card, for pages under embargo).
    let source: Source

    /// Which page a card is of.
    enum Source: Sendable, Equatable {
        /// A route's page, by its path and query.
        case page(String)
        /// A short link, by its host and slug.
        case link(host: String, slug: String)
        /// The site's default card.
        case siteDefault

        /// The card address's query.
        var query: String {
            switch self {
            case .page(let path): "page=" + Self.escape(path)
            case .link(let host, let slug): "link=" + Self.escape(host + "/" + slug)
            case .siteDefault: "default"
            }
        }

        /// The source a card address's query names, or nil.
        init?(query: String?) {
            guard let query, !query.isEmpty else { return nil }
            if query == "default" {
                self = .siteDefault
            } else if query.hasPrefix("page="), let path = String(query.dropFirst(5)).removingPercentEncoding, path.hasPrefix("/") {
                self = .page(path)
            } else if query.hasPrefix("link="), let text = String(query.dropFirst(5)).removingPercentEncoding,
                      let slash = text.firstIndex(of: "/") {
                self = .link(host: String(text[..<slash]), slug: String(text[text.index(after: slash)...]))
            } else {
                return nil
            }
        }

        private static let unescaped = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/:")

        private static func escape(_ text: String) -> String {
            text.addingPercentEncoding(withAllowedCharacters: unescaped) ?? text
        }
    }

    /// Where cards are served on the site host.
    static let pathPrefix = Site.staticPathPrefix + "cards/"

    /// The card's path and query on the site host.
    var path: String { Self.pathPrefix + fingerprint + ".png?" + source.query }

    /// The card's texts, for `og:image:alt`: the title and the lines, in order, cut to
    /// ``altLimit`` characters (with an ellipsis).
    var alt: String {
        let text = ([resolved.title] + resolved.lines).map(\.text).filter { !$0.isEmpty }.joined(separator: " · ")
        return text.count <= Self.altLimit ? text : String(text.prefix(Self.altLimit - 1)) + "…"
    }

    /// The most characters of `og:image:alt`: 420, what X (Twitter) takes.
    static let altLimit = 420

    /// The fingerprint a card path names (`/static/cards/FINGERPRINT.png`), or nil for any other path.
    static func fingerprint(inPath path: String) -> String? {
        guard path.hasPrefix(pathPrefix), path.hasSuffix(".png") else { return nil }
        let name = path.dropFirst(pathPrefix.count).dropLast(4)
        guard name.utf8.count == 32, name.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return nil }
        return String(name)
    }
}
