import Hummingbird
import LandfallJSON
import LandfallLinks

/// The site's pages for addresses that lead nowhere (yet): not found, not yet available, a
/// short link that is gone, and the home page at `/`.
enum StatusPages {
    /// The friendly page for an address that leads nowhere: status 404, a way to the home page
    /// and the stores (or, for `json`, a JSON error).
    static func notFound(site: LoadedSite, origins: Origins, json: Bool = false) -> Response {
        if json { return jsonError(.notFound, "not_found", "No page has this address.") }
        var values = PageValues(site: site, origins: origins, apps: site.configuration.apps)
        values.title = "Page not found · \(site.configuration.name)"
        values.noIndex = true
        return Response.html(.notFound, PageRenderer.render("not-found", values: values, in: site.templates), cacheControl: "no-cache")
    }

    /// The page for anything that is not out yet: status 404, nothing of the content, the
    /// same for every embargoed address, and not cached (it changes at the release moment).
    static func notYetAvailable(site: LoadedSite, origins: Origins, json: Bool) -> Response {
        if json { return jsonError(.notFound, "not_yet_available", "This is not available yet.") }
        var values = PageValues(site: site, origins: origins, apps: site.configuration.apps)
        values.title = "Not yet available · \(site.configuration.name)"
        values.noIndex = true
        // The site's default card, the same for every page under embargo.
        if let card = site.cards?.defaultCard { values.showCard(card, origins: origins) }
        return Response.html(.notFound, PageRenderer.render("not-yet-available", values: values, in: site.templates),
                             cacheControl: "no-cache")
    }

    /// The site's landing page at `/` when no route claims it.
    static func home(site: LoadedSite, origins: Origins) -> Response {
        var values = PageValues(site: site, origins: origins, apps: site.configuration.apps)
        values.title = site.configuration.name
        values.description = site.configuration.description
        values.canonicalURL = origins.canonicalSite + "/"
        return Response.html(.ok, PageRenderer.render("home", values: values, in: site.templates), cacheControl: "public, max-age=60")
    }

    /// The 410 page of a short link that no longer leads anywhere (`nil`: its destination is no
    /// longer allowed, 403).
    static func linkGone(_ reason: GoneReason?, site: LoadedSite, origins: Origins) -> Response {
        let (heading, message): (String, String) = switch reason {
        case .expired: ("This link has expired", "It was only good for a while, and that while is over.")
        case .disabled: ("This link was turned off", "Whoever made it has switched it off.")
        case .clickLimitReached: ("This link has been used up", "It could be opened a set number of times, and it has been.")
        case nil: ("This link can't be followed", "It leads somewhere this site no longer sends people.")
        }
        return linkProblem(reason == nil ? .forbidden : .gone, heading: heading, message: message, site: site, origins: origins)
    }

    /// A page about a link that cannot be followed: `heading` and `message`, the home page and
    /// the stores.
    static func linkProblem(_ status: HTTPResponse.Status, heading: String, message: String, site: LoadedSite,
                            origins: Origins) -> Response {
        var values = PageValues(site: site, origins: origins, apps: site.configuration.apps)
        values.noIndex = true
        values.title = "\(heading) · \(site.configuration.name)"
        values.heading = heading
        values.message = message
        return Response.html(status, PageRenderer.render("link-gone", values: values, in: site.templates), cacheControl: "no-store")
    }

    /// A page's answer as JSON, for `Accept: application/json`.
    static func jsonError(_ status: HTTPResponse.Status, _ code: String, _ message: String) -> Response {
        Response.json(status, JSONWriter.pretty.string(for: .object([("error", .string(code)), ("message", .string(message))])))
    }
}
