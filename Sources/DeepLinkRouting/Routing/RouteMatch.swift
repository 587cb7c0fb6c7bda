/// A link matched to a route, with the parameters read from it.
public struct RouteMatch: Sendable {
    /// The route that matched.
    public let route: Route
    /// Path parameters (typed), query items and fragment.
    public let parameters: RouteParameters
    /// The link itself, taken apart.
    public let link: IncomingLink

    /// Creates a match; ``Router`` is the usual source of these.
    public init(route: Route, parameters: RouteParameters, link: IncomingLink) {
        self.route = route
        self.parameters = parameters
        self.link = link
    }
}
