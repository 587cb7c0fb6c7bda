import HTTPTypes
import Hummingbird
import Logging

/// Gives every request an id and sends it back in `X-Request-ID`: the client's `X-Request-ID`
/// when it is a sane token (so a proxy's or a caller's id follows the request through),
/// otherwise the id Hummingbird gave the request.
///
/// The id is in `context.logger` as `hb.request.id`, Hummingbird's own key, so every line logged
/// while answering carries it, and ``LandfallRequestContext/requestID`` reads it from there.
/// Hummingbird writes its id into the request's logger before any middleware runs; this keeps
/// it, and only replaces it with a caller's id. That is the fast path: the common request
/// changes nothing in its context (the logger's metadata, and the context itself, are copied
/// when they change).
struct RequestIDMiddleware: RouterMiddleware {
    typealias Context = LandfallRequestContext

    static let field = HTTPField.Name("X-Request-ID")!
    /// The logger metadata key of the request id: Hummingbird's.
    static let metadataKey = "hb.request.id"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let sent = request.headers[Self.field], RequestIDs.isSane(sent) {
            var context = context
            context.logger[metadataKey: Self.metadataKey] = .string(sent)
            return try await Self.respond(request, context: context, id: sent, next: next)
        }
        guard let given = context.logger[metadataKey: Self.metadataKey] else {
            // A context made without Hummingbird's id (a test's own harness).
            let id = RequestIDs.id(from: nil)
            var context = context
            context.logger[metadataKey: Self.metadataKey] = .string(id)
            return try await Self.respond(request, context: context, id: id, next: next)
        }
        return try await Self.respond(request, context: context, id: given.description, next: next)
    }

    private static func respond(_ request: Request, context: Context, id: String,
                                next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[field] = id
        return response
    }
}
