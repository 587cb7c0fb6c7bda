import Foundation
import Hummingbird
import LandfallStorage

/// Every POST to the dashboard is a form carrying the token that proves it came from a page the
/// dashboard served: the session's CSRF token when someone is signed in, else the sign-in
/// form's (the `landfall_signin` cookie, compared with the form's copy). A missing or wrong
/// token, a body that is not a form, or one over 64 KiB (6 MiB for an editor's CSV import) is refused with 403, 400 or 413 before any
/// handler runs; the form read here is in the context for the handler.
struct DashboardCSRFMiddleware: RouterMiddleware {
    typealias Context = DashboardContext

    /// The name of the form field holding the token.
    static let field = "csrf"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .post else { return try await next(request, context) }
        var request = request
        let body: ByteBuffer
        // The CSV import takes pasted files, larger than any other form: only from someone
        // signed in who may import (anyone else is held to a form's size, not made to be read).
        let isImport = request.uri.path == LinkImportRoutes.path && context.signedIn?.user.role.mayEdit == true
        do {
            body = try await request.collectBody(upTo: isImport ? LinkImportRoutes.maximumSize : DashboardForm.maximumSize)
        } catch {
            context.server.label("dashboard_bad_form")
            throw PageProblem(.contentTooLarge, title: "Too large", message: isImport
                ? "The CSV is larger than one import takes (6 MiB as the browser sends it). Split the file and import each part."
                : "The form is larger than the dashboard accepts.")
        }
        guard request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true,
              let form = DashboardForm(encoded: String(buffer: body)) else {
            context.server.label("dashboard_bad_form")
            throw PageProblem(.badRequest, title: "Bad request", message: "The dashboard only accepts its own forms.")
        }
        let expected: String? = if let signedIn = context.signedIn {
            signedIn.session.csrfToken
        } else {
            request.cookies[DashboardCookies.signIn]?.value
        }
        guard let expected, let given = form[Self.field], !given.isEmpty, DashboardSessions.isToken(given, equalTo: expected) else {
            context.server.label("dashboard_csrf_refused")
            throw PageProblem(.forbidden, title: "Form expired",
                              message: "This form was not sent from a page of the dashboard, or it has expired. Go back, reload the page and send it again.")
        }
        var context = context
        context.form = form
        return try await next(request, context)
    }
}
