import HTTPTypes

/// Something that went wrong, answered with a page (the site's `error` template) that says
/// what happened and names the request's id. ``ErrorMiddleware`` renders it.
struct PageProblem: Error, Sendable {
    let status: HTTPResponse.Status
    /// The page's heading.
    let title: String
    /// What happened and what to do, for people.
    let message: String
    /// Headers the answer carries (`Retry-After`, `Allow`).
    var headers: HTTPFields

    init(_ status: HTTPResponse.Status, title: String, message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.title = title
        self.message = message
        self.headers = headers
    }
}
