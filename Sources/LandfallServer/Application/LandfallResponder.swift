import Hummingbird

/// The server's responder: the router, except for the requests ``PageShortcut`` takes, which
/// go to the pages' catch-all route directly, through the same middleware (``EveryRequestMiddleware``)
/// and with the same label the router would give them.
///
/// The router runs its middleware once it has found the route, so a request answered here
/// passes exactly what it would have passed there.
struct LandfallResponder: HTTPResponder {
    typealias Context = LandfallRequestContext

    let router: RouterResponder<Context>
    let everyRequest: EveryRequestMiddleware
    let pages: PageStack
    let shortcut: PageShortcut?

    /// The responder of `routes`, whose pages are `pages`: with the shortcut when the router's
    /// only middleware is `everyRequest` (what the catch-all's requests pass there) and
    /// ``PageShortcut`` can be made from its routes.
    init(routes: RecordingRouter, everyRequest: EveryRequestMiddleware, pages: PageStack) {
        router = routes.router.buildResponder()
        self.everyRequest = everyRequest
        self.pages = pages
        let passesEveryRequestOnly = routes.middleware.count == 1 && routes.middleware.first as? EveryRequestMiddleware === everyRequest
        shortcut = passesEveryRequestOnly ? PageShortcut(paths: routes.paths, catchAll: PageStack.catchAll) : nil
    }

    func respond(to request: Request, context: Context) async throws -> Response {
        guard let shortcut, shortcut.takes(request) else {
            return try await router.respond(to: request, context: context)
        }
        context.coreContext.endpointPath.value = shortcut.label
        return try await everyRequest.handle(request, context: context, next: pages.respond)
    }
}
