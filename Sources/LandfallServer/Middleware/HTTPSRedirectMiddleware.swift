import Hummingbird

/// Sends a page request that a proxy marks `X-Forwarded-Proto: http` to the same address over
/// https (301). Development names stay on http, and the paths near the association files are
/// never redirected: a 3xx there reads, to Apple's CDN, as "the association file redirects".
struct HTTPSRedirectMiddleware: RouterMiddleware {
    typealias Context = LandfallRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let redirect = try redirect(request, context: context) { return redirect }
        return try await next(request, context)
    }

    /// The redirect to https `request` gets, or nil when it goes on: the step
    /// ``handle(_:context:next:)`` takes before going on, which ``PageStack`` takes in line.
    func redirect(_ request: Request, context: Context) throws -> Response? {
        let host = try context.host
        // The proxy's header alone decides (building the page origins here would cost every page twice).
        guard !host.role.isLocal, Origins.isPlainHTTP(forwardedProto: host.forwardedProto), !AssociationRoutes.isNear(request.uri.path) else {
            return nil
        }
        context.label("redirect_https")
        return Response.redirect(.movedPermanently, to: "https://\(host.name.authority)\(request.pathAndQuery)")
    }
}

extension Request {
    /// The path and, when there is one, `?` and the query: what a redirect keeps (never an
    /// absolute-form request target's host).
    var pathAndQuery: String { uri.path + (uri.query.map { "?\($0)" } ?? "") }
}
