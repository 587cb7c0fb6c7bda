import AppSiteAssociation
import Foundation
import Hummingbird
import LandfallLinks

extension LandfallResponder {
    /// `GET /v1/resolve?url=…`: what a short link (or an FDL long link) that opened the app
    /// directly leads to, for the app SDK. Public, rate limited. A short link's resolution is
    /// counted as a click (the app opened it; the server saw no visit), under `platform`
    /// (`ios` or `android`) or the caller's user agent.
    func resolve(_ request: Request, site: LoadedSite) async throws(APIError) -> Response {
        let query = request.uri.queryParameters
        guard let text = query["url"].map(String.init), !text.isEmpty else {
            throw APIError(.badRequest, .invalidBody, "Give the link to resolve as ?url=https://…", field: "url")
        }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "https" || scheme == "http", let host = components.host?.lowercased(),
              let linksHost = site.configuration.hosts.links,
              host == linksHost || site.configuration.hosts.local[host] == linksHost else {
            throw APIError(.badRequest, .invalidBody, "'\(text.prefix(200))' is not a link of this server's link host\(site.configuration.hosts.links.map { " (\($0))" } ?? "").",
                           field: "url")
        }
        let path = components.percentEncodedPath
        if path == "/" || path.isEmpty {
            return try resolveDynamicLink(components.percentEncodedQuery ?? "", url: text, site: site)
        }
        let slug = String(path.dropFirst())
        guard Self.mayBeSlug(slug) else {
            throw APIError.notFound("No short link has this address.")
        }
        let found: ShortLink?
        do {
            found = try await lookUpLink(host: linksHost, slug: slug)
        } catch {
            throw apiError(for: error)
        }
        guard let link = found else { throw APIError.notFound("No short link has this address.") }
        let now = state.clock()
        if let reason = ClickDecision.goneReason(of: link, now: now, pendingClicks: state.clicks.pendingClicks(of: link.id)) {
            throw APIError(.gone, .gone, "This link \(Self.goneWording(reason)).")
        }
        guard let destination = site.checkedDestination(link.target) else {
            throw APIError(.gone, .gone, "This link's destination is no longer allowed.")
        }
        let platform = query["platform"].flatMap { ClickPlatform(rawValue: String($0)) }.flatMap { $0 == .crawler ? nil : $0 }
            ?? VisitorClassifier.classify(userAgent: request.headers[.userAgent]).platform
        if platform != .crawler {
            state.clicks.record(link, platform: platform, referrerHost: "", at: now)
        }
        return Response.json(.ok, JSONWriter.pretty.string(for: .object([
            ("url", .string(link.url)),
            ("deepLink", .string(destination.text)),
            ("data", .object(link.data.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
            ("campaign", link.campaign.json),
            ("id", .string(link.id.rawValue)),
        ])))
    }

    private func resolveDynamicLink(_ query: String, url: String, site: LoadedSite) throws(APIError) -> Response {
        let parameters: DynamicLinkParameters
        do {
            parameters = try DynamicLinkParameters(query: query)
        } catch {
            throw APIError(.badRequest, .invalidBody, error.errors.map(\.description).joined(separator: "; "),
                           field: error.errors.first.map { "url.\($0.parameter)" })
        }
        guard case .success(let destination) = site.destinations.check(parameters.link) else {
            throw APIError(.badRequest, .destinationRefused, "The long link's 'link' is not a destination this site allows.", field: "url.link")
        }
        return Response.json(.ok, JSONWriter.pretty.string(for: .object([
            ("url", .string(url)),
            ("deepLink", .string(destination.text)),
            ("data", .object([])),
            ("campaign", parameters.campaign.json),
        ])))
    }

    static func goneWording(_ reason: GoneReason) -> String {
        switch reason {
        case .disabled: "was turned off"
        case .expired: "has expired"
        case .clickLimitReached: "has been used as many times as it may be"
        }
    }
}
