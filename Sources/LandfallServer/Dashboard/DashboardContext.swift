import Hummingbird
import LandfallStorage

/// The context of a dashboard request: the server's context it came with, who is signed in
/// (``DashboardSessionMiddleware``), and the form a POST carried once its CSRF token was checked
/// (``DashboardCSRFMiddleware``).
struct DashboardContext: ChildRequestContext {
    typealias ParentContext = LandfallRequestContext

    var coreContext: CoreRequestContextStorage
    /// The server's context: the host, the client, the site.
    let server: LandfallRequestContext
    /// The signed-in person and their session, when the request carries a valid session cookie.
    var signedIn: SignedIn?
    /// The fields of a POSTed form, read by ``DashboardCSRFMiddleware``.
    var form = DashboardForm(fields: [:])

    init(context: LandfallRequestContext) throws {
        // The server's core context as it is, with the path parameters the router found
        // (`{code}` in `/invitations/{code}/revoke`): a new one would have none.
        self.coreContext = context.coreContext
        self.server = context
    }
}

/// A signed-in person and the session their browser carries.
struct SignedIn: Sendable {
    let user: DashboardUser
    let session: DashboardSession
}
