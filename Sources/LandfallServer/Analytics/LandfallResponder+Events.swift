import AppSiteAssociation
import Hummingbird
import LandfallLinks
import LandfallStorage

extension LandfallResponder {
    /// The largest body of `POST /v1/events`.
    static let maximumEventsBodySize = 64 << 10

    /// `POST /v1/events` (public): opens reported by apps, stored once per event id (an
    /// offline queue's replay counts once). Each event of a short link is filed under the
    /// link's campaign.
    func recordEvents(_ request: Request) async throws(APIError) -> Response {
        let body = try await jsonBody(request, limit: Self.maximumEventsBodySize)
        let now = state.clock()
        var events: [AppEvent]
        do {
            events = try AppEventBatch(json: body.readableBytesView).events(now: now)
        } catch {
            throw APIError(invalid: error)
        }
        var campaigns: [LinkID: String?] = [:]
        for index in events.indices {
            guard let id = events[index].linkID else { continue }
            if campaigns[id] == nil {
                let link = try await storing { try await state.storage.link(id: id) }
                campaigns[id] = .some(link?.campaign.name)
            }
            events[index].campaign = campaigns[id] ?? nil
        }
        let stored = events
        let (accepted, duplicates) = try await storing { try await state.storage.record(events: stored) }
        return Response.json(.ok, JSONWriter.pretty.string(for: .object([
            ("accepted", .integer(accepted)),
            ("duplicates", .integer(duplicates)),
        ])))
    }
}
