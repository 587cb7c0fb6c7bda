import Foundation

/// What the app does with a link from one of its sources that no route matches.
public typealias FallbackHandler = @Sendable (IncomingLink) async -> Void

/// Turns an incoming URL into a decision: a matched route with typed parameters, a
/// fallback, or a rejection with its reason.
///
/// Build a router once, from its sources and routes; it is immutable and `Sendable`, so
/// any task may use it. Every mistake in the table is reported when it is built.
///
/// ```swift
/// let router = try Router(
///     sources: [.host("example.com", includingWWW: true), .scheme("myapp")],
///     routes: [
///         Route("/puzzle/:date", name: "puzzle", parameters: ["date": .day]),
///         Route("/user/:userID", name: "profile", requires: [.signedIn]),
///         Route("/docs(/*path)", name: "docs"),
///     ]
/// )
/// router.route("https://www.example.com/puzzle/2025-10-25")  // matched puzzle, date=2025-10-25
/// router.route("myapp://user/42")                             // matched profile, userID=42
/// router.route("https://example.com/nothing")                 // fallback
/// router.route("https://evil.com/puzzle/2025-10-25")          // rejected: host not accepted
/// ```
///
/// **Ranking.** When several routes fit, the one with the higher ``Route/priority`` wins;
/// at equal priority the more specific pattern wins, compared segment by segment from the
/// left (a literal beats a parameter, which beats a catch-all); then the route registered
/// first. A parameter whose text does not convert to its type does not fit, and the next
/// candidate is tried.
///
/// **Paths.** Segments are percent-decoded before they are compared or captured; empty
/// segments (a trailing slash, `//`) are ignored and `.`/`..` are resolved, so
/// `https://example.com/puzzle/` matches `/puzzle` and an empty path matches `/`.
///
/// **Query and fragment.** Query items are merged into the parameters; a repeated name
/// keeps all its values; a path parameter hides a query item of the same name.
public struct Router: Sendable {
    /// The immutable state shared by copies of a router.
    final class Storage: Sendable {
        let routes: [Route]
        let patterns: [RoutePattern]
        let tree: RouteTree
        let sources: [LinkSource]
        let options: RouterOptions
        let fallback: FallbackHandler?
        let reader: LinkReader
        let hosts: HostTable
        let schemes: [String: Int]
        let routeIndexByName: [String: Int]

        init(routes: [Route], patterns: [RoutePattern], tree: RouteTree, sources: [LinkSource],
             options: RouterOptions, fallback: FallbackHandler?, exactHosts: [String: Int],
             subdomainSuffixes: [(suffix: String, source: Int)], schemes: [String: Int]) {
            self.routes = routes
            self.patterns = patterns
            self.tree = tree
            self.sources = sources
            self.options = options
            self.fallback = fallback
            self.hosts = HostTable(exactHosts: exactHosts, subdomainSuffixes: subdomainSuffixes)
            self.reader = LinkReader(plusAsSpace: options.plusAsSpace, hosts: hosts)
            self.schemes = schemes
            self.routeIndexByName = Dictionary(routes.enumerated().map { ($1.name, $0) },
                                               uniquingKeysWith: { first, _ in first })
        }
    }

    let storage: Storage

    /// Builds a router.
    ///
    /// - Parameters:
    ///   - sources: The hosts and schemes links may come from; at least one.
    ///   - routes: The routes, in registration order (the last tie-breaker in ranking).
    ///   - options: Case sensitivity, `+` as space, and whether http is accepted.
    ///   - fallback: What a ``LinkInbox`` does with a link from a source that no route
    ///     matches, e.g. open the home screen.
    /// - Throws: ``RouterError`` for a pattern that does not parse (pointing at the
    ///   character), two routes with identical patterns or names, a parameter type for a
    ///   name the pattern lacks, or an invalid source.
    public init(
        sources: [LinkSource],
        routes: [Route],
        options: RouterOptions = RouterOptions(),
        fallback: FallbackHandler? = nil
    ) throws(RouterError) {
        let (normalizedSources, exactHosts, suffixes, schemes) = try Self.compile(sources)
        var patterns: [RoutePattern] = []
        var entries: [RouteTree.Entry] = []
        var shapes: [Set<String>: Int] = [:]
        var names: [String: Int] = [:]
        for (index, route) in routes.enumerated() {
            let label = "routes[\(index)] '\(route.pattern)'"
            let pattern: RoutePattern
            do {
                pattern = try RoutePattern(route.pattern)
            } catch {
                throw RouterError(code: .invalidPattern, message: "\(label): \(error)",
                                  routeIndex: index, patternError: error)
            }
            if let other = names[route.name] {
                throw RouterError(code: .duplicateRouteName,
                                  message: "\(label): the name '\(route.name)' is already used by routes[\(other)]",
                                  routeIndex: index)
            }
            names[route.name] = index
            for name in route.parameterTypes.keys.sorted() where !pattern.parameterNames.contains(name) {
                throw RouterError(
                    code: .unknownParameter,
                    message: "\(label): a type is declared for '\(name)', which the pattern does not have "
                        + "(its parameters: \(pattern.parameterNames.isEmpty ? "none" : pattern.parameterNames.joined(separator: ", "))); "
                        + "declare query item types as query types",
                    routeIndex: index)
            }
            let caseSensitive = route.caseSensitive ?? options.caseSensitive
            let shape = Set(pattern.expansions.map { Self.shape(of: $0, caseSensitive: caseSensitive, types: route.parameterTypes) })
            if let other = shapes[shape] {
                throw RouterError(
                    code: .identicalPatterns,
                    message: "\(label): identical to routes[\(other)] '\(routes[other].pattern)'; "
                        + "both match the same links, so one could never be chosen",
                    routeIndex: index)
            }
            shapes[shape] = index
            patterns.append(pattern)
            for expansion in pattern.expansions {
                entries.append(RouteTree.Entry(
                    routeIndex: index, segments: expansion, caseSensitive: caseSensitive,
                    parameterTypes: route.parameterTypes, queryTypes: route.queryTypes, priority: route.priority))
            }
        }
        self.storage = Storage(
            routes: routes, patterns: patterns, tree: RouteTree(entries: entries), sources: normalizedSources,
            options: options, fallback: fallback, exactHosts: exactHosts, subdomainSuffixes: suffixes, schemes: schemes)
    }

