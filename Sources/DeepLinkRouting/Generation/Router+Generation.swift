import Foundation

extension Router {
    /// Builds the link for a route, percent-encoded, that routes back to that route with the
    /// same parameters.
    ///
    /// Path parameters come from `parameters`; values of the parameter's type are formatted
    /// by it (a ``CalendarDay`` as `yyyy-MM-dd`), strings are used as they are if they
    /// convert. An optional group is written when all of its parameters are given. Every
    /// other entry becomes a query item, in name order; a list value (`["a", "b"]`) becomes
    /// repeated items.
    ///
    /// ```swift
    /// try router.link(to: "search", parameters: ["term": "ice cream", "tag": ["a", "b"]],
    ///                 on: .https("example.com"))
    /// // "https://example.com/search/ice%20cream?tag=a&tag=b"
    /// ```
    ///
    /// - Parameters:
    ///   - routeName: The ``Route/name``.
    ///   - parameters: Path parameters and query items by name.
    ///   - fragment: The text after `#`, if any.
    ///   - target: The https host or the custom scheme; the router must accept it.
    /// - Returns: The link as text.
    /// - Throws: ``URLGenerationError`` for an unknown route, a target the router does not
    ///   accept, a missing, empty or invalid value, or a link that a higher-ranked route
    ///   would take.
    public func link(
        to routeName: String,
        parameters: [String: any Sendable] = [:],
        fragment: String? = nil,
        on target: LinkTarget
    ) throws(URLGenerationError) -> String {
        guard let routeIndex = storage.routeIndexByName[routeName] else {
            throw URLGenerationError(code: .unknownRoute, message: "no route is named '\(routeName)'")
        }
        let route = storage.routes[routeIndex]
        let prefix = try self.prefix(for: target)
        let expansion = try chooseExpansion(storage.patterns[routeIndex], route: route, parameters: parameters)

        var segments: [String] = []
        var used: Set<String> = []
        for segment in expansion {
            switch segment {
            case .literal(let text):
                segments.append(PercentEncoding.encodeSegment(text))
            case .parameter(let name):
                let text = try format(parameters[name], name: name, type: route.parameterTypes[name] ?? .string, route: route)
                guard !text.isEmpty else {
                    throw URLGenerationError(code: .emptyValue, message: "'\(name)' is empty; a path segment cannot be")
                }
                segments.append(PercentEncoding.encodeSegment(text))
                used.insert(name)
            case .catchAll(let name):
                guard let name else { continue }
                let text = try format(parameters[name], name: name, type: route.parameterTypes[name] ?? .string, route: route)
                let parts = text.split(separator: "/", omittingEmptySubsequences: true)
                guard !parts.isEmpty else {
                    throw URLGenerationError(code: .emptyValue,
                                             message: "'\(name)' has no segment; a catch-all needs at least one")
                }
                segments.append(contentsOf: parts.map { PercentEncoding.encodeSegment(String($0)) })
                used.insert(name)
            }
        }

        var link = prefix + segments.joined(separator: "/")
        var queryParts: [String] = []
        for name in parameters.keys.sorted() where !used.contains(name) {
            guard let value = parameters[name] else { continue }
            let values: [any Sendable] = (value as? [any Sendable]) ?? [value]
            for item in values {
                let text: String
                if let type = route.queryTypes[name] {
                    text = try format(item, name: name, type: type, route: route)
                } else {
                    text = (item as? String) ?? String(describing: item)
                }
                queryParts.append(PercentEncoding.encode(name) + "=" + PercentEncoding.encode(text))
            }
        }
        if !queryParts.isEmpty { link += "?" + queryParts.joined(separator: "&") }
        if let fragment { link += "#" + PercentEncoding.encode(fragment) }

        if case .matched(let match) = self.route(link), match.route.name != route.name {
            throw URLGenerationError(
                code: .wouldMatchAnotherRoute,
                message: "'\(link)' would open route '\(match.route.name)' (\(match.route.pattern)), "
                    + "which ranks above '\(route.name)' (\(route.pattern))")
        }
        return link
    }

    /// Builds the link for a route as a `URL`; see ``link(to:parameters:fragment:on:)``.
    public func url(
        to routeName: String,
        parameters: [String: any Sendable] = [:],
        fragment: String? = nil,
        on target: LinkTarget
    ) throws(URLGenerationError) -> URL {
        let text = try link(to: routeName, parameters: parameters, fragment: fragment, on: target)
        guard let url = URL(string: text) else {
            throw URLGenerationError(code: .invalidValue, message: "'\(text)' is not accepted by Foundation's URL")
        }
        return url
    }

    private func prefix(for target: LinkTarget) throws(URLGenerationError) -> String {
        switch target {
        case .https(let rawHost):
            let host = rawHost.lowercased()
            guard storage.hosts.source(forHost: host) != nil else {
                throw URLGenerationError(code: .targetNotAccepted,
                                         message: "host '\(rawHost)' is not in the router's allow-list")
            }
            return "https://\(host)/"
        case .scheme(let rawScheme):
            let scheme = rawScheme.lowercased()
            guard storage.schemes[scheme] != nil else {
                throw URLGenerationError(code: .targetNotAccepted,
                                         message: "scheme '\(rawScheme)' is not one of the router's schemes")
            }
            return "\(scheme)://"
        }
    }

    /// The expansion that uses the most given parameters (then the fewest segments).
    private func chooseExpansion(
        _ pattern: RoutePattern, route: Route, parameters: [String: any Sendable]
    ) throws(URLGenerationError) -> [PatternSegment] {
        let candidates = pattern.expansions.filter { expansion in
            expansion.allSatisfy { segment in
                switch segment {
                case .literal: true
                case .parameter(let name): parameters[name] != nil
                case .catchAll(let name): name.map { parameters[$0] != nil } ?? false
                }
            }
        }
        func captures(_ expansion: [PatternSegment]) -> Int { expansion.filter { $0.parameterName != nil }.count }
        if let best = candidates.min(by: { lhs, rhs in
            captures(lhs) != captures(rhs) ? captures(lhs) > captures(rhs) : lhs.count < rhs.count
        }) {
            return best
        }
        let shortest = pattern.expansions.min { $0.count < $1.count } ?? []
        if shortest.contains(.catchAll(nil)) {
            throw URLGenerationError(code: .missingParameter,
                                     message: "route '\(route.name)' ends with an anonymous catch-all; name it ('*rest') to generate links")
        }
        let missing = shortest.compactMap(\.parameterName).filter { parameters[$0] == nil }
        throw URLGenerationError(code: .missingParameter,
                                 message: "route '\(route.name)' (\(route.pattern)) needs \(missing.map { "'\($0)'" }.joined(separator: ", "))")
    }

    private func format(_ value: (any Sendable)?, name: String, type: ParameterType, route: Route) throws(URLGenerationError) -> String {
        guard let value else {
            throw URLGenerationError(code: .missingParameter, message: "route '\(route.name)' needs '\(name)'")
        }
        if value is [any Sendable] {
            throw URLGenerationError(code: .invalidValue, message: "'\(name)' is a path parameter and takes one value, not a list")
        }
        guard let text = type.format(value) else {
            throw URLGenerationError(code: .invalidValue,
                                     message: "'\(name)' = '\(value)' is not a valid \(type.name) for route '\(route.name)'")
        }
        return text
    }
}
