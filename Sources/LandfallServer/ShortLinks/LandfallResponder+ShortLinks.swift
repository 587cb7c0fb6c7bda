import Foundation
import Hummingbird
import LandfallLinks
import LandfallSite
import LandfallStorage

extension LandfallResponder {
    /// A request on the link host: `/<slug>` is a short link, `/?link=…` a Firebase Dynamic
    /// Links long link, `/` goes to the site, anything else is the not-found page.
    func linkHostResponse(_ request: Request, path: String, site: LoadedSite, origins: Origins, client: RequestClient,
                          requestID: String) async -> (Response, String) {
        if case .limited(let retryAfter) = state.rateLimiter?.admit(client.address) {
            return (tooManyRequests(retryAfter: retryAfter, site: site, requestID: requestID), "rate_limited")
        }
        if path == "/" {
            if let query = request.uri.query, !query.isEmpty {
                return (await dynamicLinkResponse(request, query: query, site: site, origins: origins), "/?link")
            }
            return (Response.redirect(.found, to: origins.site + site.configuration.homePath), "/")
        }
        let slug = String(path.dropFirst())
        // Slugs are made of slug characters only: anything else is not looked up.
        guard let linksHost = site.configuration.hosts.links, Self.mayBeSlug(slug) else {
            return (notFoundPage(site: site, origins: origins), "/:slug")
        }
        let link: ShortLink?
        do {
            link = try await lookUpLink(host: linksHost, slug: slug)
        } catch {
            state.logger.error("short link lookup failed", metadata: ["request_id": "\(requestID)", "error": "\(error)"])
            return (errorPage(.serviceUnavailable, title: "Try again in a moment",
                              message: "This link can't be looked up right now.", site: site, requestID: requestID), "/:slug")
        }
        guard let link else { return (notFoundPage(site: site, origins: origins), "/:slug") }
        return (await shortLinkResponse(link, request: request, site: site, origins: origins, client: client, requestID: requestID), "/:slug")
    }

    /// The link with `slug` on `host`: from this instance's cache, else from the database (and
    /// then cached, "no such link" included).
    func lookUpLink(host: String, slug: String) async throws(StorageError) -> ShortLink? {
        switch state.links.entry(host: host, slug: slug) {
        case .link(let link): return link
        case .missing: return nil
        case nil:
            let link = try await state.storage.link(host: host, slug: slug)
            state.links.store(link.map { .link($0) } ?? .missing, host: host, slug: slug)
            return link
        }
    }

    /// What a visit of a stored short link gets, by who is visiting: see ``ClickDecision``.
    func shortLinkResponse(_ link: ShortLink, request: Request, site: LoadedSite, origins: Origins, client: RequestClient,
                           requestID: String) async -> Response {
        let visitor = VisitorClassifier.classify(userAgent: request.headers[.userAgent])
        let target = site.checkedDestination(link.target)
        // The target's page is only read for those who may see it: crawlers, and phones without
        // an override (whether the target opens the app decides between landing page and
        // redirect). A desktop redirect, the hot path, reads none.
        let mayShowPage = switch visitor {
        case .crawler: true
        case .browser(.ios): link.overrides.ios == nil
        case .browser(.android): link.overrides.android == nil
        case .browser: false
        }
        let page = mayShowPage ? target.flatMap { sitePage(of: $0, site: site, origins: origins, requestID: requestID) } : nil
        let now = state.clock()
        let decision = ClickDecision(
            link: link, visitor: visitor, now: now,
            pendingClicks: link.maxClicks == nil ? 0 : state.clicks.pendingClicks(of: link.id),
            targetOpensApp: page?.opensApp ?? false,
            isAllowed: { $0 == link.target ? target != nil : site.checkedDestination($0) != nil })
        if request.method == .get, decision.isRecorded {
            state.clicks.record(link, platform: decision.platform, referrerHost: Self.referrerHost(request.headers[.referer]), at: now)
        }
        switch decision.outcome {
        case .gone(let reason):
            return linkGonePage(reason, site: site, origins: origins)
        case .refused(let destination):
            state.logger.warning("short link destination refused at redirect time", metadata: [
                "request_id": "\(requestID)", "link": "\(link.id)", "destination": "\(destination)",
            ])
            return linkGonePage(nil, site: site, origins: origins)
        case .redirect(let location):
            return Response.redirect(.found, to: origins.localized(location))
        case .preview, .landingPage:
            var values: [String: Any]
            if let pageValues = page?.values {
                values = pageValues
            } else {
                values = RoutePage.baseValues(site: site, origins: origins, apps: site.configuration.apps)
                values["title"] = site.configuration.name
                if page?.opensApp == true, let target {
                    values["openInAppURL"] = RoutePage.openInAppURL(path: target.path + (target.query.map { "?\($0)" } ?? ""),
                                                                    apps: site.configuration.apps, origins: origins)
                }
            }
            if let title = link.preview.title { values["title"] = title }
            if let description = link.preview.description { values["description"] = description }
            if let image = link.preview.imageURL {
                values["imageURL"] = image
                values["twitterCard"] = "summary_large_image"
            }
            values["canonicalURL"] = target?.text ?? link.url
            values["webURL"] = target?.text
            if case .landingPage = decision.outcome, let target {
                _ = await attachPendingClaim(to: &values, url: link.url, deepLink: target.text, link: link, campaign: link.campaign,
                                             visitor: visitor, request: request, client: client, origins: origins, site: site)
            }
            return Response.html(.ok, PageRenderer.render("link", values: values, in: site.templates), cacheControl: "no-store")
        }
    }

