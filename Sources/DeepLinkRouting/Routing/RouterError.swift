/// Why a router could not be built from its routes and sources.
///
/// Every problem is found when the router is built, never while routing:
///
/// ```
/// routes[2] '/user/:id/:id': pattern '/user/:id/:id', character 11: duplicate parameter name 'id'
///   /user/:id/:id
///             ^
/// ```
public struct RouterError: Error, Sendable, CustomStringConvertible {
    /// The kind of problem.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// A pattern does not parse; ``RouterError/patternError`` says where.
        case invalidPattern
        /// Two routes match exactly the same links with the same types.
        case identicalPatterns
        /// Two routes have the same name.
        case duplicateRouteName
        /// A parameter type is declared for a name the pattern does not have.
        case unknownParameter
        /// A route table names a parameter type the router does not know.
        case unknownParameterType
        /// A source is empty or not a valid host or scheme.
        case invalidSource
        /// The router has no source, so it would reject every link.
        case noSources
        /// A handler was given for a route name that is not in the table.
        case handlerForUnknownRoute
    }

    /// The kind of problem.
    public let code: Code
    /// A sentence describing the problem, starting with where it is.
    public let message: String
    /// The index of the route at fault, when one is.
    public let routeIndex: Int?
    /// The pattern problem, for ``Code/invalidPattern``.
    public let patternError: RoutePatternError?

    /// Creates an error.
    public init(code: Code, message: String, routeIndex: Int? = nil, patternError: RoutePatternError? = nil) {
        self.code = code
        self.message = message
        self.routeIndex = routeIndex
        self.patternError = patternError
    }

    /// The message; for a pattern problem, followed by the pattern and a caret.
    public var description: String {
        message
    }
}
