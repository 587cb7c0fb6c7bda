import Foundation
import Hummingbird
import LandfallJSON
import LandfallLinks
import LandfallStorage
import LandfallWire

/// Deferred deep links: the app's first launch claims the link that brought it
/// (`POST /v1/claims`), and a claim URL opened in a browser leads to its link
/// (`GET /v1/claims/{token}`). Both public.
struct ClaimsAPI: Sendable {
    typealias Context = LandfallRequestContext

    let storage: Storage
    let claims: ClaimRecorder
    let addresses: AddressHasher
    let clock: @Sendable () -> Date

    func addRoutes(to api: inout APIRoutes) {
        api.add(.post, "/v1/claims", .public, claim)
        api.add(.get, "/v1/claims/{token}", .public, follow)
    }

    /// `POST /v1/claims`: with the token the landing page copied (or the Play install referrer
    /// carried), the answer is that claim (`strong`), once. Without one, if the app allows it,
    /// the device's hints and hashed address are compared with the claims of the site's
    /// weak-match window: exactly one fitting link is a `weak` match; anything else is `none`,
    /// with the reason.
    @Sendable func claim(_ request: Request, context: Context) async throws -> Response {
        let claim = try await request.decodeJSON(limit: 4 << 10, ClaimRequest.init(json:))
        let now = clock()
        // Claims of landing pages shown through this instance are still in memory: store them first.
        try await claims.flush()
        if let token = claim.token {
            return try await claimStrongly(token, platform: claim.hints.platform, now: now)
        }
        let window = try context.site.configuration.deferredLinks.weakMatchWindow
        let hashes = try await addresses.recentHashes(of: try context.client.address, at: now)
        let candidates = try await storage.weakClaimCandidates(platform: claim.hints.platform, addressHashes: hashes,
                                                               since: now.addingTimeInterval(-window), now: now)
        switch WeakClaimMatcher.match(candidates, hints: claim.hints, addressHashes: Set(hashes), now: now, window: window) {
        case .match(let found, let consumed):
            let event = Self.event(found, match: .weak, platform: claim.hints.platform, at: now)
            guard let claimed = try await storage.claimWeakly(consumed, matched: found.token, at: now, event: event) else {
                // Another launch took it between the read and the write.
                return Self.answer(.none, reason: "no_match", claim: nil)
            }
            return Self.answer(.weak, reason: nil, claim: claimed)
        case .none(let reason):
            return Self.answer(.none, reason: reason.rawValue, claim: nil)
        }
    }

    private func claimStrongly(_ token: ClaimToken, platform: ClickPlatform, now: Date) async throws -> Response {
        guard let pending = try await storage.pendingClaim(token: token) else {
            return Self.answer(.none, reason: "token_unknown", claim: nil)
        }
        switch try await storage.claim(token: token, at: now, event: Self.event(pending, match: .strong, platform: platform, at: now)) {
        case .claimed(let claimed): return Self.answer(.strong, reason: nil, claim: claimed)
        case .alreadyClaimed: return Self.answer(.none, reason: "token_claimed", claim: nil)
        case .expired: return Self.answer(.none, reason: "token_expired", claim: nil)
        case .unknown: return Self.answer(.none, reason: "token_unknown", claim: nil)
        }
    }

    /// `GET /v1/claims/{token}`: the claim URL, opened in a browser, leads to the link it
    /// carries (the claim stays pending).
    @Sendable func follow(_ request: Request, context: Context) async throws -> Response {
        guard let token = context.parameters.get("token").flatMap(ClaimToken.init(rawValue:)) else {
            throw APIError.notFound("No pending link has this token.")
        }
        try await claims.flush()
        guard let claim = try await storage.pendingClaim(token: token) else {
            throw APIError.notFound("No pending link has this token.")
        }
        return Response.redirect(.found, to: claim.url)
    }

    /// The `claim` event of an install that claimed `claim`.
    static func event(_ claim: PendingClaim, match: ClaimMatch, platform: ClickPlatform, at now: Date) -> AppEvent {
        AppEvent(id: UUID().uuidString.lowercased(), type: .claim, occurredAt: now, platform: platform, linkID: claim.linkID,
                 url: claim.url, campaign: claim.campaign.name, detail: match.rawValue)
    }

    static func answer(_ match: ClaimMatch, reason: String?, claim: PendingClaim?) -> Response {
        let link = claim.map {
            ResolvedLink(url: $0.url, deepLink: $0.deepLink, data: $0.data, campaign: $0.campaign, id: $0.linkID?.rawValue).json
        }
        return Response.json(.ok, .object([
            ("match", .string(match.rawValue)),
            ("reason", .optional(reason)),
            ("link", link ?? .null),
        ]))
    }
}
