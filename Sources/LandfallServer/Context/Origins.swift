import LandfallSite

/// The origins the links on a page point to. Through a development name (`localhost:8080`)
/// they stay on development names, over the scheme of the server's own connection (http, or
/// https with `--tls-certificate`), so that the demo's buttons work in a browser on this
/// machine; otherwise they are the https origins of the configured hosts.
struct Origins: Sendable {
    /// Where pages of the site are browsed: `https://daily.example.com` or `http://localhost:8080`.
    let site: String
    /// Where the "Open in the app" button points, when the site has an interstitial host.
    let interstitial: String?
    /// The canonical origin of the site, for `og:url` and the link the app receives.
    let canonicalSite: String
    /// Whether the request reached the server as plain http behind a proxy that says so.
    let isPlainHTTP: Bool

    init(configuration: SiteConfiguration, role: HostRole, host: RequestHost, forwardedProto: String?, connectionScheme: String = "http") {
        self.init(canonical: CanonicalOrigins(hosts: configuration.hosts), localHosts: role.isLocal ? configuration.hosts : nil,
                  host: host, forwardedProto: forwardedProto, connectionScheme: connectionScheme)
    }

    /// The origins for a request to `host`: the `canonical` ones (made once per site version),
    /// or, through a development name (`localHosts`, the site's hosts, given only then), those
    /// of this machine.
    init(canonical: CanonicalOrigins, localHosts: SiteHosts?, host: RequestHost, forwardedProto: String?, connectionScheme: String = "http") {
        canonicalSite = canonical.site
        isPlainHTTP = Self.isPlainHTTP(forwardedProto: forwardedProto)
        if let hosts = localHosts {
            let port = host.port.map { ":\($0)" } ?? ""
            site = hosts.localName(for: hosts.site).map { "\(connectionScheme)://\($0)\(port)" } ?? "\(connectionScheme)://\(host.authority)"
            interstitial = hosts.interstitial.flatMap { hosts.localName(for: $0) }.map { "\(connectionScheme)://\($0)\(port)" }
                ?? canonical.interstitial
        } else {
            site = canonical.site
            interstitial = canonical.interstitial
        }
    }

    /// `url` with the canonical site origin replaced by the development one, when the request
    /// came through a development name: a short link tried on this machine leads to a page on
    /// this machine.
    func localized(_ url: String) -> String {
        guard site != canonicalSite, url.hasPrefix(canonicalSite + "/") || url == canonicalSite else { return url }
        return site + url.dropFirst(canonicalSite.count)
    }

    /// Whether a proxy's `X-Forwarded-Proto` says the request came as plain http (its first
    /// entry, when several proxies added one).
    static func isPlainHTTP(forwardedProto: String?) -> Bool {
        forwardedProto?.split(separator: ",").first?.trimmingCharacters(in: .whitespaces).lowercased() == "http"
    }
}

/// The https origins of the site's configured hosts, made once per site version
/// (``LoadedSite/canonicalOrigins``) rather than for every request that needs ``Origins``.
struct CanonicalOrigins: Sendable {
    /// `https://` and the site's host.
    let site: String
    /// `https://` and the interstitial host, when the site has one.
    let interstitial: String?

    init(hosts: SiteHosts) {
        site = "https://\(hosts.site)"
        interstitial = hosts.interstitial.map { "https://\($0)" }
    }
}
