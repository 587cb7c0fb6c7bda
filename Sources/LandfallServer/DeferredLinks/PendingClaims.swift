import Foundation
import Hummingbird
import LandfallLinks
import LandfallWire

/// Gives a page shown to a phone without the app a pending deferred-link claim, so the link
/// survives the install.
///
/// The claim is recorded (buffered, like clicks) and the page's store buttons point through it:
/// to `/v1/install/<token>` (which notes the screen size and redirects to the store, Google
/// Play with the token as install referrer), carrying the claim URL that the page's script
/// copies to the pasteboard when the button is tapped (never before), for the app's first
/// launch to claim.
struct PendingClaims: Sendable {
    let claims: ClaimRecorder
    let addresses: AddressHasher
    let clock: @Sendable () -> Date

    init(_ parts: ServerComponents) {
        claims = parts.claims
        addresses = parts.addresses
        clock = parts.clock
    }

    /// For a phone's browser without the app (`visitor`, classified once by the caller): records
    /// a pending claim of `url` and points the page's store buttons through it. Returns whether a
    /// claim was made (the page must then not be cached). With `app`, the buttons go to the
    /// stores of the app named so in `landfall.yml` (a long link's `isi`).
    func attach(to values: inout PageValues, url: String, deepLink: String, link: ShortLink?, campaign: Campaign,
                visitor: Visitor, request: Request, context: LandfallRequestContext, app: String? = nil) async throws -> Bool {
        guard let token = try await record(url: url, deepLink: deepLink, link: link, campaign: campaign,
                                           visitor: visitor, request: request, context: context) else { return false }
        let origin = try context.host.origins.site
        values.claimURL = origin + "/v1/claims/" + token.rawValue
        if values.appStoreURL != nil { values.appStoreURL = Self.install(token, store: "app-store", origin: origin, app: app) }
        if values.playStoreURL != nil { values.playStoreURL = Self.install(token, store: "play", origin: origin, app: app) }
        return true
    }

    /// For a phone's browser without the app (`visitor`): records a pending claim of `url` that
    /// gives `deepLink` to the app, and returns its token; `nil` when no claim is made (not a
    /// phone, not a GET, or the address salt is unavailable).
    func record(url: String, deepLink: String, link: ShortLink?, campaign: Campaign,
                visitor: Visitor, request: Request, context: LandfallRequestContext) async throws -> ClaimToken? {
        guard request.method == .get, case .browser(let platform) = visitor, platform == .ios || platform == .android else { return nil }
        let host = try context.host
        let now = clock()
        let addressHash: String
        do {
            addressHash = try await addresses.hash(try context.client.address, at: now)
        } catch {
            context.logger.warning("no pending claim: the address salt is unavailable", metadata: ["error": "\(error)"])
            return nil
        }
        var generator = SystemRandomNumberGenerator()
        let token = ClaimToken.generate(using: &generator)
        let userAgent = request.headers[.userAgent] ?? ""
        let hints = DeviceHints(platform: platform, osVersion: DeviceHints.osVersion(userAgent: userAgent, platform: platform),
                                language: DeviceHints.language(acceptLanguage: request.headers[.acceptLanguage]))
        claims.record(PendingClaim(
            token: token, url: url, deepLink: deepLink, linkID: link?.id, data: link?.data ?? [:], campaign: campaign,
            createdAt: now, expiresAt: now.addingTimeInterval(host.site.configuration.deferredLinks.claimLifetime),
            addressHash: addressHash, hints: hints))
        return token
    }

    /// Where a store button of a page with the claim `token` goes: `<origin>/v1/install/<token>?store=<store>`
    /// (``InstallAPI``), `store` being `app-store` or `play`, with `&app=<name>` for the store of
    /// the app named so in `landfall.yml` (the first app with the store without it).
    static func install(_ token: ClaimToken, store: String, origin: String, app: String? = nil) -> String {
        let app = app.map { "&app=" + ($0.addingPercentEncoding(withAllowedCharacters: InstallAPI.unreserved) ?? $0) } ?? ""
        return origin + "/v1/install/" + token.rawValue + "?store=" + store + app
    }
}
