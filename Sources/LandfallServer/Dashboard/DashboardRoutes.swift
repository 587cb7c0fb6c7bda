import Foundation
import Hummingbird
import LandfallStorage

/// The dashboard, on the site's admin host (`hosts.admin`) and nowhere else: a router of its
/// own, reached through ``SiteRoutes`` (GET) and ``UnmatchedRequestMiddleware`` (POST) once
/// the host is known, so that no path of another host can reach it and the short-link path
/// pays nothing for it.
///
/// Every request gets the security headers (``DashboardHeadersMiddleware``) and, with a
/// session cookie, its signed-in person (``DashboardSessionMiddleware``); every POST must be a
/// form with its CSRF token (``DashboardCSRFMiddleware``). The sign-in page and the style
/// sheet are open; everything else needs a person signed in (``RequireSignIn``), and the audit
/// log an admin (``RequireRole``).
struct DashboardRoutes: Sendable {
    typealias Context = LandfallRequestContext

    let responder: RouterResponder<Context>

    init(_ parts: ServerComponents, configuration: DashboardConfiguration) {
        let router = Router(context: Context.self)
        let dashboard = router.group(context: DashboardContext.self)
            .add(middleware: DashboardHeadersMiddleware())
            .add(middleware: DashboardSessionMiddleware(storage: parts.storage, policy: configuration.sessions, clock: parts.clock))
            .add(middleware: DashboardCSRFMiddleware())
        dashboard.get(RouterPath(stringLiteral: DashboardStyle.path)) { _, _ in
            Response.text(.ok, DashboardStyle.css, contentType: "text/css; charset=utf-8")
        }
        dashboard.get(RouterPath(stringLiteral: DashboardScript.path)) { _, _ in
            Response.text(.ok, DashboardScript.javaScript, contentType: "text/javascript; charset=utf-8")
        }
        SignInRoutes(storage: parts.storage, clock: parts.clock, policy: configuration.sessions,
                     addresses: SharedLimiter("sign-in", limit: configuration.signInsPerAddress, storage: parts.storage, clock: parts.clock, logger: parts.logger),
                     decoy: DecoyHash(cost: configuration.passwordCost)).addRoutes(to: dashboard)
        let members = dashboard.group().add(middleware: RequireSignIn())
        let editors = members.group().add(middleware: RequireRole.editor)
        let admins = members.group().add(middleware: RequireRole.admin)
        OverviewRoutes(storage: parts.storage, clicks: parts.clicks, clock: parts.clock).addRoutes(to: members)
        LinkListRoutes(storage: parts.storage, clock: parts.clock).addRoutes(members: members)
        LinkFormRoutes(storage: parts.storage, links: parts.links, clock: parts.clock).addRoutes(editors: editors)
        LinkPageRoutes(storage: parts.storage, clicks: parts.clicks, clock: parts.clock).addRoutes(members: members)
        InvitationPageRoutes(storage: parts.storage, settings: parts.settings, clock: parts.clock).addRoutes(members: members, editors: editors)
        SitePageRoutes(storage: parts.storage, clock: parts.clock).addRoutes(members: members)
        APIKeyPageRoutes(storage: parts.storage, clock: parts.clock).addRoutes(admins: admins)
        WebhookPageRoutes(storage: parts.storage, clock: parts.clock).addRoutes(members: members, editors: editors, admins: admins)
        AuditRoutes(storage: parts.storage).addRoutes(to: admins)
        responder = router.buildResponder()
    }

    /// Answers a request on the admin host; a path the dashboard does not have is its 404 page.
    func respond(_ request: Request, context: Context) async throws -> Response {
        let response = try await responder.respond(to: request, context: context)
        // The router answers a path it has no route for with an empty 404 (its not-found
        // responder's error, turned into a response), labelled so.
        guard response.status == .notFound, context.routeLabel == "NotFound" else { return response }
        context.label("dashboard_not_found")
        let child = try DashboardContext(context: context)
        var page = try DashboardPage.response("problem", title: "Not found",
                                              values: ["heading": "Not found", "message": "The dashboard has no page at this address."],
                                              context: child, status: .notFound)
        page.headers[DashboardHeadersMiddleware.frameOptions] = "DENY"
        page.headers[.contentSecurityPolicy] = DashboardHeadersMiddleware.contentSecurityPolicy
        return page
    }
}

/// How the dashboard behaves: how long sessions last, how often one address may try to sign
/// in, and bcrypt's cost for the passwords it sets (the demo's admin).
public struct DashboardConfiguration: Sendable, Hashable {
    /// How long sessions last (7 days, or 12 hours unused, by default).
    public var sessions: DashboardSessionPolicy
    /// Sign-in attempts per client address: 10, then one every 6 seconds, by default.
    public var signInsPerAddress: RateLimit
    /// bcrypt's cost for passwords the server sets (the demo's admin), and for the hash an
    /// unknown email is checked against (so that it takes as long as a real one); 12 by default.
    public var passwordCost: UInt8

    /// Creates the configuration.
    public init(sessions: DashboardSessionPolicy = DashboardSessionPolicy(),
                signInsPerAddress: RateLimit = RateLimit(requestsPerSecond: 1.0 / 6, burst: 10),
                passwordCost: UInt8 = DashboardPasswords.defaultCost) {
        self.sessions = sessions
        self.signInsPerAddress = signInsPerAddress
        self.passwordCost = passwordCost
    }
}
