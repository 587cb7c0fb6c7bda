import Foundation
import Hummingbird
import LandfallLinks
import LandfallStorage

/// `GET /v1/install/{token}?store=app-store|play&app=NAME&screen=WxH` (public): where "Get the
/// app" goes. Notes the screen size the page measured, then redirects to the store of the app
/// `app` names (a long link's; the first app with that store otherwise); for Google Play with
/// the token in the install referrer. An unknown token still leads to the store: an
/// install is never blocked.
struct InstallAPI: Sendable {
    typealias Context = LandfallRequestContext

    let storage: Storage
    let claims: ClaimRecorder

    /// RFC 3986's unreserved characters: all a query value may hold unescaped.
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    func addRoutes(to api: inout APIRoutes) {
        api.add(.get, "/v1/install/{token}", .public, install)
    }

    @Sendable func install(_ request: Request, context: Context) async throws -> Response {
        let parameters = request.uri.queryParameters
        let token = context.parameters.get("token").flatMap(ClaimToken.init(rawValue:))
        let store = parameters["store"].map(String.init)
        let platform = VisitorClassifier.classify(userAgent: request.headers[.userAgent]).platform
        let configured = try context.site.configuration.apps
        // The app named first, then every app in order: the first with the store wins.
        let named = parameters["app"].flatMap { name in configured.first { $0.name == name } }
        let apps = named.map { [$0] + configured } ?? configured
        let appStore = apps.lazy.compactMap { $0.ios?.appStoreURL }.first
        let play = apps.lazy.compactMap { $0.android?.playStoreURL }.first
        // The bundled buttons name the store; otherwise the visitor's platform decides.
        let wantsPlay = store == "play" || (store != "app-store" && platform == .android)
        if let token, let screen = parameters["screen"].flatMap({ DeviceHints.screen(String($0)) }) {
            do {
                try await claims.flush()
                try await storage.updateHints(token: token, screen: screen)
            } catch {
                context.logger.warning("claim hints not stored", metadata: ["error": "\(error)"])
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
