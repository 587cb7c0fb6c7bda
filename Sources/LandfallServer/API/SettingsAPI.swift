import Foundation
import Hummingbird
import LandfallJSON
import LandfallLinks
import LandfallStorage

/// The runtime settings: read by apps at launch (public), changed with a `write` key. Every
/// instance serves a change within a second (``SettingsCache``).
struct SettingsAPI: Sendable {
    typealias Context = LandfallRequestContext

    let settings: SettingsCache
    let storage: Storage
    let clock: @Sendable () -> Date

    func addRoutes(to api: inout APIRoutes) {
        api.add(.get, "/v1/settings", .public, read)
        api.add(.patch, "/v1/settings", .write, update)
    }

    /// `GET /v1/settings`: never cached, a switch must take effect at once.
    @Sendable func read(_ request: Request, context: Context) async throws -> Response {
        Response.json(.ok, try await settings.settings().json)
    }

    /// `PATCH /v1/settings`.
    @Sendable func update(_ request: Request, context: Context) async throws -> Response {
        let patch = try await request.decodeJSON(limit: 16 << 10, SettingsPatch.init(json:))
        var current = try await storage.runtimeSettings()
        if let required = patch.invitationsRequired { current.invitationsRequired = required }
        let updated = try await settings.update(current, at: clock())
        context.logger.notice("runtime settings changed", metadata: ["invitationsRequired": "\(updated.invitationsRequired)"])
        return Response.json(.ok, updated.json)
    }
}
