import HTTPTypes
import Hummingbird
import Logging

/// Gives every request an id: the client's `X-Request-ID` when it is a sane token (so a
/// proxy's or a caller's id follows the request through), otherwise one from ``RequestIDs``.
/// The id goes into `context.requestID`, into `context.logger` as `request_id` (so every line
/// logged while answering carries it), and back to the client in the response's `X-Request-ID`.
struct RequestIDMiddleware: RouterMiddleware {
    typealias Context = LandfallRequestContext

    static let field = HTTPField.Name("X-Request-ID")!

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        let id = RequestIDs.id(from: request.headers[Self.field])
        context.requestID = id
        // One id per line: Hummingbird's own, made before this middleware ran, is replaced. The
        // handler's metadata is written once (a stream handler formats it again on every write).
        var metadata = context.logger.handler.metadata
        metadata["hb.request.id"] = nil
        metadata["request_id"] = .string(id)
        context.logger.handler.metadata = metadata
        var response = try await next(request, context)
        response.headers[Self.field] = id
        return response
    }
}
