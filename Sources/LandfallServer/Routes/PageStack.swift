import Hummingbird

/// The route of every page, on every host: `/` and `/**` for GET (and HEAD), behind host
/// resolution, the https redirect and the rate limit, answered by ``SiteRoutes``.
///
/// ``UnmatchedRequestMiddleware`` also sends here the page paths the router does not take
/// because their first segment is one of the server's own (`/health/sleep` on a site with a
/// `/health/:topic` route), through the same middleware.
struct PageStack: Sendable {
    typealias Context = LandfallRequestContext

    let hosts: HostMiddleware
    let rateLimit: RateLimitMiddleware
    let routes: SiteRoutes

    /// What every page request passes, in order.
    @MiddlewareFixedTypeBuilder<Request, Response, Context>
    var middleware: some MiddlewareProtocol<Request, Response, Context> {
        hosts
        HTTPSRedirectMiddleware()
        rateLimit
    }

    func addRoutes(to router: some RouterMethods<Context>) {
        let pages = router.group().add(middleware: middleware)
        pages.get("/", use: routes.respond)
        pages.get("/**", use: routes.respond)
    }

    /// Answers a page request that no route took.
    func respond(to request: Request, context: Context) async throws -> Response {
        try await middleware.handle(request, context: context) { request, context in
            try await routes.respond(request, context: context)
        }
    }
}
