import Foundation
import Hummingbird
import LandfallLinks
import LandfallStorage
import LandfallWire

/// The page of an invitation (`/invites/<code>`, the site's `invitations.route`): for a valid
/// code, the route's page with the code, "Open in the app", and store buttons that carry the
/// invitation through the install (a pending claim); otherwise why it cannot be used (404 for
/// an unknown code, 410 for a revoked, expired or used-up one). Unknown and malformed codes
/// count as failed guesses, like redemptions, and past the limits are a 429 page; a code that
/// exists is always shown. Never cached.
struct InvitationPage: Sendable {
    let gate: InvitationGate
    let storage: Storage
    let claims: PendingClaims
    let clock: @Sendable () -> Date

    func response(_ page: RoutePage, request: Request, context: LandfallRequestContext) async throws -> Response {
        let host = try context.host
        let site = host.site
        let now = clock()
        let parameter = site.configuration.invitations?.parameter ?? "code"
        let text = page.values.parameters[parameter] ?? ""
        let code = try? InviteCode(parsing: text)
        let attempt = InvitationAttempt(text, code: code, address: try context.client.address, at: now)
        var values = page.values
        values.noIndex = true
        func problem(_ status: HTTPResponse.Status, _ message: String) -> Response {
            values.invitationProblem = message
            values.openInAppURL = nil
            values.smartBanner = nil
            return Response.html(status, PageRenderer.render("invitation", values: values, in: site.templates), cacheControl: "no-store")
        }
        /// The page of a code that does not exist: `message` (404), or past the guess limits a 429.
        func failure(_ reason: String, _ message: String) async -> Response {
            do {
                try await gate.refuse(attempt, reason: reason, logger: context.logger)
                return problem(.notFound, message)
            } catch {
                var response = problem(.tooManyRequests, "Too many invitation codes that do not exist were tried here lately. "
                                       + "Check that the link was copied whole, or wait a little and open it again.")
                if let retryAfter = error.headers[.retryAfter] { response.headers[.retryAfter] = retryAfter }
                return response
            }
        }
        guard let code else {
            return await failure("malformed", "This link holds no invitation code. Check that it was copied whole.")
        }
        let invitation: Invitation?
        do {
            invitation = try await storage.invitation(code: code)
        } catch {
            context.logger.error("invitation lookup failed", metadata: ["error": "\(error)"])
            throw PageProblem(.serviceUnavailable, title: "Try again in a moment", message: "This invitation can't be looked up right now.")
        }
        guard let invitation else {
            return await failure(RedemptionRefusal.unknown.rawValue, "There is no invitation with this code. Check that the link was copied whole.")
        }
        values.invitationCode = code.formatted
        switch invitation.status(at: now) {
        case .revoked: return problem(.gone, "This invitation was withdrawn. Ask whoever sent it for a new one.")
        case .expired: return problem(.gone, "This invitation has expired. Ask whoever sent it for a new one.")
        case .usedUp: return problem(.gone, "This invitation has already been used.")
        case .active: break
        }
        let url = site.site.invitationURL(code: code.formatted) ?? (host.origins.canonicalSite + request.uri.path)
        _ = try await claims.attach(to: &values, url: url, deepLink: url, link: nil, campaign: Campaign(name: invitation.campaign),
                                    visitor: VisitorClassifier.classify(userAgent: request.headers[.userAgent]),
                                    request: request, context: context)
        return Response.html(.ok, PageRenderer.render("invitation", values: values, in: site.templates), cacheControl: "no-store")
    }
}
