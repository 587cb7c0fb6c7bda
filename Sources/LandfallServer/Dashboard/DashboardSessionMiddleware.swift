import Foundation
import Hummingbird
import LandfallStorage

/// Puts the signed-in person in the context when the request carries the cookie of a valid
/// session: stored, within its end and idle time (``DashboardSessionPolicy``), of a user who is
/// not disabled. Notes the session's use at most once a minute. A request without one goes on
/// unsigned; ``RequireSignIn`` turns those away from the pages that need a person.
struct DashboardSessionMiddleware: RouterMiddleware {
    typealias Context = DashboardContext

    let storage: Storage
    let policy: DashboardSessionPolicy
    let clock: @Sendable () -> Date

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let cookie = request.cookies[DashboardCookies.session]?.value,
              let hash = DashboardSessions.tokenHash(ofCookie: cookie),
              let found = try await storage.dashboardSession(tokenHash: hash) else {
            return try await next(request, context)
        }
        let now = clock()
        guard found.session.isValid(at: now, policy: policy), !found.user.isDisabled else {
            return try await next(request, context)
        }
        if now.timeIntervalSince(found.session.lastSeenAt) >= 60 {
            try await storage.noteDashboardSessionUse(tokenHash: hash, at: now)
        }
        var context = context
        context.signedIn = SignedIn(user: found.user, session: found.session)
        return try await next(request, context)
    }
}

/// Sends a request without a signed-in person to the sign-in page (303, remembering where it
/// was going when that was a page it could read).
struct RequireSignIn: RouterMiddleware {
    typealias Context = DashboardContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard context.signedIn != nil else {
            context.server.label("dashboard_sign_in_required")
            let target = request.method == .get ? request.uri.path : "/"
            let next = target == "/" ? "" : "?next=" + (target.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "/-_.~"))) ?? "")
            return Response.redirect(.seeOther, to: "/sign-in" + next)
        }
        return try await next(request, context)
    }
}
