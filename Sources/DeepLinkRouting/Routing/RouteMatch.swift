/// A link matched to a route, with the parameters read from it.
public struct RouteMatch: Sendable {
    /// Where the route is kept: a router's table (one reference to copy, the common case),
    /// or a route of its own.
    private enum RouteReference: Sendable {
        case table(Router.Storage, Int)
        case route(Route)
    }

    private let reference: RouteReference
    /// Path parameters (typed), query items and fragment.
    public let parameters: RouteParameters
    /// The link itself, taken apart.
    public let link: IncomingLink

    /// Creates a match; ``Router`` is the usual source of these.
    public init(route: Route, parameters: RouteParameters, link: IncomingLink) {
        self.reference = .route(route)
        self.parameters = parameters
        self.link = link
    }

    init(routeIndex: Int, in storage: Router.Storage, parameters: RouteParameters, link: IncomingLink) {
        self.reference = .table(storage, routeIndex)
        self.parameters = parameters
        self.link = link
    }

    /// The route that matched.
    public var route: Route {
        switch reference {
        case .table(let storage, let index): storage.routes[index]
        case .route(let route): route
        }
    }
}
