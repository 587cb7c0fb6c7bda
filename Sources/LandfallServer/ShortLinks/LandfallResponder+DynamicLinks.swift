import Foundation
import Hummingbird
import LandfallLinks

extension LandfallResponder {
    /// A Firebase Dynamic Links long link on the link host, `/?link=…&apn=…&ibi=…`, answered as
    /// FDL documented (``DynamicLinkParameters/decide(visitor:isIPad:isAllowed:)``), so a team can
    /// point its old `page.link` custom domain here. Every URL among the parameters must pass the
    /// destination policy before anything else happens: a long link is an open redirect otherwise.
    func dynamicLinkResponse(_ request: Request, query: String, site: LoadedSite, origins: Origins) async -> Response {
        let parameters: DynamicLinkParameters
        do {
            parameters = try DynamicLinkParameters(query: query)
        } catch {
            var values = RoutePage.baseValues(site: site, origins: origins, apps: site.configuration.apps)
            values["noIndex"] = true
            values["title"] = "This link is incomplete · \(site.configuration.name)"
            values["heading"] = "This link is incomplete"
            values["message"] = "It is missing something it needs: \(error.errors.map(\.description).joined(separator: "; "))."
            return Response.html(.badRequest, PageRenderer.render("link-gone", values: values, in: site.templates), cacheControl: "no-store")
        }
        for (parameter, url) in parameters.destinations where site.destinations.check(url).isRefused {
            state.logger.notice("long link refused: a destination is not allowed", metadata: ["parameter": "\(parameter)", "url": "\(url)"])
            return linkGonePage(nil, site: site, origins: origins)
        }
        let userAgent = request.headers[.userAgent]
        let visitor = VisitorClassifier.classify(userAgent: userAgent)
        let outcome = parameters.decide(visitor: visitor, isIPad: VisitorClassifier.isIPad(userAgent: userAgent),
                                        isAllowed: { !site.destinations.check($0).isRefused })
        switch outcome {
        case .redirect(let location):
            return Response.redirect(.found, to: origins.localized(location))
        case .refused:
            return linkGonePage(nil, site: site, origins: origins)
        case .preview(let preview):
            return dynamicLinkPage(parameters, preview: preview, openInApp: nil, appStoreURL: nil, site: site, origins: origins)
        case .landingPage(let openInApp, let appStoreURL):
            return dynamicLinkPage(parameters, preview: parameters.preview, openInApp: openInApp, appStoreURL: appStoreURL,
                                   site: site, origins: origins)
        }
    }

    /// FDL's preview page: `st`, `sd`, `si`, "Open in the app" of `link`, and the App Store.
    private func dynamicLinkPage(_ parameters: DynamicLinkParameters, preview: SocialPreview, openInApp: String?,
                                 appStoreURL: String?, site: LoadedSite, origins: Origins) -> Response {
        var values = RoutePage.baseValues(site: site, origins: origins, apps: site.configuration.apps)
        values["title"] = preview.title ?? site.configuration.name
        if let description = preview.description { values["description"] = description }
        if let image = preview.imageURL {
            values["imageURL"] = image
            values["twitterCard"] = "summary_large_image"
        }
        values["canonicalURL"] = parameters.link
        values["webURL"] = parameters.link
        values["openInAppURL"] = openInApp
        if let appStoreURL { values["appStoreURL"] = appStoreURL }
        if let appStoreID = parameters.appStoreID {
            values["smartBanner"] = "app-id=\(appStoreID), app-argument=\(parameters.link)"
        }
        return Response.html(.ok, PageRenderer.render("link", values: values, in: site.templates), cacheControl: "no-store")
    }
}

extension Result where Failure == DestinationRefusal {
    /// Whether the destination policy refused.
    var isRefused: Bool {
        if case .failure = self { return true }
        return false
    }
}
