/// The hosts a site answers on, each with its role.
///
/// Every host here serves the association files. Pages are served on ``site``; an alias
/// redirects pages to ``site`` (the association files are never redirected); the
/// ``interstitial`` host, on another domain, sends the browser back to the page on ``site``,
/// which is what lets an "Open in the app" button work (Safari does not open the app for a
/// link to the site it is showing); the link hosts (``linkHosts``, one or several: a brand's
/// `go.` domain, one per market or campaign, an old Firebase custom domain) carry short links,
/// each its own slugs, the first one the default; the ``admin`` host
/// serves the dashboard, and only it: no association file covers it, and no page or short link
/// can share its paths.
///
/// ```yaml
/// hosts:
///   site: daily.example.com
///   aliases: [www.daily.example.com]
///   links: go.daily.example.com         # or a list: [go.daily.example.com, go.daily.example.co.uk]
///   interstitial: open.daily-example.net
///   admin: admin.daily.example.com
///   local: {localhost: daily.example.com, 127.0.0.1: open.daily-example.net, admin.localhost: admin.daily.example.com}
///   development: []                     # served hosts claimed with ?mode=developer
/// ```
public struct SiteHosts: Sendable, Hashable {
    /// The canonical host of the site's pages.
    public var site: String
    /// Other names of the site (such as `www.`): they serve the association files and
    /// redirect pages to ``site``.
    public var aliases: [String]
    /// The hosts of short links, if the site has any: a slug belongs to one of them, and each
    /// serves the link hosts' association files. The first is the default: a link that names no
    /// host lives there.
    public var linkHosts: [LinkHost]
    /// A host on a different domain whose pages send the browser back to ``site``.
    public var interstitial: String?
    /// The dashboard's host, if the site has one.
    public var admin: String?
    /// Development names (`localhost`, `127.0.0.1`), each standing for one of the hosts above:
    /// a request to one is served as if made to that host, over http, and the links on the
    /// page it gets stay on the development names.
    public var local: [String: String]
    /// Served hosts Apple's CDN cannot reach (a staging site behind a VPN, a tunnel): the apps'
    /// entitlements claim them with `?mode=developer`, so that development builds fetch the
    /// association file from the host itself.
    public var development: [String]

    /// Creates the host list; names are lowercased.
    public init(site: String, aliases: [String] = [], links: [LinkHost] = [], interstitial: String? = nil,
                admin: String? = nil, local: [String: String] = [:], development: [String] = []) {
        self.development = development.map { $0.lowercased() }
        self.site = site.lowercased()
        self.aliases = aliases.map { $0.lowercased() }
        self.linkHosts = links
        self.interstitial = interstitial?.lowercased()
        self.admin = admin?.lowercased()
        self.local = Dictionary(local.map { ($0.key.lowercased(), $0.value.lowercased()) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every host that serves the association files and that the apps accept links from:
    /// the site, its aliases, the link hosts and the interstitial host, in that order (never the
    /// admin host).
    public var servedHosts: [String] {
        [site] + aliases + linkHosts.map(\.name) + [interstitial].compactMap { $0 }
    }

    /// The default link host: where a link that names no host lives (the first of ``linkHosts``).
    public var defaultLinkHost: String? {
        linkHosts.first?.name
    }

    /// The link host named `name` (lowercased, never a development name), if it is one.
    public func linkHost(named name: String) -> LinkHost? {
        let name = name.lowercased()
        return linkHosts.first { $0.name == name }
    }

    /// The role of `host` (a Host header's name, without its port), or `nil` when the site
    /// does not answer on it. Development names resolve to the role of the host they stand for.
    public func role(of host: String) -> HostRole? {
        // A request's host comes lowercased already: no copy then (this runs on every request).
        let isLowercaseASCII = host.utf8.allSatisfy { $0 < 0x80 && $0 &- UInt8(ascii: "A") >= 26 }
        let name = isLowercaseASCII ? host : host.lowercased()
        if let standIn = local[name] {
            return role(ofServed: standIn).map { .local(name: name, standingFor: $0) }
        }
        return role(ofServed: name)
    }

    private func role(ofServed name: String) -> HostRole? {
        if name == site { return .site }
        if aliases.contains(name) { return .alias }
        if linkHosts.contains(where: { $0.name == name }) { return .links }
        if name == interstitial { return .interstitial }
        if name == admin { return .admin }
        return nil
    }

    /// The served host a Host header's name (without its port) is or stands for: a development
    /// name resolved to its host, any other name lowercased.
    public func servedName(of host: String) -> String {
        let name = host.lowercased()
        return local[name] ?? name
    }

    /// The development name standing for `host`, if there is one.
    public func localName(for host: String) -> String? {
        local.filter { $0.value == host }.keys.sorted().first
    }
}

/// What a host is to the site.
public indirect enum HostRole: Sendable, Hashable {
    /// The canonical site host: pages are served here.
    case site
    /// Another name of the site: pages redirect to the site host.
    case alias
    /// The short-link host.
    case links
    /// The interstitial host: pages redirect back to the site host.
    case interstitial
    /// The dashboard's host: the dashboard, and nothing else.
    case admin
    /// A development name standing for a host with the given role.
    case local(name: String, standingFor: HostRole)

    /// The role with development names resolved.
    public var served: HostRole {
        if case .local(_, let role) = self { return role.served }
        return self
    }

    /// Whether the request came through a development name.
    public var isLocal: Bool {
        if case .local = self { return true }
        return false
    }
}
