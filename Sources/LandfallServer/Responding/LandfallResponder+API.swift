import AppSiteAssociation
import Foundation
import Hummingbird
import LandfallLinks

extension LandfallResponder {
    /// The JSON API under `/v1/` (documented in `openapi/landfall.yaml`), on every host the
    /// site answers on. Every error is an ``APIError`` turned into its JSON answer here.
    func apiResponse(_ request: Request, path: String, site: LoadedSite, client: String) async -> (Response, String) {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        let endpoint = APIEndpoint(segments: Array(segments))
        do {
            let response = try await respondAPI(to: request, endpoint: endpoint, site: site, client: client)
            return (response, endpoint.label)
        } catch {
            return (error.response, endpoint.label)
        }
    }

    private func respondAPI(to request: Request, endpoint: APIEndpoint, site: LoadedSite,
                            client: String) async throws(APIError) -> Response {
        let method = request.method
        let allowed = endpoint.methods
        guard !allowed.isEmpty else {
            try admitUnauthenticated(client)
            throw APIError(.notFound, .notFound, "There is no API endpoint at \(request.uri.path); see openapi/landfall.yaml.")
        }
        guard allowed.contains(method) || (method == .head && allowed.contains(.get)) else {
            throw APIError(.methodNotAllowed, .methodNotAllowed,
                           "\(endpoint.label) accepts \(allowed.map(\.rawValue).joined(separator: ", ")).",
                           headers: [.allow: allowed.map(\.rawValue).joined(separator: ", ")])
        }
        if case .resolve = endpoint {
            try admitUnauthenticated(client)
            return try await resolve(request, site: site)
        }
        let scope: APIKeyScope = (method == .get || method == .head) ? .read : .write
        do {
            _ = try await state.keys.verify(request.headers[.authorization], needs: scope, now: state.clock())
        } catch {
            // Failed authentications are rate limited like public endpoints: keys cannot be guessed fast.
            try admitUnauthenticated(client)
            throw error
        }
        switch endpoint {
        case .links:
            return method == .post ? try await createLink(request, site: site) : try await listLinks(request)
        case .bulk:
            return try await createLinks(request, site: site)
        case .link(let id):
            switch method {
            case .patch: return try await updateLink(id, request, site: site)
            case .delete: return try await deleteLink(id)
            default: return try await getLink(id)
            }
        case .disable(let id):
            return try await setDisabled(true, id)
        case .enable(let id):
            return try await setDisabled(false, id)
        case .stats(let id):
            return try await linkStats(id)
        case .resolve, .unknown:
            throw APIError.notFound()
        }
    }

    /// Takes a token from the client's bucket, or throws 429.
    func admitUnauthenticated(_ client: String) throws(APIError) {
        if case .limited(let retryAfter) = state.rateLimiter?.admit(client) {
            throw APIError.rateLimited(retryAfter: retryAfter)
        }
    }
}

/// An endpoint of the API, read from the path's segments.
enum APIEndpoint {
    case links
    case bulk
    case link(LinkID?)
    case disable(LinkID?)
    case enable(LinkID?)
    case stats(LinkID?)
    case resolve
    case unknown

    init(segments: [String]) {
        switch segments.count {
        case 2 where segments[0] == "v1" && segments[1] == "links": self = .links
        case 2 where segments[0] == "v1" && segments[1] == "resolve": self = .resolve
        case 3 where segments[0] == "v1" && segments[1] == "links" && segments[2] == "bulk": self = .bulk
        case 3 where segments[0] == "v1" && segments[1] == "links": self = .link(LinkID(segments[2]))
        case 4 where segments[0] == "v1" && segments[1] == "links":
            let id = LinkID(segments[2])
            switch segments[3] {
            case "disable": self = .disable(id)
            case "enable": self = .enable(id)
            case "stats": self = .stats(id)
            default: self = .unknown
            }
        default: self = .unknown
        }
    }

    /// The route template, for metrics and logs.
    var label: String {
        switch self {
        case .links: "/v1/links"
        case .bulk: "/v1/links/bulk"
        case .link: "/v1/links/:id"
        case .disable: "/v1/links/:id/disable"
        case .enable: "/v1/links/:id/enable"
        case .stats: "/v1/links/:id/stats"
        case .resolve: "/v1/resolve"
        case .unknown: "/v1/unknown"
        }
    }

    /// The methods the endpoint accepts (none: there is no such endpoint).
    var methods: [HTTPRequest.Method] {
        switch self {
        case .links: [.get, .post]
        case .bulk, .disable, .enable: [.post]
        case .link: [.get, .patch, .delete]
        case .stats, .resolve: [.get]
        case .unknown: []
        }
    }
}
