import Hummingbird

/// Answers HEAD as GET without the body, keeping the `Content-Length` of the body it
/// replaces. The router runs a route's GET handler for HEAD; this also covers the answers no
/// route gives (a 404 or 405 from ``UnmatchedRequests``).
struct HeadMiddleware: RouterMiddleware {
    typealias Context = LandfallRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        guard request.method == .head else { return response }
        let length = response.headers[.contentLength] ?? response.body.contentLength.map(String.init)
        // Replacing the body sets Content-Length to the new body's (0): the old one is put back after.
        response.body = ResponseBody()
        response.headers[.contentLength] = length
        return response
    }
}
