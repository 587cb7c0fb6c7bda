import Hummingbird

/// Takes a token from the client's bucket in the ``RateLimiter``, or refuses the request with
/// ``RateLimited`` (429 with `Retry-After`; a JSON error under `/v1`, a page elsewhere).
/// Without a limiter (`--rate-limit 0`) every request passes.
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = LandfallRequestContext

    let limiter: RateLimiter?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try admit(context)
        return try await next(request, context)
    }

    /// Takes a token for the request's client, or throws ``RateLimited``.
    func admit(_ context: Context) throws {
        guard let limiter else { return }
        if case .limited(let retryAfter) = limiter.admit(try context.client.address) {
            throw RateLimited(retryAfter: retryAfter)
        }
    }
}

/// Too many requests from one client address: try again after ``retryAfter`` seconds.
struct RateLimited: Error {
    let retryAfter: Int
}
