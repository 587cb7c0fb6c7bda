import Foundation
import Hummingbird
import LandfallLinks
import LandfallSite
import LandfallStorage
import Logging

/// The link host: `/<slug>` is a short link, `/?link=…` a Firebase Dynamic Links long link
/// (``DynamicLinkPage``), `/` goes to the site, anything else is the not-found page.
///
/// A short link is answered by who is visiting (``ClickDecision``): a redirect on a computer,
/// the landing page (with a pending claim) on a phone without the app, the preview for
/// crawlers, the page of a link that is gone. Every answered visit is a click, buffered.
struct ShortLinkRoutes: Sendable {
    typealias Context = LandfallRequestContext

    let links: LinkLookup
    let clicks: ClickRecorder
    let finder: RoutePageFinder
    let claims: PendingClaims
    let clock: @Sendable () -> Date

    func respond(_ request: Request, context: Context) async throws -> Response {
        let host = try context.host
        let site = host.site
        let path = request.uri.path
        if path == "/" {
            if let query = request.uri.query, !query.isEmpty {
                context.label("/?link")
                return try await DynamicLinkPage(claims: claims, clicks: clicks, clock: clock).response(request, query: query, context: context)
            }
            context.label("/")
            return Response.redirect(.found, to: host.origins.site + site.configuration.homePath)
        }
        context.label("/:slug")
        let written = path.dropFirst()
        // Slugs are made of slug characters only: anything else is not looked up.
        guard let linkHost = host.linkHost, LinkLookup.mayBeSlug(written) else {
            return StatusPages.notFound(site: site, origins: host.origins)
        }
        let slug = String(written)
        let link: ShortLink?
        do {
            // The table first, without an await (the hot path); then every place a link may be.
            if let held = links.tableLink(host: linkHost.name, slug: slug) {
                link = held
            } else {
                link = try await links.link(on: linkHost, slug: slug)
            }
        } catch {
            context.logger.error("short link lookup failed", metadata: ["error": "\(error)"])
            throw PageProblem(.serviceUnavailable, title: "Try again in a moment", message: "This link can't be looked up right now.")
        }
        guard let link else { return StatusPages.notFound(site: site, origins: host.origins) }
        // Read and classified once, for both ways of answering: each read of a field looks
        // through the request's fields.
        let userAgent = request.headers.value(of: .userAgent)
        let visitor = VisitorClassifier.classify(userAgent: userAgent)
        if let answer = try visitInLine(link, by: visitor, userAgent: userAgent, request: request, context: context) { return answer }
        return try await visit(link, by: visitor, userAgent: userAgent, request: request, context: context)
    }

    /// What a visit of a stored short link by `visitor` (whose `User-Agent` is `userAgent`)
    /// gets (see ``ClickDecision``), when ``visitInLine(_:by:userAgent:request:context:)`` did
    /// not answer it: a crawler's, a phone's that may see a page, or a click of a link with a
    /// click limit.
    func visit(_ link: ShortLink, by visitor: Visitor, userAgent: String?, request: Request, context: Context) async throws -> Response {
        let host = try context.host
        let site = host.site
        let origins = host.origins
        let target = site.checkedDestination(link.target)
        let page = Self.mayShowPage(of: link, to: visitor)
            ? target.flatMap { Self.sitePage(of: $0, finder: finder, site: site, origins: origins, logger: context.logger) } : nil
        let now = clock()
        // The cached click count may be behind the database's, never ahead: a limited link's
        // click is taken from the database below, which has the last word.
        var decision = ClickDecision(
            link: link, visitor: visitor, now: now,
            targetOpensApp: page?.opensApp ?? false,
            isAllowed: { $0 == link.target ? target != nil : site.checkedDestination($0) != nil })
        if request.method == .get, decision.isRecorded {
            let admitted: Bool
            let inAppBrowser = InAppBrowser.app(inUserAgent: userAgent, of: decision.platform)
            do {
                admitted = try await clicks.take(link, platform: decision.platform, referrerHost: ReferrerHost.of(request.headers.value(of: .referer)),
                                                 inAppBrowser: inAppBrowser, at: now)
            } catch {
                context.logger.error("taking a click of a limited link failed", metadata: ["link": "\(link.id)", "error": "\(error)"])
                throw PageProblem(.serviceUnavailable, title: "Try again in a moment", message: "This link can't be opened right now.")
            }
            if !admitted { decision.outcome = .gone(.clickLimitReached) }
        }
        if let answer = Self.answer(decision.outcome, of: link, site: site, origins: origins, logger: context.logger) { return answer }
        // A preview or a landing page.
        var values: PageValues
        if let pageValues = page?.page?.values {
            values = pageValues
        } else {
            values = PageValues(site: site, origins: origins, apps: site.configuration.apps)
            if page?.opensApp == true, let target {
                values.openInAppURL = RoutePage.openInAppURL(path: target.path + (target.query.map { "?\($0)" } ?? ""),
                                                             apps: site.configuration.apps, origins: origins)
            }
        }
        // The spoiler guard covers the link's own preview too: while its target is under
        // embargo, the page and the crawlers see the site's defaults, as the target's page
        // shows them; the link's title, description and image from the moment it lifts.
        if let cards = site.cards, let card = Self.card(of: link, page: page, cards: cards) {
            values.showCard(card, origins: origins)
        }
        if page?.isEmbargoed != true {
            if let title = link.preview.title { values.title = title }
            if let description = link.preview.description { values.description = description }
            if let image = link.preview.imageURL { values.setImage(image, alt: link.preview.title ?? values.title, site: site, origins: origins) }
        }
        values.canonicalURL = target?.text ?? link.url
        values.webURL = target?.text
        if case .landingPage = decision.outcome, let target {
            values.adapt(toBrowserOf: userAgent, path: target.path, query: target.query.map { "?\($0)" } ?? "",
                         apps: site.configuration.apps, schemes: site.configuration.schemes, web: origins.localized(target.text))
            _ = try await claims.attach(to: &values, url: link.url, deepLink: target.text, link: link, campaign: link.campaign,
                                        visitor: visitor, request: request, context: context)
        }
        return Response.html(.ok, PageRenderer.render("link", values: values, in: site.templates), cacheControl: "no-store")
    }

