import AppSiteAssociation
import Foundation
import Hummingbird
import LandfallLinks

extension LandfallResponder {
    /// The JSON API under `/v1/` (documented in `openapi/landfall.yaml`), on every host the
    /// site answers on. Every error is an ``APIError`` turned into its JSON answer here.
    func apiResponse(_ request: Request, path: String, site: LoadedSite, client: RequestClient) async -> (Response, String) {
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
                            client: RequestClient) async throws(APIError) -> Response {
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
        if endpoint.isPublic(method) {
            try admitUnauthenticated(client)
            return try await respondPublic(to: request, endpoint: endpoint, site: site, client: client)
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
        case .linkStats(let id):
            return try await linkStats(id, request)
        case .stats:
            return try await trafficStats(request)
        case .settings:
            return try await updateSettings(request)
        case .invites:
            return method == .post ? try await createInvitations(request, site: site) : try await listInvitations(request, site: site)
        case .invite(let code):
            return try await getInvitation(code, site: site)
        case .revokeInvite(let code):
            return try await revokeInvitation(code, site: site)
        case .revokeInvites:
            return try await revokeInvitations(request)
        case .inviteAudit:
            return try await invitationAudit(request)
        case .resolve, .redeem, .claims, .claim, .install, .events, .unknown:
            throw APIError.notFound()
        }
    }

    /// The endpoints apps and browsers call without a key.
    private func respondPublic(to request: Request, endpoint: APIEndpoint, site: LoadedSite,
                               client: RequestClient) async throws(APIError) -> Response {
        switch endpoint {
        case .resolve: return try await resolve(request, site: site)
        case .settings: return try await readSettings()
        case .redeem: return try await redeemInvitation(request, client: client)
        case .claims: return try await claimDeferredLink(request, site: site, client: client)
        case .claim(let token): return try await followClaim(token)
        case .install(let token): return try await install(token, request: request, site: site)
        case .events: return try await recordEvents(request)
        default: throw APIError.notFound()
        }
    }

    /// Takes a token from the client's bucket, or throws 429.
    func admitUnauthenticated(_ client: RequestClient) throws(APIError) {
        if case .limited(let retryAfter) = state.rateLimiter?.admit(client.address) {
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
    case linkStats(LinkID?)
    case resolve
    case stats
    case settings
    case invites
    case invite(String)
    case revokeInvite(String)
    case revokeInvites
    case redeem
    case inviteAudit
    case claims
    case claim(String)
    case install(String)
    case events
    case unknown

    init(segments: [String]) {
        guard segments.first == "v1" else {
            self = .unknown
            return
        }
        switch Array(segments.dropFirst()) {
        case ["links"]: self = .links
        case ["resolve"]: self = .resolve
        case ["stats"]: self = .stats
        case ["settings"]: self = .settings
        case ["invites"]: self = .invites
        case ["invites", "redeem"]: self = .redeem
        case ["invites", "revoke"]: self = .revokeInvites
        case ["invites", "audit"]: self = .inviteAudit
        case ["claims"]: self = .claims
        case ["events"]: self = .events
        case ["links", "bulk"]: self = .bulk
        case let rest where rest.count == 2 && rest[0] == "links": self = .link(LinkID(rest[1]))
        case let rest where rest.count == 2 && rest[0] == "invites": self = .invite(rest[1])
        case let rest where rest.count == 2 && rest[0] == "claims": self = .claim(rest[1])
        case let rest where rest.count == 2 && rest[0] == "install": self = .install(rest[1])
        case let rest where rest.count == 3 && rest[0] == "invites" && rest[2] == "revoke": self = .revokeInvite(rest[1])
        case let rest where rest.count == 3 && rest[0] == "links":
            let id = LinkID(rest[1])
            switch rest[2] {
            case "disable": self = .disable(id)
            case "enable": self = .enable(id)
            case "stats": self = .linkStats(id)
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
        case .linkStats: "/v1/links/:id/stats"
        case .resolve: "/v1/resolve"
        case .stats: "/v1/stats"
        case .settings: "/v1/settings"
        case .invites: "/v1/invites"
        case .invite: "/v1/invites/:code"
        case .revokeInvite: "/v1/invites/:code/revoke"
        case .revokeInvites: "/v1/invites/revoke"
        case .redeem: "/v1/invites/redeem"
        case .inviteAudit: "/v1/invites/audit"
        case .claims: "/v1/claims"
        case .claim: "/v1/claims/:token"
        case .install: "/v1/install/:token"
        case .events: "/v1/events"
        case .unknown: "/v1/unknown"
        }
    }

    /// The methods the endpoint accepts (none: there is no such endpoint).
    var methods: [HTTPRequest.Method] {
        switch self {
        case .links, .invites: [.get, .post]
        case .bulk, .disable, .enable, .revokeInvite, .revokeInvites, .redeem, .claims, .events: [.post]
        case .link: [.get, .patch, .delete]
        case .settings: [.get, .patch]
        case .linkStats, .resolve, .stats, .invite, .inviteAudit, .claim, .install: [.get]
        case .unknown: []
        }
    }

    /// Whether `method` on this endpoint is called without an API key (by apps and browsers;
    /// rate limited per client address instead).
    func isPublic(_ method: HTTPRequest.Method) -> Bool {
        switch self {
        case .resolve, .redeem, .claims, .claim, .install, .events: true
        case .settings: method == .get || method == .head
        default: false
        }
    }
}
