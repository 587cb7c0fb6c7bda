import Hummingbird
import LandfallStorage
import Mustache

/// Renders a dashboard page: the layout's values (the site's name, who is signed in and the
/// token their forms carry) with the page's own.
enum DashboardPage {
    /// The HTML answer of `template` with `values`.
    static func response(_ template: String, title: String, values: [String: Any] = [:], context: DashboardContext,
                         status: HTTPResponse.Status = .ok) throws -> Response {
        var all = values
        all["title"] = title
        all["siteName"] = try context.server.site.configuration.name
        if let signedIn = context.signedIn {
            all["user"] = [
                "name": signedIn.user.name, "email": signedIn.user.email, "role": signedIn.user.role.rawValue,
                "csrf": signedIn.session.csrfToken,
            ] as [String: Any]
            if signedIn.user.role.mayAdminister { all["mayAdminister"] = true }
            if signedIn.user.role.mayEdit { all["mayEdit"] = true }
        }
        let html = DashboardTemplates.library.render(all, withTemplate: template) ?? ""
        return Response.html(status, html, cacheControl: "no-store")
    }
}