    /// The answer of a visit that needs nothing awaited: a browser that is not shown a page
    /// (see ``mayShowPage(of:to:)``: a computer's, the hot path, or a phone's with an override)
    /// redirected, or told the link is gone, its click counted in memory. Nil for every other
    /// visit, which ``visit(_:by:userAgent:request:context:)`` answers.
    ///
    /// Taken in line, without an async frame, so that a redirect of a link held in memory
    /// costs no more than the work it does.
    func visitInLine(_ link: ShortLink, by visitor: Visitor, userAgent: String?, request: Request, context: Context) throws -> Response? {
        guard !Self.mayShowPage(of: link, to: visitor), !ClickRecorder.isTakenFromDatabase(link, platform: visitor.platform) else {
            return nil
        }
        let host = try context.host
        let site = host.site
        let target = site.checkedDestination(link.target)
        let now = clock()
        let decision = ClickDecision(
            link: link, visitor: visitor, now: now, targetOpensApp: false,
            isAllowed: { $0 == link.target ? target != nil : site.checkedDestination($0) != nil })
        if request.method == .get, decision.isRecorded {
            clicks.count(link, platform: decision.platform, referrerHost: ReferrerHost.of(request.headers.value(of: .referer)),
                         inAppBrowser: InAppBrowser.app(inUserAgent: userAgent, of: decision.platform), at: now)
        }
        return Self.answer(decision.outcome, of: link, site: site, origins: host.origins, logger: context.logger)
    }

    /// Whether `visitor` may be shown a page of the site for `link`, so that its target's page
    /// is read: crawlers (the preview), and phones without an override (whether the target
    /// opens the app decides between landing page and redirect). A computer's redirect, the
    /// hot path, reads none.
    static func mayShowPage(of link: ShortLink, to visitor: Visitor) -> Bool {
        switch visitor {
        case .crawler: true
        case .browser(.ios): link.overrides.ios == nil
        case .browser(.android): link.overrides.android == nil
        case .browser: false
        }
    }

    /// The answer of an outcome that shows no page of the link: the redirect, or the page of a
    /// link that is gone (a destination refused at redirect time is logged, and gone too). Nil
    /// for the preview and the landing page.
    static func answer(_ outcome: ClickOutcome, of link: ShortLink, site: LoadedSite, origins: Origins, logger: Logger) -> Response? {
        switch outcome {
        case .gone(let reason):
            return StatusPages.linkGone(reason, site: site, origins: origins)
        case .refused(let destination):
            logger.warning("short link destination refused at redirect time", metadata: [
                "link": "\(link.id)", "destination": "\(destination)",
            ])
            return StatusPages.linkGone(nil, site: site, origins: origins)
        case .redirect(let location):
            return Response.redirect(.found, to: origins.localized(location))
        case .preview, .landingPage:
            return nil
        }
    }

    /// What the site shows at a short link's destination: its page when that page is out (an
    /// embargoed or missing page previews as the site itself, so a short link never spoils),
    /// whether a route of the site that opens the app claims it, and whether it is under
    /// embargo (then the link's own preview is withheld too).
    struct SitePage {
        var page: RoutePage?
        var opensApp: Bool
        var isEmbargoed: Bool
    }

    /// What the site shows at `destination`; nil when it is not a page of the site's routes.
    static func sitePage(of destination: Destination, finder: RoutePageFinder, site: LoadedSite, origins: Origins,
                         logger: Logger) -> SitePage? {
        guard destination.isOnSiteHost else { return nil }
        let path = destination.path + (destination.query.map { "?\($0)" } ?? "")
        switch finder.page(for: origins.canonicalSite + path, path: path, site: site, origins: origins, logger: logger) {
        case .page(let page, let route): return SitePage(page: page, opensApp: route.opensApp, isEmbargoed: false)
        case .embargoed(let route): return SitePage(page: nil, opensApp: route.opensApp, isEmbargoed: true)
        case .missing(let route), .failed(let route): return SitePage(page: nil, opensApp: route.opensApp, isEmbargoed: false)
        case .noRoute: return nil
        }
    }

    /// The card a short link's preview names: nil when the link has its own preview image
    /// (which it shows instead), else ``SiteCards/linkCard(_:page:embargoed:)``.
    static func card(of link: ShortLink, page: SitePage?, cards: SiteCards) -> PageCard? {
        let embargoed = page?.isEmbargoed == true
        if link.preview.imageURL != nil, !embargoed { return nil }
        return cards.linkCard(link, page: page?.page, embargoed: embargoed)
    }
}
