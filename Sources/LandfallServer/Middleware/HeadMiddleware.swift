import Hummingbird

/// Answers HEAD as GET without the body, keeping the `Content-Length` of the body it
/// replaces. The router runs a route's GET handler for HEAD; this also covers the answers no
/// route gives (a 404 or 405 from ``UnmatchedRequests``).
struct HeadMiddleware: RouterMiddleware {
    typealias Context = LandfallRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        adapt(&response, to: request)
        return response
    }

    /// Drops the body of the answer to a HEAD request, keeping its length: the step
    /// ``handle(_:context:next:)`` takes once answered, which ``EveryRequestMiddleware`` takes
    /// in line.
    func adapt(_ response: inout Response, to request: Request) {
        guard request.method == .head else { return }
        let length = response.headers[.contentLength] ?? response.body.contentLength.map(String.init)
        // Replacing the body sets Content-Length to the new body's (0): the old one is put back after.
        response.body = ResponseBody()
        response.headers[.contentLength] = length
    }
}
