import Foundation
import Hummingbird
import LandfallLinks
import Logging

/// A Firebase Dynamic Links long link on the link host, `/?link=…&apn=…&ibi=…`, answered as
/// FDL documented (``DynamicLinkParameters/decide(visitor:isIPad:isAllowed:)``), so a team can
/// point its old `page.link` custom domain here. Every URL among the parameters must pass the
/// destination policy first (``DynamicLinkCheck``).
enum DynamicLinkPage {
    static func response(_ request: Request, query: String, site: LoadedSite, origins: Origins, logger: Logger) -> Response {
        let parameters: DynamicLinkParameters
        switch DynamicLinkCheck(query: query, policy: site.destinations) {
        case .invalid(let problems):
            return StatusPages.linkProblem(.badRequest, heading: "This link is incomplete",
                                           message: "It is missing something it needs: \(problems.errors.map(\.description).joined(separator: "; ")).",
                                           site: site, origins: origins)
        case .refused(let parameter, let url):
            logger.notice("long link refused: a destination is not allowed", metadata: ["parameter": "\(parameter)", "url": "\(url)"])
            return StatusPages.linkGone(nil, site: site, origins: origins)
        case .accepted(let accepted, _):
            parameters = accepted
        }
        let userAgent = request.headers[.userAgent]
        let visitor = VisitorClassifier.classify(userAgent: userAgent)
        let outcome = parameters.decide(visitor: visitor, isIPad: VisitorClassifier.isIPad(userAgent: userAgent),
                                        isAllowed: { if case .success = site.destinations.check($0) { true } else { false } })
        switch outcome {
        case .redirect(let location):
            return Response.redirect(.found, to: origins.localized(location))
        case .refused:
            return StatusPages.linkGone(nil, site: site, origins: origins)
        case .preview(let preview):
            return page(parameters, preview: preview, openInApp: nil, appStoreURL: nil, site: site, origins: origins)
        case .landingPage(let openInApp, let appStoreURL):
            return page(parameters, preview: parameters.preview, openInApp: openInApp, appStoreURL: appStoreURL, site: site, origins: origins)
        }
    }

    /// FDL's preview page: `st`, `sd`, `si`, "Open in the app" of `link`, and the App Store.
    private static func page(_ parameters: DynamicLinkParameters, preview: SocialPreview, openInApp: String?,
                             appStoreURL: String?, site: LoadedSite, origins: Origins) -> Response {
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
        return Response.html(.ok, PageRenderer.render("link", values: values, in: site.templates), cacheControl: "no-store")
    }
}
