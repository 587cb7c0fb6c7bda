import HTTPTypes
import Hummingbird

/// Records who sent the request (``RequestClient``): the connection's peer, or the address
/// trusted proxies name in their header when the server is configured with them. The address
/// text is only made when a rate limit, a claim or an invitation asks for it.
struct ClientMiddleware: RouterMiddleware {
    typealias Context = LandfallRequestContext

    /// The proxies in front of the server and their header, if any.
    let trust: ProxyTrust?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        note(request, in: &context)
        return try await next(request, context)
    }

    /// Notes the request's client in `context`: the step ``handle(_:context:next:)`` takes
    /// before going on, which ``EveryRequestMiddleware`` takes in line.
    func note(_ request: Request, in context: inout Context) {
        context.servedClient = RequestClient(remoteAddress: context.remoteAddress, headers: request.headers, trust: trust)
    }
}
