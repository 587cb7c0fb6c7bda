extension Router {
    /// Builds a router from a route table, resolving type names and attaching handlers by
    /// route name.
    ///
    /// - Parameters:
    ///   - table: The decoded table.
    ///   - types: Parameter types beyond the built-in ones, found by ``ParameterType/name``.
    ///   - handlers: Handlers by route name; each name must be in the table.
    ///   - fallback: The handler for links no route matches.
    /// - Throws: ``RouterError``: an unknown type name or handler name, plus every error
    ///   ``init(sources:routes:options:fallback:)`` reports.
    public init(
        table: RouteTable,
        types: [ParameterType] = [],
        handlers: [String: RouteHandler] = [:],
        fallback: FallbackHandler? = nil
    ) throws(RouterError) {
        var known: [String: ParameterType] = [:]
        for type in ParameterType.builtIn + types { known[type.name] = type }
        func resolve(_ names: [String: String], at place: String, route index: Int) throws(RouterError) -> [String: ParameterType] {
            var resolved: [String: ParameterType] = [:]
            for (parameter, typeName) in names.sorted(by: { $0.key < $1.key }) {
                guard let type = known[typeName] else {
                    throw RouterError(
                        code: .unknownParameterType,
                        message: "routes[\(index)].\(place).\(parameter): unknown type '\(typeName)'; "
                            + "known types: \(known.keys.sorted().joined(separator: ", "))",
                        routeIndex: index)
                }
                resolved[parameter] = type
            }
            return resolved
        }
        var routes: [Route] = []
        for (index, definition) in table.routes.enumerated() {
            routes.append(Route(
                definition.pattern,
                name: definition.effectiveName,
                parameters: try resolve(definition.parameters, at: "parameters", route: index),
                query: try resolve(definition.query, at: "query", route: index),
                priority: definition.priority,
                caseSensitive: definition.caseSensitive,
                requires: definition.requires,
                handler: handlers[definition.effectiveName]))
        }
        let names = Set(routes.map(\.name))
        for name in handlers.keys.sorted() where !names.contains(name) {
            throw RouterError(code: .handlerForUnknownRoute,
                              message: "a handler is given for '\(name)', but no route has that name")
        }
        try self.init(sources: table.sources, routes: routes, options: table.routing, fallback: fallback)
    }
}

extension Router {
    /// Routes every example URL of a table and returns those that do not open their own
    /// route: the check that keeps a table's examples (and the association files and pages
    /// generated from it) honest.
    ///
    /// - Parameter table: The table this router was built from.
    /// - Returns: One entry per failing example, in table order; empty when all match.
    public func exampleMismatches(in table: RouteTable) -> [ExampleMismatch] {
        var mismatches: [ExampleMismatch] = []
        for (index, definition) in table.routes.enumerated() {
            let name = definition.effectiveName
            for url in definition.examples {
                let outcome: String
                switch route(url) {
                case .matched(let match) where match.route.name == name:
                    continue
                case .matched(let match):
                    outcome = "matched '\(match.route.name)' (\(match.route.pattern))"
                case .fallback:
                    outcome = "matched no route (fallback)"
                case .rejected(let reason):
                    outcome = "was rejected: \(reason)"
                }
                mismatches.append(ExampleMismatch(routeIndex: index, routeName: name, url: url, outcome: outcome))
            }
        }
        return mismatches
    }
}
