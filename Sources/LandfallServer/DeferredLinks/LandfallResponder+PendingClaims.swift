import Foundation
import Hummingbird
import LandfallLinks
import LandfallStorage

extension LandfallResponder {
    /// For a phone's browser without the app (`visitor`, classified once by the caller): records a pending claim of `url` (buffered, like
    /// clicks) and points the page's store buttons through it.
    ///
    /// The buttons then lead to `/v1/install/<token>` (which notes the screen size and
    /// redirects to the store, Google Play with the token as install referrer), and carry the
    /// claim URL that the page's script copies to the pasteboard when the button is tapped
    /// (never before), for the app's first launch to claim. Returns whether a claim was made
    /// (the page must then not be cached).
    func attachPendingClaim(to values: inout [String: Any], url: String, deepLink: String, link: ShortLink?, campaign: Campaign,
                            visitor: Visitor, request: Request, client: RequestClient, origins: Origins, site: LoadedSite) async -> Bool {
        guard request.method == .get, case .browser(let platform) = visitor, platform == .ios || platform == .android else { return false }
        let now = state.clock()
        let addressHash: String
        do {
            addressHash = try await state.addresses.hash(client.address, at: now)
        } catch {
            state.logger.warning("no pending claim: the address salt is unavailable", metadata: ["error": "\(error)"])
            return false
        }
        var generator = SystemRandomNumberGenerator()
        let token = ClaimToken.generate(using: &generator)
        let userAgent = request.headers[.userAgent] ?? ""
        let hints = DeviceHints(platform: platform, osVersion: DeviceHints.osVersion(userAgent: userAgent, platform: platform),
                                language: DeviceHints.language(acceptLanguage: request.headers[.acceptLanguage]))
        state.claims.record(PendingClaim(
            token: token, url: url, deepLink: deepLink, linkID: link?.id, data: link?.data ?? [:], campaign: campaign,
            createdAt: now, expiresAt: now.addingTimeInterval(site.configuration.deferredLinks.claimLifetime),
            addressHash: addressHash, hints: hints))
        let install = origins.site + "/v1/install/" + token.rawValue
        values["claimURL"] = origins.site + "/v1/claims/" + token.rawValue
        if values["appStoreURL"] != nil { values["appStoreURL"] = install + "?store=app-store" }
        if values["playStoreURL"] != nil { values["playStoreURL"] = install + "?store=play" }
        return true
    }
}
