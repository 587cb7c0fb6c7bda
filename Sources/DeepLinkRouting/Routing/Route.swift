/// What the app does with a matched link.
///
/// Handlers are async and may hop to the main actor themselves:
/// `{ match in await MainActor.run { navigator.show(match) } }`.
public typealias RouteHandler = @Sendable (RouteMatch) async -> Void

/// One entry of a router's table: a pattern, the types of its parameters, how it ranks,
/// what it requires, and what to do when it matches.
///
/// ```swift
/// Route("/puzzle/:date", name: "puzzle", parameters: ["date": .day]) { match in
///     let day = match.parameters.value("date", as: CalendarDay.self)
///     await navigator.showPuzzle(day)
/// }
/// ```
///
/// The pattern is parsed when the ``Router`` is built, which reports a bad pattern with the
/// character at fault (see ``RoutePattern`` for the syntax).
public struct Route: Sendable, CustomStringConvertible {
    /// The pattern as written, e.g. `/user/:userID(/posts/:post)`.
    public let pattern: String
    /// The route's name: unique in a router; URL generation and handlers refer to it.
    public let name: String
    /// The type of each path parameter; undeclared ones are ``ParameterType/string``.
    public let parameterTypes: [String: ParameterType]
    /// The type of query items the route reads; an item present with a value that does not
    /// convert makes the route not match. Absent items are fine.
    public let queryTypes: [String: ParameterType]
    /// Ranking override: a higher priority wins over any specificity; the default is 0.
    public let priority: Int
    /// Whether literal segments compare with case; nil uses the router's option.
    public let caseSensitive: Bool?
    /// Conditions that must hold before the link opens; otherwise a ``LinkInbox`` holds it.
    public let requirements: [LinkCondition]
    /// What to do when the route matches; routers built for checking need none.
    public let handler: RouteHandler?

    /// Creates a route.
    ///
    /// - Parameters:
    ///   - pattern: The path pattern (see ``RoutePattern``).
    ///   - name: A unique name; defaults to the pattern.
    ///   - parameters: Types of path parameters by name; each must appear in the pattern.
    ///   - query: Types of query items by name.
    ///   - priority: A higher value wins over more specific routes; default 0.
    ///   - caseSensitive: Overrides the router's case sensitivity for literal segments.
    ///   - requires: Conditions the app must report as met before the link opens.
    ///   - handler: Runs when a ``LinkInbox`` opens a link for this route.
    public init(
        _ pattern: String,
        name: String? = nil,
        parameters: [String: ParameterType] = [:],
        query: [String: ParameterType] = [:],
        priority: Int = 0,
        caseSensitive: Bool? = nil,
        requires: [LinkCondition] = [],
        handler: RouteHandler? = nil
    ) {
        self.pattern = pattern
        self.name = name ?? pattern
        self.parameterTypes = parameters
        self.queryTypes = query
        self.priority = priority
        self.caseSensitive = caseSensitive
        self.requirements = requires
        self.handler = handler
    }

    /// The same route with another handler.
    public func handling(with handler: RouteHandler?) -> Route {
        Route(pattern, name: name, parameters: parameterTypes, query: queryTypes, priority: priority,
              caseSensitive: caseSensitive, requires: requirements, handler: handler)
    }

    /// `name (pattern)`, or the pattern alone when the name is the pattern.
    public var description: String {
        name == pattern ? pattern : "\(name) (\(pattern))"
    }
}
