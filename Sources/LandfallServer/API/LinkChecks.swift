import Foundation
import LandfallLinks
import LandfallSite

/// What the site decides about a link a request asks for: its host, its slug, and that every
/// URL in it is a destination the site allows (the open-redirect guard), each refusal naming
/// the request field at fault.
struct LinkChecks: Sendable {
    /// The site's configuration: its link host and slug policy.
    let configuration: SiteConfiguration
    /// Where short links may lead (compiled once per loaded site).
    let destinations: DestinationPolicy
    /// The generator of random slugs.
    let slugGenerator: SlugGenerator

    /// The checks of a site the server has loaded (its destination policy already compiled).
    init(site: LoadedSite) {
        self.init(configuration: site.configuration, destinations: site.destinations, slugGenerator: site.slugGenerator)
    }

    /// The checks of a site read from its configuration (the command line's).
    init(site: Site) {
        self.init(configuration: site.configuration, destinations: site.configuration.destinationPolicy,
                  slugGenerator: site.configuration.links.slugGenerator)
    }

    init(configuration: SiteConfiguration, destinations: DestinationPolicy, slugGenerator: SlugGenerator) {
        self.configuration = configuration
        self.destinations = destinations
        self.slugGenerator = slugGenerator
    }

    /// The link host a draft names (or the site's default one, when it names none).
    func linkHost(_ requested: String?, field: String) throws(APIError) -> LinkHost {
        let hosts = configuration.hosts
        guard let defaultHost = hosts.linkHosts.first else {
            throw APIError(.badRequest, .invalidBody, "This site has no link host; add hosts.links to its landfall.yml.", field: field)
        }
        guard let requested else { return defaultHost }
        guard let linkHost = hosts.linkHost(named: requested) else {
            let names = hosts.linkHosts.map(\.name)
            let choice = names.count == 1 ? "use \(names[0])" : "use one of \(names.joined(separator: ", "))"
            throw APIError.invalidBody("'\(requested.prefix(200))' is not a link host of this site; \(choice) (or leave host out for \(defaultHost.name)).", field: field)
        }
        return linkHost
    }

    /// Refuses a custom slug the site's slug policy does not allow.
    func slug(_ slug: String, field: String) throws(APIError) {
        if let refusal = configuration.slugPolicy.refusal(for: slug) {
            throw APIError(.badRequest, .invalidSlug, refusal.message, field: field)
        }
    }

    /// Every URL field run through the destination policy; the normalized URLs by field
    /// (`target`, `overrides.ios`, …). An image only has to be an absolute http(s) URL: it is
    /// shown, never redirected to.
    ///
    /// - Parameter naming: The JSON path of a field in the request, for errors.
    func urls(_ fields: [(field: String, url: String)], naming: (String) -> String) throws(APIError) -> [String: String] {
        var normalized: [String: String] = [:]
        for (name, url) in fields {
            let field = naming(name)
            if field.hasSuffix("preview.imageURL") {
                let lowered = url.lowercased()
                guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"), URLComponents(string: url)?.host?.isEmpty == false,
                      !url.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) else {
                    throw APIError.invalidBody("\(field): the image must be an absolute http or https URL.", field: field)
                }
                continue
            }
            switch destinations.check(url) {
            case .success(let destination): normalized[name] = destination.text
            case .failure(let refusal):
                throw APIError(.badRequest, .destinationRefused, "\(field): \(refusal.message)", field: field)
            }
        }
        return normalized
    }

    /// Refuses a card template name (a link's `card`) the site's `cards:` does not have, naming
    /// the templates it has: 422 `unknown_card`.
    func card(_ name: String?, field: String) throws(APIError) {
        guard let name, configuration.cards[name] == nil else { return }
        let known = configuration.cardNames
        let choice = known.isEmpty
            ? "this site has none (its landfall.yml has no cards: section)"
            : "its templates: \(known.joined(separator: ", "))"
        throw APIError(.unprocessableContent, .unknownCard,
                       "card: '\(name.prefix(100))' is not a card template of this site; \(choice). Leave card out (or null) for the target route's card.",
                       field: field)
    }

    /// Refuses an expiry time that has passed at `now` (a link would be gone on arrival).
    static func future(_ expiresAt: Date?, now: Date, field: String) throws(APIError) {
        if let expiresAt, expiresAt <= now {
            throw APIError.invalidBody("expiresAt: \(APITime.string(expiresAt)) has passed; give a time in the future.", field: field)
        }
    }

    /// `link` with its destinations in the normalized form the policy gave them (`urls`, by
    /// field: `target`, `overrides.ios`, …), which is what redirects send.
    static func normalizing(_ link: ShortLink, _ urls: [String: String]) -> ShortLink {
        var link = link
        link.target = urls["target"] ?? link.target
        link.overrides = PlatformOverrides(ios: link.overrides.ios.map { urls["overrides.ios"] ?? $0 },
                                           android: link.overrides.android.map { urls["overrides.android"] ?? $0 },
                                           desktop: link.overrides.desktop.map { urls["overrides.desktop"] ?? $0 })
        return link
    }
}
