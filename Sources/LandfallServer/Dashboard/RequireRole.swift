import Hummingbird
import LandfallLinks

/// Lets through only a signed-in person whose role allows it (after ``RequireSignIn``): anyone
/// else gets 403 with the dashboard's page saying which role it takes, and the page's links are
/// never shown to them either (the navigation asks the same question).
struct RequireRole: RouterMiddleware {
    typealias Context = DashboardContext

    /// Whether a role may pass.
    let allows: @Sendable (DashboardRole) -> Bool
    /// What the refusal says it takes ("an admin").
    let takes: String

    /// Editors and admins: changes to links and invitations.
    static let editor = RequireRole(allows: { $0.mayEdit }, takes: "an editor or an admin")

    /// Admins only: people, API keys, settings and the audit log.
    static let admin = RequireRole(allows: { $0.mayAdminister }, takes: "an admin")

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let role = context.signedIn?.user.role, allows(role) else {
            context.server.label("dashboard_role_refused")
            throw PageProblem(.forbidden, title: "Not for your role", message: "Only \(takes) can open this page.")
        }
        return try await next(request, context)
    }
}
