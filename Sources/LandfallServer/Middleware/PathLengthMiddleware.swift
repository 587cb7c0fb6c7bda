import Hummingbird

/// Refuses a path or query longer than ``maximumLength`` bytes with 414 (a JSON error under
/// `/v1`, a page elsewhere): links are never that long, and nothing after this reads such a
/// request.
struct PathLengthMiddleware: RouterMiddleware {
    typealias Context = LandfallRequestContext

    /// The longest path (and, separately, query) accepted, in bytes.
    static let maximumLength = 4096

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try check(request, context: context)
        return try await next(request, context)
    }

    /// Throws the 414 for a request whose path or query is too long: the step
    /// ``handle(_:context:next:)`` takes before going on, which ``EveryRequestMiddleware``
    /// takes in line.
    func check(_ request: Request, context: Context) throws {
        guard request.uri.path.utf8.count <= Self.maximumLength, (request.uri.query?.utf8.count ?? 0) <= Self.maximumLength else {
            context.label("uri_too_long")
            if APIError.isAPIPath(request.uri.path) {
                throw APIError(.uriTooLong, .uriTooLong, "The path and the query may each be at most \(Self.maximumLength) bytes.")
            }
            throw PageProblem(.uriTooLong, title: "That address is too long", message: "Links are never this long; check how it was copied.")
        }
    }
}