    /// What the site shows at `destination`: whether a route of the site that opens the app
    /// claims it, and the values of its page when that page is out (an embargoed or missing
    /// page previews as the site itself, so a short link never spoils).
    private func sitePage(of destination: Destination, site: LoadedSite, origins: Origins,
                          requestID: String) -> (values: [String: Any]?, opensApp: Bool)? {
        guard destination.isOnSiteHost else { return nil }
        let path = destination.path + (destination.query.map { "?\($0)" } ?? "")
        switch routePage(for: origins.canonicalSite + path, path: path, site: site, origins: origins, requestID: requestID) {
        case .page(let page, let route): return (page.values, route.opensApp)
        case .embargoed(let route), .missing(let route), .failed(let route): return (nil, route.opensApp)
        case .noRoute: return nil
        }
    }

    /// The 410 page of a link that no longer leads anywhere (`nil`: its destination is no
    /// longer allowed, 403).
    func linkGonePage(_ reason: GoneReason?, site: LoadedSite, origins: Origins) -> Response {
        var values = RoutePage.baseValues(site: site, origins: origins, apps: site.configuration.apps)
        values["noIndex"] = true
        let (heading, message): (String, String) = switch reason {
        case .expired: ("This link has expired", "It was only good for a while, and that while is over.")
        case .disabled: ("This link was turned off", "Whoever made it has switched it off.")
        case .clickLimitReached: ("This link has been used up", "It could be opened a set number of times, and it has been.")
        case nil: ("This link can't be followed", "It leads somewhere this site no longer sends people.")
        }
        values["title"] = "\(heading) · \(site.configuration.name)"
        values["heading"] = heading
        values["message"] = message
        return Response.html(reason == nil ? .forbidden : .gone, PageRenderer.render("link-gone", values: values, in: site.templates),
                             cacheControl: "no-store")
    }

    /// The 429 page, with `Retry-After`.
    func tooManyRequests(retryAfter: Int, site: LoadedSite, requestID: String) -> Response {
        var response = errorPage(.tooManyRequests, title: "Slow down a little",
                                 message: "Too many requests came from your address. Try again in a few seconds.",
                                 site: site, requestID: requestID)
        response.headers[.retryAfter] = String(retryAfter)
        return response
    }

    /// Whether `text` is made of slug characters only (ASCII letters, digits, `-`, `_`) and is
    /// not longer than a slug can be: anything else is not looked up.
    static func mayBeSlug(_ text: String) -> Bool {
        let bytes = text.utf8
        guard !bytes.isEmpty, bytes.count <= SlugPolicy.allowedLengths.upperBound else { return false }
        return bytes.allSatisfy(SlugPolicy.isSlugByte)
    }

    /// The lowercased host of a `Referer` header, or `""`.
    static func referrerHost(_ referer: String?) -> String {
        guard let referer, referer.utf8.count <= 2048, let components = URLComponents(string: referer),
              let host = components.host, !host.isEmpty, host.utf8.count <= 253 else { return "" }
        return host.lowercased()
    }
}
