import HTTPTypes
import Hummingbird
import Logging

/// Gives every request an id and sends it back in `X-Request-ID`: the client's `X-Request-ID`
/// when it is a sane token (so a proxy's or a caller's id follows the request through),
/// otherwise the id Hummingbird gave the request.
///
/// The id is in `context.requestID` and in `context.logger` as `hb.request.id`, Hummingbird's own
/// key, so every line logged while answering carries it. Hummingbird writes its id into the
/// request's logger before any middleware runs; this keeps it, and only replaces it with a
/// caller's id. That is the fast path: a stream log handler formats its metadata again on every
/// write, which cost the hot short-link redirect several microseconds a request.
struct RequestIDMiddleware: RouterMiddleware {
    typealias Context = LandfallRequestContext

    static let field = HTTPField.Name("X-Request-ID")!
    /// The logger metadata key of the request id: Hummingbird's.
    static let metadataKey = "hb.request.id"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        if let sent = request.headers[Self.field], RequestIDs.isSane(sent) {
            context.requestID = sent
            context.logger[metadataKey: Self.metadataKey] = .string(sent)
        } else if let given = context.logger[metadataKey: Self.metadataKey] {
            context.requestID = given.description
        } else {
            // A context made without Hummingbird's id (a test's own harness).
            context.requestID = RequestIDs.id(from: nil)
            context.logger[metadataKey: Self.metadataKey] = .string(context.requestID)
        }
        var response = try await next(request, context)
        response.headers[Self.field] = context.requestID
        return response
    }
}
