import HTTPTypes
import Hummingbird

/// Security headers on every dashboard answer, refusals included: no caching, no framing, no content sniffing,
/// no referrer beyond the origin, and a content security policy allowing only the dashboard's
/// own styles, scripts and images.
struct DashboardHeadersMiddleware: RouterMiddleware {
    typealias Context = DashboardContext

    static let frameOptions = HTTPField.Name("X-Frame-Options")!
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    static let contentSecurityPolicy =
        "default-src 'none'; style-src 'self'; script-src 'self'; connect-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let problem as PageProblem {
            // A refusal (a form without its token, say) is the dashboard's own page, with the
            // headers too.
            response = try DashboardPage.response("problem", title: problem.title,
                                                  values: ["heading": problem.title, "message": problem.message],
                                                  context: context, status: problem.status)
            for field in problem.headers { response.headers.append(field) }
        }
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[Self.frameOptions] = "DENY"
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[Self.referrerPolicy] = "same-origin"
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        return response
    }
}
