import Hummingbird

/// The API's limit per client address: takes a token from the client's bucket in a
/// ``SharedLimiter`` (counted together by every instance on one PostgreSQL database), or
/// refuses the request with ``RateLimited`` (429 with `Retry-After`, a JSON error). Without a
/// limiter (`--rate-limit 0`) every request passes.
///
/// Pages keep ``RateLimitMiddleware``, this instance's own buckets: sharing them would cost
/// every redirect a database round trip.
struct SharedRateLimitMiddleware: RouterMiddleware {
    typealias Context = LandfallRequestContext

    let limiter: SharedLimiter?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await admit(context)
        return try await next(request, context)
    }

    /// Takes a token for the request's client, or throws ``RateLimited``.
    func admit(_ context: Context) async throws {
        guard let limiter else { return }
        if case .limited(let retryAfter) = await limiter.admit(try context.client.address) {
            throw RateLimited(retryAfter: retryAfter)
        }
    }
}
