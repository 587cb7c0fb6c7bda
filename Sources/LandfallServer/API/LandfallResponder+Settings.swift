import AppSiteAssociation
import Hummingbird
import LandfallLinks
import LandfallStorage

extension LandfallResponder {
    /// `GET /v1/settings` (public): what apps read at launch, such as whether an invitation is
    /// required. Never cached: a switch must take effect at once.
    func readSettings() async throws(APIError) -> Response {
        let settings = try await storing { try await state.settings.settings() }
        var response = Response.json(.ok, JSONWriter.pretty.string(for: settings.json))
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// `PATCH /v1/settings`: changes the runtime settings; every instance serves the change
    /// within a second.
    func updateSettings(_ request: Request) async throws(APIError) -> Response {
        let body = try await jsonBody(request, limit: 16 << 10)
        let patch: SettingsPatch
        do {
            patch = try SettingsPatch(json: body.readableBytesView)
        } catch {
            throw APIError(invalid: error)
        }
        let now = state.clock()
        let updated = try await storing {
            var settings = try await state.storage.runtimeSettings()
            if let required = patch.invitationsRequired { settings.invitationsRequired = required }
            return try await state.settings.update(settings, at: now)
        }
        state.logger.notice("runtime settings changed", metadata: ["invitationsRequired": "\(updated.invitationsRequired)"])
        return Response.json(.ok, JSONWriter.pretty.string(for: updated.json))
    }
}

extension RuntimeSettings {
    /// The settings as the API returns them.
    var json: JSONValue {
        .object([
            ("invitationsRequired", .bool(invitationsRequired)),
            ("updatedAt", .optional(updatedAt.map(APITime.string))),
        ])
    }
}
