import HTTPTypes
import Hummingbird

/// Records who sent the request (``RequestClient``): the connection's peer, or the address a
/// trusted proxy's header names when the server is configured with one. The address text is
/// only made when a rate limit, a claim or an invitation asks for it.
struct ClientMiddleware: RouterMiddleware {
    typealias Context = LandfallRequestContext

    /// The trusted proxy header naming the client's address, if any.
    let trustedHeader: HTTPField.Name?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        context.servedClient = RequestClient(remoteAddress: context.remoteAddress, headers: request.headers, trustedHeader: trustedHeader)
        return try await next(request, context)
    }
}
