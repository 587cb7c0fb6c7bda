import Foundation
import Hummingbird
import LandfallLinks
import LandfallSite
import Logging

/// A Firebase Dynamic Links long link on the link host, `/?link=…&apn=…&ibi=…`, answered as
/// FDL documented (``DynamicLinkParameters/decide(visitor:isIPad:isAllowed:siteApps:)``), so a
/// team can point its old `page.link` custom domain here. Every URL among the parameters must
/// pass the destination policy first (``DynamicLinkCheck``).
///
/// Like a short link's visit, a phone sent to the store of one of the site's apps gets a
/// pending claim of `link` (``PendingClaims``) and goes to the store through
/// `/v1/install/{token}`, and the landing page's store buttons go through one; each visit is
/// counted under its `link` (``ClickRecorder/countLongLinkVisit(_:)``). `links.longLinks: off`
/// turns long links off, and `links.longLinkImages` limits the preview image `si`.
struct DynamicLinkPage: Sendable {
    let claims: PendingClaims
    let clicks: ClickRecorder
    let clock: @Sendable () -> Date

    func response(_ request: Request, query: String, context: LandfallRequestContext) async throws -> Response {
        let host = try context.host
        let site = host.site
        let origins = host.origins
        let settings = site.configuration.links
        guard settings.longLinks else {
            return StatusPages.linkProblem(.notFound, heading: "Long links are turned off",
                                           message: "This host does not answer Firebase Dynamic Links long links (/?link=…).",
                                           site: site, origins: origins)
        }
        var parameters: DynamicLinkParameters
        switch DynamicLinkCheck(query: query, policy: site.destinations) {
        case .invalid(let problems):
            return StatusPages.linkProblem(.badRequest, heading: "This link is incomplete",
                                           message: "It is missing something it needs: \(problems.errors.map(\.description).joined(separator: "; ")).",
                                           site: site, origins: origins)
        case .refused(let parameter, let url):
            context.logger.notice("long link refused: a destination is not allowed", metadata: ["parameter": "\(parameter)", "url": "\(url)"])
            return StatusPages.linkGone(nil, site: site, origins: origins)
        case .accepted(let accepted, _):
            parameters = accepted
        }
        let isAllowed: (String) -> Bool = { if case .success = site.destinations.check($0) { true } else { false } }
        if settings.longLinkImages == .allowed, let image = parameters.preview.imageURL, !isAllowed(image) {
            context.logger.notice("long link image dropped: si is neither on the site's hosts nor allowed by links.allowlist",
                                  metadata: ["si": "\(image)"])
            parameters.preview.imageURL = nil
        }
        let userAgent = request.headers[.userAgent]
        let visitor = VisitorClassifier.classify(userAgent: userAgent)
        let outcome = parameters.decide(visitor: visitor, isIPad: VisitorClassifier.isIPad(userAgent: userAgent), isAllowed: isAllowed,
                                        siteApps: Self.storeListings(of: site.configuration.apps))
        // Every visit that is answered counts, as a short link's click does; a refused one is not answered.
        if case .refused = outcome {} else { count(parameters, visitor: visitor, request: request) }
        // The long link as a pending claim names it: on the link host, as it was visited.
        let linkHost = (try? context.host)?.linkHost?.name ?? site.configuration.hosts.defaultLinkHost ?? site.configuration.hosts.site
        let url = "https://\(linkHost)/?\(query)"
        switch outcome {
        case .redirect(let location):
            return Response.redirect(.found, to: origins.localized(location))
        case .install(let listing):
            guard let token = try await claims.record(url: url, deepLink: parameters.link, link: nil, campaign: parameters.campaign,
                                                      visitor: visitor, request: request, context: context) else {
                return Response.redirect(.found, to: listing.url)
            }
            return Response.redirect(.found, to: PendingClaims.install(token, store: listing.store, origin: origins.site,
                                                                       app: Self.app(of: listing, in: site.configuration.apps)))
        case .refused:
            return StatusPages.linkGone(nil, site: site, origins: origins)
        case .preview(let preview):
            return page(parameters, preview: preview, openInApp: nil, appStoreURL: nil, site: site, origins: origins)
        case .landingPage(let openInApp, let appStoreURL, let claimsInstall):
            var values = pageValues(parameters, preview: parameters.preview, openInApp: openInApp, appStoreURL: appStoreURL,
                                    site: site, origins: origins)
            // In an in-app browser, say how to leave it; a link to the site's own page opens the app through its scheme.
            if case .success(let destination) = site.destinations.check(parameters.link), destination.isOnSiteHost {
                values.adapt(toBrowserOf: userAgent, path: destination.path, query: destination.query.map { "?\($0)" } ?? "",
                             apps: site.configuration.apps, schemes: site.configuration.schemes, web: origins.localized(destination.text))
            } else if let inApp = InAppBrowser.detect(userAgent: userAgent) {
                values.inAppNotice = inApp.howToLeave(on: visitor.platform)
            }
            if claimsInstall {
                let app = parameters.appStoreID.flatMap { Self.app(of: .appStore(id: $0), in: site.configuration.apps) }
                _ = try await claims.attach(to: &values, url: url, deepLink: parameters.link, link: nil, campaign: parameters.campaign,
                                            visitor: visitor, request: request, context: context, app: app)
            }
            return Response.html(.ok, PageRenderer.render("link", values: values, in: site.templates), cacheControl: "no-store")
        }
    }

