import Hummingbird

/// The link server's router: the middleware every request passes, then one route collection
/// per area, each given only the parts it needs.
///
/// Every request passes ``EveryRequestMiddleware`` (its id, the access log and metrics, the
/// client, HEAD, errors, the 414 for long addresses, and the answers when no route takes it:
/// 405 with `Allow`, the API's 404, or the site's pages).
///
/// Then: the operations endpoints on any host; behind ``HostMiddleware`` (400 for a bad
/// `Host`, 404 for a host the site does not list), the association files, the share cards kept
/// in memory (any other `/static/cards/` request goes to the pages), the JSON API (its
/// operations in ``APIRoutes``, public ones rate limited, the others behind an API key of their
/// scope), and the pages of every host (``SiteRoutes``: redirects, short links, the site's
/// pages), plain http redirected to https and rate limited.
///
/// The router answers through ``LandfallResponder``, which hands the short links' paths to the
/// pages itself (``PageShortcut``): the routes are added through a ``RecordingRouter``, so that
/// it knows the paths they take.
///
/// - Returns: The server's responder, the API's table (which tests compare with the OpenAPI
///   document) and the paths of the router's routes (which tests check the shortcut against).
func buildRouter(_ parts: ServerComponents) -> (responder: LandfallResponder, api: APITable, paths: [RouterPath]) {
    let router = RecordingRouter(Router(context: LandfallRequestContext.self, options: .autoGenerateHeadEndpoints))
    let hosts = HostMiddleware(sites: parts.sites)
    let rateLimit = RateLimitMiddleware(limiter: parts.rateLimiter)
    let apiRateLimit = SharedRateLimitMiddleware(limiter: parts.apiLimiter)
    let siteRoutes = SiteRoutes(parts, dashboard: parts.dashboard)
    let pages = PageStack(hosts: hosts, rateLimit: rateLimit, routes: siteRoutes)
    var api = APIRoutes(
        publicMiddleware: apiRateLimit,
        read: APIKeyMiddleware(keys: parts.keys, scope: .read, rateLimit: apiRateLimit, clock: parts.clock),
        write: APIKeyMiddleware(keys: parts.keys, scope: .write, rateLimit: apiRateLimit, clock: parts.clock),
        webhooks: APIKeyMiddleware(keys: parts.keys, scope: .webhooks, rateLimit: apiRateLimit, clock: parts.clock))
    LinksAPI(storage: parts.storage, links: parts.links, clock: parts.clock).addRoutes(to: &api)
    StatsAPI(storage: parts.storage, clicks: parts.clicks).addRoutes(to: &api)
    LinkQRCodeAPI(storage: parts.storage).addRoutes(to: &api)
    SettingsAPI(settings: parts.settings, storage: parts.storage, clock: parts.clock).addRoutes(to: &api)
    InvitationsAPI(storage: parts.storage, clock: parts.clock).addRoutes(to: &api)
    RedemptionAPI(gate: InvitationGate(parts), storage: parts.storage, clock: parts.clock).addRoutes(to: &api)
    ClaimsAPI(storage: parts.storage, claims: parts.claims, addresses: parts.addresses, clock: parts.clock).addRoutes(to: &api)
    InstallAPI(storage: parts.storage, claims: parts.claims).addRoutes(to: &api)
    EventsAPI(storage: parts.storage, clock: parts.clock).addRoutes(to: &api)
    WebhooksAPI(storage: parts.storage, clock: parts.clock).addRoutes(to: &api)
    ResolveAPI(links: LinkLookup(parts), clicks: parts.clicks, clock: parts.clock).addRoutes(to: &api)

    let everyRequest = EveryRequestMiddleware(
        metrics: MetricsMiddleware(metrics: parts.metrics),
        client: ClientMiddleware(trust: parts.proxyTrust),
        errors: ErrorMiddleware(sites: parts.sites),
        unmatched: UnmatchedRequestMiddleware(api: api.table, hosts: hosts, rateLimit: apiRateLimit, pages: pages))
    router.add(middleware: everyRequest)
    // Routes take the router's middleware when they are added: after it, every one.
    OperationsRoutes(sites: parts.sites, storage: parts.storage, metrics: parts.metrics).addRoutes(to: router)
    AssociationRoutes().addRoutes(to: router.group().add(middleware: hosts))
    api.register(on: router.group().add(middleware: hosts))
    // A share card kept in memory skips the page stack, as the association files do (CardRoutes).
    router.group().add(middleware: hosts).get(RouterPath(PageCard.pathPrefix + ":card")) { request, context in
        if let kept = try siteRoutes.cards.respondKept(request, context: context) { return kept }
        return try await pages.respond(to: request, context: context)
    }
    pages.addRoutes(to: router)
    return (LandfallResponder(routes: router, everyRequest: everyRequest, pages: pages), api.table, router.paths)
}
