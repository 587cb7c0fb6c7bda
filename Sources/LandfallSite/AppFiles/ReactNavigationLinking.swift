import DeepLinkRouting

/// React Navigation's `linking` option for the site's links, written from the same
/// configuration as the association files: the `prefixes` the app accepts and one screen per
/// route that opens the app, its path in React Navigation 7's syntax.
///
/// Pass it to `<NavigationContainer linking={linking}>`. The short-link host is not a prefix: a
/// short link's path is a slug, not a route, so the app resolves it first (`GET
/// /v1/resolve?url=` on the server, or LandfallKit) and hands the resolved URL to React
/// Navigation; ``shortLinkPrefixes`` lists those hosts for that check.
///
/// ```swift
/// let linking = ReactNavigationLinking(plan: plan, configuration: site.configuration)
/// linking.prefixes            // ["https://daily.example.com", ..., "dailypuzzle://"]
/// linking.screens[1].path     // "puzzle/:date"
/// print(linking.typeScript(source: "landfall.yml"))
/// ```
public struct ReactNavigationLinking: Sendable, Equatable {
    /// `https://HOST` for the site host, its aliases and the interstitial host (then `http://HOST`
    /// for each when the site accepts plain HTTP), then `SCHEME://` for each custom scheme.
    public var prefixes: [String]
    /// `https://HOST` (and `http://HOST`) for the short-link host, whose links the app resolves
    /// before React Navigation reads them; empty without a link host.
    public var shortLinkPrefixes: [String]
    /// One screen per route that opens the app, in `landfall.yml`'s order.
    public var screens: [Screen]

    /// One entry of `config.screens`.
    public struct Screen: Sendable, Equatable {
        /// The screen's name: the route's name.
        public var name: String
        /// The route's shortest path (see `ReactNavigationLinking.path(for:)`).
        public var path: String
        /// The route's other paths, React Navigation 7's `alias` list.
        public var aliases: [String]
        /// The parameters (path and query) to turn into numbers with `Number`: those typed
        /// `int` or `double`, by name.
        public var numbers: [String]
        /// Whether the route ends in a catch-all, which React Navigation matches with `*` but
        /// does not capture.
        public var hasCatchAll: Bool

        /// Creates a screen.
        public init(name: String, path: String, aliases: [String] = [], numbers: [String] = [], hasCatchAll: Bool = false) {
            self.name = name
            self.path = path
            self.aliases = aliases
            self.numbers = numbers
            self.hasCatchAll = hasCatchAll
        }
    }

    /// The linking config for the plan's app.
    public init(plan: AppLinkPlan, configuration: SiteConfiguration) {
        let hosts = configuration.hosts
        let web = ["https"] + (configuration.routing.acceptsHTTP ? ["http"] : [])
        let appHosts = [hosts.site] + hosts.aliases + [hosts.interstitial].compactMap { $0 }
        prefixes = web.flatMap { scheme in appHosts.map { "\(scheme)://\($0)" } } + configuration.schemes.map { "\($0)://" }
        shortLinkPrefixes = hosts.linkHosts.flatMap { links in web.map { "\($0)://\(links.name)" } }
        screens = configuration.routes.compactMap { route -> Screen? in
            guard route.opensApp, configuration.apps(for: route).contains(where: { $0.name == plan.app.name }),
                  let pattern = try? RoutePattern(route.definition.pattern) else { return nil }
            let paths = Self.paths(for: pattern)
            let definition = route.definition
            let numbers = pattern.parameterNames.filter { Self.numberTypes.contains(definition.parameters[$0] ?? "") }
                + definition.query.keys.sorted().filter {
                    Self.numberTypes.contains(definition.query[$0] ?? "") && !pattern.parameterNames.contains($0)
                }
            let hasCatchAll = pattern.expansions.contains { $0.last.map { if case .catchAll = $0 { true } else { false } } ?? false }
            return Screen(name: route.name, path: paths[0], aliases: Array(paths.dropFirst()), numbers: numbers, hasCatchAll: hasCatchAll)
        }
    }

    /// The parameter types React Navigation's `parse` turns into numbers.
    static let numberTypes: Set<String> = ["int", "double"]
}
