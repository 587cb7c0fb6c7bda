import Hummingbird

/// The route of every page, on every host: `/` and `/**` for GET (and HEAD), behind host
/// resolution, the https redirect and the rate limit, answered by ``SiteRoutes``.
///
/// ``UnmatchedRequestMiddleware`` also sends here the page paths the router does not take
/// because their first segment is one of the server's own (`/health/sleep` on a site with a
/// `/health/:topic` route), through the same middleware.
///
/// The middleware runs inside the routes' one handler, ``respond(to:context:)``, rather than
/// in a router group: both ways in take the same path, and the hot short-link redirect saves a
/// hop through the router's type-erased middleware (see ``EveryRequestMiddleware``, a class
/// for the same reason as this one). Each of the three only acts before the request goes on,
/// so their synchronous steps are taken in line (``HostMiddleware/resolve(_:in:)``,
/// ``HTTPSRedirectMiddleware/redirect(_:context:)``, ``RateLimitMiddleware/admit(_:)``), one
/// after the other, without an async frame each.
final class PageStack: Sendable {
    typealias Context = LandfallRequestContext

    let hosts: HostMiddleware
    let https = HTTPSRedirectMiddleware()
    let rateLimit: RateLimitMiddleware
    let routes: SiteRoutes

    init(hosts: HostMiddleware, rateLimit: RateLimitMiddleware, routes: SiteRoutes) {
        self.hosts = hosts
        self.rateLimit = rateLimit
        self.routes = routes
    }

    /// The route of every page path but `/`, which the router answers when no other route takes
    /// a path (and ``LandfallResponder`` takes a short link's path to directly: ``PageShortcut``).
    static let catchAll: RouterPath = "/**"

    func addRoutes(to router: some RouterMethods<Context>) {
        router.get("/", use: respond)
        router.get(Self.catchAll, use: respond)
    }

    /// Answers a page request: the host resolved, plain http redirected, the client rate
    /// limited, then ``SiteRoutes``.
    @Sendable func respond(to request: Request, context: Context) async throws -> Response {
        var context = context
        try hosts.resolve(request, in: &context)
        if let redirect = try https.redirect(request, context: context) { return redirect }
        try rateLimit.admit(context)
        return try await routes.respond(request, context: context)
    }
}
