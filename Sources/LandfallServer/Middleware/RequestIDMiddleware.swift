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
        var context = context
        let id = identify(request, in: &context)
        var response = try await next(request, context)
        Self.mark(&response, id: id)
        return response
    }

    /// The request's id, put in `context.logger` when it is not there already (a caller's id,
    /// or a context made without Hummingbird's): the step ``handle(_:context:next:)`` takes
    /// before going on, which ``EveryRequestMiddleware`` takes in line. The common request
    /// changes nothing in its context.
    func identify(_ request: Request, in context: inout Context) -> String {
        if let sent = request.headers[Self.field], RequestIDs.isSane(sent) {
            context.logger[metadataKey: Self.metadataKey] = .string(sent)
            return sent
        }
        guard let given = context.logger[metadataKey: Self.metadataKey] else {
            // A context made without Hummingbird's id (a test's own harness).
            let id = RequestIDs.id(from: nil)
            context.logger[metadataKey: Self.metadataKey] = .string(id)
            return id
        }
        return given.description
    }

    /// Sends the request's id back in `response`.
    static func mark(_ response: inout Response, id: String) {
        response.headers[field] = id
    }
}