    /// The routes, in registration order.
    public var routes: [Route] { storage.routes }
    /// The accepted sources, with hosts and schemes in lower case.
    public var sources: [LinkSource] { storage.sources }
    /// The router-wide options.
    public var options: RouterOptions { storage.options }
    /// The handler for links that no route matches.
    public var fallback: FallbackHandler? { storage.fallback }

    /// The route with this name, if any.
    public func route(named name: String) -> Route? {
        storage.routeIndexByName[name].map { storage.routes[$0] }
    }

    /// The parsed pattern of the route with this name, if any.
    public func pattern(named name: String) -> RoutePattern? {
        storage.routeIndexByName[name].map { storage.patterns[$0] }
    }

    /// Decides what a URL is: a match, a fallback or a rejection.
    ///
    /// The URL text is read in one pass without Foundation's `URL` (see ``IncomingLink`` for
    /// how the path is normalized).
    ///
    /// - Parameter url: The URL as received, e.g. `https://example.com/puzzle/2025-10-25`.
    /// - Returns: The decision; never throws, never has side effects.
    public func route(_ url: String) -> RoutingDecision {
        var read = ReadLink()
        if let reason = storage.reader.read(url, into: &read) { return .rejected(reason) }
        let sourceIndex: Int
        let host: String?
        if let webHost = read.host {
            guard !webHost.isEmpty else { return .rejected(.missingHost) }
            guard let index = read.source else { return .rejected(.hostNotAccepted(webHost)) }
            if read.scheme == "http" && !storage.options.acceptsHTTP {
                return .rejected(.insecureHTTP(host: webHost))
            }
            sourceIndex = index
            host = webHost
        } else {
            guard let index = storage.schemes[read.scheme] else { return .rejected(.schemeNotAccepted(read.scheme)) }
            sourceIndex = index
            host = nil
        }
        let link = IncomingLink(
            url: url, source: storage.sources[sourceIndex], scheme: read.scheme, host: host,
            pathSegments: read.segments, queryItems: read.queryItems, fragment: read.fragment)
        guard let variant = storage.tree.match(segments: read.segments, query: read.queryItems) else {
            return .fallback(link)
        }
        return .matched(match(variant, link: link))
    }

    /// Decides what a URL is; see ``route(_:)-(String)``.
    public func route(_ url: URL) -> RoutingDecision {
        route(url.absoluteString)
    }

    private func match(_ variant: Int, link: consuming IncomingLink) -> RouteMatch {
        let layout = storage.tree.variants[variant].layout
        var queryItems = link.queryItems
        if !layout.names.isEmpty, queryItems.contains(where: { layout.names.contains($0.name) }) {
            queryItems.removeAll { item in layout.names.contains(item.name) }
        }
        let parameters = RouteParameters(layout: layout, segments: link.pathSegments,
                                         queryItems: queryItems, fragment: link.fragment)
        return RouteMatch(routeIndex: storage.tree.variants[variant].routeIndex, in: storage,
                          parameters: parameters, link: link)
    }

    /// A key equal for two expansions exactly when they match the same links the same way.
    private static func shape(of segments: [PatternSegment], caseSensitive: Bool, types: [String: ParameterType]) -> String {
        segments.map { segment in
            switch segment {
            case .literal(let text): caseSensitive ? "L" + text : "l" + text.lowercased()
            case .parameter(let name): "P" + (types[name]?.name ?? "string")
            case .catchAll(let name): "C" + (name.flatMap { types[$0]?.name } ?? "string")
            }
        }.joined(separator: "\u{0}/")
    }
}