    /// The store pages of the site's own apps: the App Store page of each iOS app with an
    /// App Store id, the Play page of each Android app's package.
    static func storeListings(of apps: [AppConfiguration]) -> Set<StoreListing> {
        Set(apps.flatMap { app in
            [app.ios?.appStoreID.map { StoreListing.appStore(id: $0) }, app.android.map { StoreListing.play(package: $0.package) }]
                .compactMap { $0 }
        })
    }

    /// The name of the site's app whose store page `listing` is.
    static func app(of listing: StoreListing, in apps: [AppConfiguration]) -> String? {
        apps.first { app in
            switch listing {
            case .appStore(let id): app.ios?.appStoreID == id
            case .play(let package): app.android?.package == package
            }
        }?.name
    }

    /// Counts the visit under the long link's `link` (a GET only, as a short link's click).
    private func count(_ parameters: DynamicLinkParameters, visitor: Visitor, request: Request) {
        guard request.method == .get else { return }
        let platform = visitor.platform
        let inAppBrowser = InAppBrowser.app(inUserAgent: request.headers[.userAgent], of: platform)
        clicks.countLongLinkVisit(LongLinkVisitKey(
            link: parameters.link, day: UTCDay.text(of: clock()), platform: platform,
            referrerHost: ReferrerHost.of(request.headers[.referer]), campaign: parameters.campaign.name ?? "",
            inAppBrowser: inAppBrowser ?? ""))
    }

    /// FDL's preview page: `st`, `sd`, `si`, "Open in the app" of `link`, and the App Store.
    private func page(_ parameters: DynamicLinkParameters, preview: SocialPreview, openInApp: String?,
                      appStoreURL: String?, site: LoadedSite, origins: Origins) -> Response {
        let values = pageValues(parameters, preview: preview, openInApp: openInApp, appStoreURL: appStoreURL, site: site, origins: origins)
        return Response.html(.ok, PageRenderer.render("link", values: values, in: site.templates), cacheControl: "no-store")
    }

    private func pageValues(_ parameters: DynamicLinkParameters, preview: SocialPreview, openInApp: String?,
                            appStoreURL: String?, site: LoadedSite, origins: Origins) -> PageValues {
        var values = PageValues(site: site, origins: origins, apps: site.configuration.apps)
        values.title = preview.title ?? site.configuration.name
        if let description = preview.description { values.description = description }
        if let image = preview.imageURL { values.setImage(image, alt: preview.title, site: site, origins: origins) }
        values.canonicalURL = parameters.link
        values.webURL = parameters.link
        values.openInAppURL = openInApp
        if let appStoreURL { values.appStoreURL = appStoreURL }
        if let appStoreID = parameters.appStoreID {
            values.smartBanner = "app-id=\(appStoreID), app-argument=\(parameters.link)"
        }
        return values
    }
}
