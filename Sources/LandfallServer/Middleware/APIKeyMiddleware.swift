import Foundation
import Hummingbird
import LandfallLinks
import LandfallStorage

/// Lets through API requests whose `Authorization: Bearer <key>` is a valid, unrevoked key with
/// the ``scope`` the route group needs, and puts the key in the context
/// (``LandfallRequestContext/apiKey``). A failed authentication is rate limited like a public
/// request, so keys cannot be guessed fast: past the limit it is answered 429, otherwise with
/// the key's problem (401 `unauthorized`, 403 `forbidden`, 503 when keys cannot be read).
struct APIKeyMiddleware: RouterMiddleware {
    typealias Context = LandfallRequestContext

    let keys: APIKeyVerifier
    /// What the group's routes need: `read` for GET and HEAD, `write` for changes to links,
    /// `webhooks` for webhook endpoints and deliveries.
    let scope: APIKeyScope
    /// Counts failed authentications (the API's limit per client address).
    let rateLimit: SharedRateLimitMiddleware
    let clock: @Sendable () -> Date

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        do {
            context.apiKey = try await keys.verify(request.headers[.authorization], needs: scope, now: clock())
        } catch {
            try await rateLimit.admit(context)
            throw error
        }
        return try await next(request, context)
    }
}
