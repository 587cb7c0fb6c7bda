extension LinkClient {
    /// Claims the link the person tapped before installing the app (`POST /v1/claims`).
    ///
    /// With the token from the claim URL the landing page copied (see ``ClaimURL``) the
    /// match is strong. Without one, and only if the app opts in with `allowWeakMatch`, the
    /// server looks for exactly one pending link that fits the device hints and the
    /// client's address within its window (a weak match). A claim is used once.
    ///
    /// ```swift
    /// let token = ClaimURL.first(in: pasteboardText, hosts: configuration.claimHosts)?.token
    /// let claim = try await client.claimDeferredLink(token: token, hints: hints, allowWeakMatch: true)
    /// if let link = claim.link { route(link.deepLink) }
    /// ```
    ///
    /// Most apps let ``DeepLinkHandler/handleFirstLaunch(claimToken:hints:allowWeakMatch:)``
    /// call it once, on the first launch.
    ///
    /// - Parameters:
    ///   - token: The claim token (`lfc_…`), or nil.
    ///   - hints: The device hints, compared for a weak match.
    ///   - allowWeakMatch: Whether a match without a token is acceptable.
    /// - Returns: The match and the link; ``DeferredLinkClaim/nothingToClaim`` without a
    ///   request when there is no token and weak matching is not allowed.
    /// - Throws: ``LinkClientError``; `refused` with field `token` for a malformed token.
    public func claimDeferredLink(token: String?, hints: ClaimHints, allowWeakMatch: Bool)
        async throws(LinkClientError) -> DeferredLinkClaim {
        guard token != nil || allowWeakMatch else { return .nothingToClaim }
        let body = ClaimRequestBody(token: token, platform: configuration.platform.rawValue, osVersion: hints.osVersion,
                                    language: hints.language, screen: hints.screen, allowWeakMatch: allowWeakMatch)
        let request = try request(.post, "/v1/claims", body: body)
        let response = try await send(request)
        return try decode(DeferredLinkClaim.self, from: response, of: request)
    }
}
