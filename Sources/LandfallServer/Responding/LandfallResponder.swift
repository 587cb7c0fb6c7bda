import Foundation
import HTTPTypes
import Hummingbird
import LandfallSite
import Logging

/// Answers every request of the link server.
///
/// In order: the operations endpoints (`/health`, `/ready`, `/metrics`, on any host); then the
/// `Host` header decides: a malformed one gets 400, a host the site does not list 404; the
/// association files are served on every listed host, exactly at their paths, never
/// redirected; the JSON API answers under `/v1/`; then pages (rate limited per client
/// address): an alias redirects to the site host, the interstitial host sends the browser
/// back to the site host, the link host answers short links, and the site host renders the
/// route's page.
///
/// Every response carries an `X-Request-ID`, is counted in `/metrics` under its route
/// template, and is logged once. An error never shows a stack trace: it is logged with the
/// request id and the visitor gets a page that names the id.
struct LandfallResponder: HTTPResponder {
    typealias Context = LandfallRequestContext

    let state: ServerState

    /// The longest path accepted, in bytes (longer gets 414).
    static let maximumPathLength = 4096

    func respond(to request: Request, context: Context) async throws -> Response {
        let started = ContinuousClock.now
        let requestID = RequestIDs.id(from: request.headers[Self.requestIDField])
        let loaded = state.site
        // The client's address is only made when needed (rate limits, claims).
        let client = RequestClient(remoteAddress: context.remoteAddress, headers: request.headers, trustedHeader: state.clientAddressHeader)
        var (response, label) = await dispatch(request, site: loaded, client: client, requestID: requestID)
        if request.method == .head {
            response = response.withoutBody(length: response.body.contentLength)
        }
        response.headers[Self.requestIDField] = requestID
        let duration = ContinuousClock.now - started
        state.metrics.recordRequest(route: label, method: request.method, status: response.status.code, duration: duration)
        // Machines fetch the association files and the operations endpoints, often; their
        // requests are logged at debug (and counted in /metrics), the rest at info.
        let level: Logger.Level = Self.machineLabels.contains(label) ? .debug : .info
        if state.logger.logLevel <= level {
            state.logger.log(level: level, "request", metadata: [
                "request_id": "\(requestID)", "method": "\(request.method.rawValue)", "host": "\(request.head.authority ?? "-")",
                "path": "\(request.uri.path.prefix(256))", "status": "\(response.status.code)", "route": "\(label)",
                "duration_us": "\(duration.nanoseconds / 1000)",
            ])
        }
        return response
    }

    static let requestIDField = HTTPField.Name("X-Request-ID")!
    static let forwardedProtoField = HTTPField.Name("X-Forwarded-Proto")!
    static let hostField = HTTPField.Name("Host")!

    /// The labels of endpoints machines fetch: logged at debug.
    static let machineLabels: Set<String> = [
        "/.well-known/apple-app-site-association", "/.well-known/assetlinks.json", "/health", "/ready", "/metrics",
    ]

    private func dispatch(_ request: Request, site: LoadedSite, client: RequestClient, requestID: String) async -> (Response, String) {
        let path = request.uri.path
        guard path.utf8.count <= Self.maximumPathLength, (request.uri.query?.utf8.count ?? 0) <= Self.maximumPathLength else {
            return (errorPage(.uriTooLong, title: "That address is too long", message: "Links are never this long; check how it was copied.",
                              site: site, requestID: requestID), "uri_too_long")
        }
        if let operations = await operationsResponse(request, path: path, site: site) {
            return operations
        }
        // HTTP/1 puts the first Host line in the authority; another one naming a different host
        // gets 400 (RFC 9112, 3.2), since a proxy reading that one would file this answer under it.
        guard let host = RequestHost(request.head.authority),
              request.headers[values: Self.hostField].allSatisfy({ RequestHost($0) == host }) else {
            return (errorPage(.badRequest, title: "Bad request", message: "The request's Host header is missing or malformed.",
                              site: site, requestID: requestID), "bad_host")
        }
        guard let role = site.configuration.hosts.role(of: host.name) else {
            return (Response.text(.notFound, "This server does not serve \(host.name).\n"), "unknown_host")
        }
        if let association = associationResponse(request, path: path, site: site, role: role) {
            return association
        }
        if path == "/v1" || path.hasPrefix("/v1/") {
            return await apiResponse(request, path: path, site: site, client: client)
        }
        // Only a path with escapes needs decoding to be checked (most links have none).
        let decoded = path.utf8.contains(UInt8(ascii: "%")) ? path.removingPercentEncoding : path
        guard path.hasPrefix("/"), let decoded, !decoded.contains("\u{0}") else {
            return (errorPage(.badRequest, title: "Bad request", message: "The address has characters no link of this site has.",
                              site: site, requestID: requestID), "bad_path")
        }
        guard request.method == .get || request.method == .head else {
            var response = errorPage(.methodNotAllowed, title: "Not allowed", message: "Pages can only be read.", site: site, requestID: requestID)
            response.headers[.allow] = "GET, HEAD"
            return (response, "method_not_allowed")
        }
        let origins = Origins(configuration: site.configuration, role: role, host: host,
                              forwardedProto: request.headers[Self.forwardedProtoField])
        // Redirects keep the path and query only (never an absolute-form request target's host).
        var pathAndQuery: String { path + (request.uri.query.map { "?\($0)" } ?? "") }
        // A near miss of an association path (a trailing slash, another file under /.well-known/)
        // is not redirected either: a 3xx there reads as "the association file redirects".
        let nearAssociationPath = path.hasPrefix("/.well-known/") || path.hasPrefix("/apple-app-site-association")
        if origins.isPlainHTTP, !role.isLocal, !nearAssociationPath {
            return (Response.redirect(.movedPermanently, to: "https://\(host.authority)\(pathAndQuery)"), "redirect_https")
        }
        if nearAssociationPath, role.served != .site {
            return (notFoundPage(site: site, origins: origins), "not_found")
        }
        if role.served != .links, case .limited(let retryAfter) = state.rateLimiter?.admit(client.address) {
            return (tooManyRequests(retryAfter: retryAfter, site: site, requestID: requestID), "rate_limited")
        }
        switch role.served {
        case .alias:
            return (Response.redirect(.movedPermanently, to: origins.site + pathAndQuery), "redirect_alias")
        case .interstitial:
            return (Response.redirect(.found, to: origins.site + pathAndQuery), "redirect_interstitial")
        case .links:
            return await linkHostResponse(request, path: path, site: site, origins: origins, client: client, requestID: requestID)
        case .site, .local:
            return await pageResponse(request, path: path, site: site, origins: origins, client: client, requestID: requestID)
        }
    }

    /// A page for something that went wrong, rendered with the bundled (or the site's) `error` template.
    func errorPage(_ status: HTTPResponse.Status, title: String, message: String, site: LoadedSite, requestID: String) -> Response {
        let values: [String: Any] = [
            "siteName": site.configuration.name, "title": title, "message": message, "requestID": requestID,
            "noIndex": true, "twitterCard": "summary",
        ]
        return Response.html(status, PageRenderer.render("error", values: values, in: site.templates), cacheControl: "no-store")
    }
}
