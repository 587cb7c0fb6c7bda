import Foundation
import Hummingbird
import LandfallJSON
import LandfallLinks
import LandfallWire

/// `GET /v1/resolve?url=…` (public): what a short link (or an FDL long link) that opened the
/// app directly leads to, for the app SDK. With `opened=true` (the SDK sends it when the app
/// was opened with the link: the server saw no visit) a short link's resolution is counted as a
/// click, under `platform` (`ios` or `android`) or the caller's user agent, and takes one of
/// its `maxClicks`; without it, it is a look-up that counts nothing.
struct ResolveAPI: Sendable {
    typealias Context = LandfallRequestContext

    let links: LinkLookup
    let clicks: ClickRecorder
    let clock: @Sendable () -> Date

    func addRoutes(to api: inout APIRoutes) {
        api.add(.get, "/v1/resolve", .public, resolve)
    }

    @Sendable func resolve(_ request: Request, context: Context) async throws -> Response {
        let site = try context.site
        let query = request.uri.queryParameters
        let opened = try query.flag("opened")
        guard let text = query["url"].map(String.init), !text.isEmpty else {
            throw APIError(.badRequest, .invalidBody, "Give the link to resolve as ?url=https://…", field: "url")
        }
        let hosts = site.configuration.hosts
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "https" || scheme == "http", let host = components.host,
              let linkHost = hosts.linkHost(named: hosts.servedName(of: host)) else {
            let names = hosts.linkHosts.map(\.name)
            throw APIError(.badRequest, .invalidBody,
                           "'\(text.prefix(200))' is not a link of \(names.isEmpty ? "this server: it has no link host" : "this server's link \(names.count == 1 ? "host" : "hosts") (\(names.joined(separator: ", ")))").",
                           field: "url")
        }
        let path = components.percentEncodedPath
        if path == "/" || path.isEmpty {
            return try resolveLongLink(components.percentEncodedQuery ?? "", url: text, site: site, opened: opened, request: request)
        }
        let slug = path.dropFirst()
        guard LinkLookup.mayBeSlug(slug), let link = try await links.link(on: linkHost, slug: String(slug)) else {
            throw APIError.notFound("No short link has this address.")
        }
        let now = clock()
        if let reason = ClickDecision.goneReason(of: link, now: now) {
            throw APIError(.gone, .gone, "This link \(Self.wording(reason)).")
        }
        guard let destination = site.checkedDestination(link.target) else {
            throw APIError(.gone, .gone, "This link's destination is no longer allowed.")
        }
        let platform = Self.platform(of: request)
        if opened, platform != .crawler {
            guard try await clicks.take(link, platform: platform, referrerHost: "", at: now) else {
                throw APIError(.gone, .gone, "This link \(Self.wording(.clickLimitReached)).")
            }
        }
        let resolved = ResolvedLink(url: link.url, deepLink: destination.text, data: link.data, campaign: link.campaign,
                                    id: link.id.rawValue)
        return Response.json(.ok, resolved.resolutionJSON)
    }

    /// An FDL long link (`https://<link host>/?link=…`): its `link`, checked like every URL in
    /// it; with `opened=true`, a visit of the long link, counted under its `link` as the link
    /// host counts one. A 404 when the site turned long links off (`links.longLinks: off`).
    private func resolveLongLink(_ query: String, url: String, site: LoadedSite, opened: Bool,
                                 request: Request) throws(APIError) -> Response {
        guard site.configuration.links.longLinks else {
            throw APIError.notFound("This site turned long links off (links.longLinks: off).")
        }
        switch DynamicLinkCheck(query: query, policy: site.destinations) {
        case .invalid(let problems):
            throw APIError(.badRequest, .invalidBody, problems.errors.map(\.description).joined(separator: "; "),
                           field: problems.errors.first.map { "url.\($0.parameter)" })
        case .refused(let parameter, _):
            throw APIError(.badRequest, .destinationRefused, "The long link's '\(parameter)' is not a destination this site allows.",
                           field: "url.\(parameter)")
        case .accepted(let parameters, let link):
            let platform = Self.platform(of: request)
            if opened, platform != .crawler {
                clicks.countLongLinkVisit(LongLinkVisitKey(link: parameters.link, day: UTCDay.text(of: clock()), platform: platform,
                                                           campaign: parameters.campaign.name ?? ""))
            }
            return Response.json(.ok, ResolvedLink(url: url, deepLink: link.text, campaign: parameters.campaign).resolutionJSON)
        }
    }

    /// The platform an opened link is counted under: the app's `platform` parameter (`ios` or
    /// `android`; `crawler` is not taken from it), else the user agent's.
    static func platform(of request: Request) -> ClickPlatform {
        request.uri.queryParameters["platform"].flatMap { ClickPlatform(rawValue: String($0)) }.flatMap { $0 == .crawler ? nil : $0 }
            ?? VisitorClassifier.classify(userAgent: request.headers[.userAgent]).platform
    }

    /// How an API error says why a link is gone.
    static func wording(_ reason: GoneReason) -> String {
        switch reason {
        case .disabled: "was turned off"
        case .expired: "has expired"
        case .clickLimitReached: "has been used as many times as it may be"
        }
    }
}
