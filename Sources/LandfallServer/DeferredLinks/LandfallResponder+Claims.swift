import AppSiteAssociation
import Foundation
import Hummingbird
import LandfallLinks
import LandfallStorage

extension LandfallResponder {
    /// `POST /v1/claims` (public): the app's first launch asks which link brought it.
    ///
    /// With the token the landing page copied (or the Play install referrer carried), the
    /// answer is that claim (`strong`), once. Without one, if the app allows it, the device's
    /// hints and hashed address are compared with the claims of the site's weak-match window:
    /// exactly one fitting link is a `weak` match; anything else is `none`, with the reason.
    func claimDeferredLink(_ request: Request, site: LoadedSite, client: RequestClient) async throws(APIError) -> Response {
        let body = try await jsonBody(request, limit: 4 << 10)
        let claim: ClaimRequest
        do {
            claim = try ClaimRequest(json: body.readableBytesView)
        } catch {
            throw APIError(invalid: error)
        }
        let now = state.clock()
        // Claims of landing pages shown through this instance are still in memory: store them first.
        try await storing { try await state.claims.flush() }
        if let token = claim.token {
            return try await claimStrongly(token, platform: claim.hints.platform, now: now)
        }
        let window = site.configuration.deferredLinks.weakMatchWindow
        let hashes = try await storing { try await state.addresses.recentHashes(of: client.address, at: now) }
        let candidates = try await storing {
            try await state.storage.weakClaimCandidates(platform: claim.hints.platform, addressHashes: hashes,
                                                        since: now.addingTimeInterval(-window), now: now)
        }
        switch WeakClaimMatcher.match(candidates, hints: claim.hints, addressHashes: Set(hashes), now: now, window: window) {
        case .match(let found, let consumed):
            let event = Self.claimEvent(found, match: .weak, platform: claim.hints.platform, at: now)
            guard let claimed = try await storing({ try await state.storage.claimWeakly(consumed, matched: found.token, at: now, event: event) }) else {
                // Another launch took it between the read and the write.
                return Self.claimAnswer(.none, reason: "no_match", claim: nil)
            }
            return Self.claimAnswer(.weak, reason: nil, claim: claimed)
        case .none(let reason):
            return Self.claimAnswer(.none, reason: reason.rawValue, claim: nil)
        }
    }

    private func claimStrongly(_ token: ClaimToken, platform: ClickPlatform, now: Date) async throws(APIError) -> Response {
        guard let pending = try await storing({ try await state.storage.pendingClaim(token: token) }) else {
            return Self.claimAnswer(.none, reason: "token_unknown", claim: nil)
        }
        let event = Self.claimEvent(pending, match: .strong, platform: platform, at: now)
        switch try await storing({ try await state.storage.claim(token: token, at: now, event: event) }) {
        case .claimed(let claimed): return Self.claimAnswer(.strong, reason: nil, claim: claimed)
        case .alreadyClaimed: return Self.claimAnswer(.none, reason: "token_claimed", claim: nil)
        case .expired: return Self.claimAnswer(.none, reason: "token_expired", claim: nil)
        case .unknown: return Self.claimAnswer(.none, reason: "token_unknown", claim: nil)
        }
    }

    /// The `claim` event of an install that claimed `claim`.
    static func claimEvent(_ claim: PendingClaim, match: ClaimMatch, platform: ClickPlatform, at now: Date) -> AppEvent {
        AppEvent(id: UUID().uuidString.lowercased(), type: .claim, occurredAt: now, platform: platform, linkID: claim.linkID,
                 url: claim.url, campaign: claim.campaign.name, detail: match.rawValue)
    }

    static func claimAnswer(_ match: ClaimMatch, reason: String?, claim: PendingClaim?) -> Response {
        let link: JSONValue = claim.map { claim in
            .object([
                ("url", .string(claim.url)),
                ("deepLink", .string(claim.deepLink)),
                ("data", .object(claim.data.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
                ("campaign", claim.campaign.json),
                ("id", .optional(claim.linkID?.rawValue)),
            ])
        } ?? .null
        var response = Response.json(.ok, JSONWriter.pretty.string(for: .object([
            ("match", .string(match.rawValue)),
            ("reason", .optional(reason)),
            ("link", link),
        ])))
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// `GET /v1/claims/{token}`: the claim URL, opened in a browser, leads to the link it
    /// carries (the claim stays pending).
    func followClaim(_ text: String) async throws(APIError) -> Response {
        guard let token = ClaimToken(rawValue: text),
              let claim = try await storing({
                  try await state.claims.flush()
                  return try await state.storage.pendingClaim(token: token)
              }) else {
            throw APIError.notFound("No pending link has this token.")
        }
        return Response.redirect(.found, to: claim.url)
    }

    /// RFC 3986's unreserved characters: all a query value may hold unescaped.
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `GET /v1/install/{token}?store=app-store|play&screen=WxH`: where "Get the app" goes.
    /// Notes the screen size the page measured, then redirects to the store; for Google Play
    /// with the token in the install referrer. An unknown token still leads to the store: an
    /// install is never blocked.
    func install(_ text: String, request: Request, site: LoadedSite) async throws(APIError) -> Response {
        let parameters = request.uri.queryParameters
        let token = ClaimToken(rawValue: text)
        let store = parameters["store"].map(String.init)
        let platform = VisitorClassifier.classify(userAgent: request.headers[.userAgent]).platform
        let apps = site.configuration.apps
        let appStore = apps.lazy.compactMap { $0.ios?.appStoreURL }.first
        let play = apps.lazy.compactMap { $0.android?.playStoreURL }.first
        // The bundled buttons name the store; otherwise the visitor's platform decides.
        let wantsPlay = store == "play" || (store != "app-store" && platform == .android)
        if let token, let screen = parameters["screen"].flatMap({ DeviceHints.screen(String($0)) }) {
            do {
                try await state.claims.flush()
                try await state.storage.updateHints(token: token, screen: screen)
            } catch {
                state.logger.warning("claim hints not stored", metadata: ["error": "\(error)"])
            }
        }
        if wantsPlay, let play {
            let referrer = token.map { "landfall_claim=\($0.rawValue)" }
            let location = referrer.map { play + "&referrer=" + ($0.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? $0) } ?? play
            return Response.redirect(.found, to: location)
        }
        if let appStore { return Response.redirect(.found, to: appStore) }
        if let play { return Response.redirect(.found, to: play) }
        throw APIError.notFound("This site names no app store.")
    }
}
