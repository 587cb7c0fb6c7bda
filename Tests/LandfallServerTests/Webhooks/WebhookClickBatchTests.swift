import Foundation
import LandfallStorage
import LandfallWebhooks
import Testing
@testable import LandfallServer

/// The delivery service turns a server's clicks into `link.clicked` events however its clock is
/// set: the clicks wait by the system's time, and are judged by it.
@Suite struct WebhookClickBatchTests {
    @Test("Clicks of a server whose clock is days behind still become a link.clicked delivery", arguments: TestDatabase.all)
    func clicksBecomeAnEventWhateverTheClock(database: TestDatabase) async throws {
        // The server's clock is Demo.noon (2026-11-20), days before the system's time.
        let server = try await TestServer(database: database) {
            $0.clickFlushInterval = .milliseconds(100)
            $0.webhooks.pollInterval = .milliseconds(100)
        }
        let key = try await server.authorization()
        let endpoint = WebhookEndpoint.make(url: "http://127.0.0.1:9/nobody-listens", events: try WebhookEventSelection(["link.clicked"]),
                                            at: Date())
        try await server.parts.storage.insert(endpoint)
        let found = try await server.run(.live) { client in
            _ = try await client.createLink(slug: "clicked", key: key)
            let response = try await client.visit("clicked", as: Visitors.desktop)
            #expect(response.status == .found)
            // The clicks wait 5 s (the batch interval), then become one event.
            let deadline = ContinuousClock.now + .seconds(20)
            while ContinuousClock.now < deadline {
                let deliveries = try await server.parts.storage.webhookDeliveries(WebhookDeliveryQuery(endpointID: endpoint.id))
                if !deliveries.isEmpty { return deliveries }
                try await Task.sleep(for: .milliseconds(200))
            }
            return []
        }
        #expect(found.map(\.eventType) == [.linkClicked])
    }
}
