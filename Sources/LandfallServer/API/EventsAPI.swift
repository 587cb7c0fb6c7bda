import Foundation
import Hummingbird
import LandfallJSON
import LandfallLinks
import LandfallStorage

/// `POST /v1/events` (public): opens reported by apps, stored once per event id (an offline
/// queue's replay counts once). Each event of a short link is filed under the link's campaign.
struct EventsAPI: Sendable {
    typealias Context = LandfallRequestContext

    let storage: Storage
    let clock: @Sendable () -> Date

    /// The largest body of `POST /v1/events`.
    static let maximumBodySize = 64 << 10

    func addRoutes(to api: inout APIRoutes) {
        api.add(.post, "/v1/events", .public, record)
    }

    @Sendable func record(_ request: Request, context: Context) async throws -> Response {
        let now = clock()
        let batch = try await request.decodeJSON(limit: Self.maximumBodySize, AppEventBatch.init(json:))
        var events: [AppEvent]
        do {
            events = try batch.events(now: now)
        } catch {
            throw APIError(invalid: error)
        }
        var campaigns: [LinkID: String?] = [:]
        for index in events.indices {
            guard let id = events[index].linkID else { continue }
            if campaigns[id] == nil {
                campaigns[id] = .some(try await storage.link(id: id)?.campaign.name)
            }
            events[index].campaign = campaigns[id] ?? nil
        }
        let (accepted, duplicates) = try await storage.record(events: events)
        return Response.json(.ok, .object([("accepted", .integer(accepted)), ("duplicates", .integer(duplicates))]))
    }
}
