import HTTPTypes
import Hummingbird

/// The answers the router does not give by itself, in one place: when no route takes a
/// request's path and method, this decides between 405 with `Allow` (the path exists with
/// other methods), the API's JSON 404, and the site's pages (which answer every other GET,
/// the friendly not-found page included).
struct UnmatchedRequestMiddleware: RouterMiddleware {
    typealias Context = LandfallRequestContext

    let api: APITable
    let hosts: HostMiddleware
    /// The API's limit per client address, for `/v1` paths nothing answers.
    let rateLimit: SharedRateLimitMiddleware
    let pages: PageStack

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch where Self.isUnmatched(error, context: context) {
            return try await unmatched(request, context: context)
        }
    }

    /// Whether `error`, thrown by the router, is its own "no route": its not-found responder
    /// labels the request so. The test ``handle(_:context:next:)`` makes, which
    /// ``EveryRequestMiddleware`` makes in line.
    static func isUnmatched(_ error: any Error, context: Context) -> Bool {
        guard let error = error as? HTTPError else { return false }
        return error.status == .notFound && context.routeLabel == "NotFound"
    }

    /// The answer to a request no route takes.
    func unmatched(_ request: Request, context: Context) async throws -> Response {
        let path = request.uri.path
        if OperationsRoutes.paths.contains(path) {
            context.label(path)
            return Self.methodNotAllowed("Use GET or HEAD.\n", allow: "GET, HEAD")
        }
        var context = context
        try hosts.resolve(request, in: &context)
        if APIError.isAPIPath(path) {
            if let template = api.template(matching: path) {
                context.label(template)
                let allowed = api.methods(at: template).map(\.rawValue).joined(separator: ", ")
                throw APIError(.methodNotAllowed, .methodNotAllowed, "\(template) accepts \(allowed).", headers: [.allow: allowed])
            }
            context.label("/v1/unknown")
            try await rateLimit.admit(context)
            throw APIError(.notFound, .notFound, "There is no API endpoint at \(path); see openapi/landfall.yaml.")
        }
        if let kind = AssociationRoutes.paths[path] {
            context.label(AssociationRoutes.label(kind))
            return Self.methodNotAllowed("The association file can only be read (GET or HEAD).\n", allow: AssociationRoutes.allowed)
        }
        if context.served?.role.served == .admin {
            // The dashboard's forms, and anything else on its host: its own router decides.
            return try await pages.respond(to: request, context: context)
        }
        guard request.method == .get || request.method == .head else {
            context.label("method_not_allowed")
            throw PageProblem(.methodNotAllowed, title: "Not allowed", message: "Pages can only be read.", headers: [.allow: "GET, HEAD"])
        }
        return try await pages.respond(to: request, context: context)
    }

    private static func methodNotAllowed(_ message: String, allow: String) -> Response {
        var response = Response.text(.methodNotAllowed, message)
        response.headers[.allow] = allow
        return response
    }
}
