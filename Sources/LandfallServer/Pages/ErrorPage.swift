import Hummingbird

/// The page of something that went wrong, rendered with the site's (or the bundled) `error`
/// template: a title, what happened, and the request's id to quote. Never cached, never indexed.
enum ErrorPage {
    /// The answer to `problem`.
    static func response(_ problem: PageProblem, site: LoadedSite, requestID: String) -> Response {
        var values = PageValues(siteName: site.configuration.name)
        values.title = problem.title
        values.message = problem.message
        values.requestID = requestID.isEmpty ? nil : requestID
        values.noIndex = true
        var response = Response.html(problem.status, PageRenderer.render("error", values: values, in: site.templates), cacheControl: "no-store")
        for field in problem.headers { response.headers.append(field) }
        // Every 503 says when to come back (the database is re-checked every second).
        if problem.status == .serviceUnavailable, response.headers[.retryAfter] == nil { response.headers[.retryAfter] = "5" }
        return response
    }
}

extension PageProblem {
    /// 429: too many requests from the client's address.
    static func tooManyRequests(retryAfter: Int) -> PageProblem {
        PageProblem(.tooManyRequests, title: "Slow down a little",
                    message: "Too many requests came from your address. Try again in a few seconds.",
                    headers: [.retryAfter: String(retryAfter)])
    }

    /// 503: the database cannot answer.
    static let unavailable = PageProblem(.serviceUnavailable, title: "Try again in a moment",
                                         message: "This page can't be shown right now.")

    /// 500: something unexpected, logged.
    static let internalError = PageProblem(.internalServerError, title: "Something went wrong",
                                           message: "This page can't be shown right now. We've logged it; please try again later.")
}
