import Foundation
import LandfallJSON
import LandfallLinks
@testable import LandfallStorage
import LandfallWebhooks
import Testing

extension Fixtures {
    /// An enabled endpoint wanting `events` (all when empty), created at ``now``.
    static func endpoint(_ events: [String] = ["*"], url: String = "https://hooks.example.com/landfall") throws -> WebhookEndpoint {
        WebhookEndpoint.make(url: url, events: try WebhookEventSelection(events), description: "tests", at: now)
    }
}

extension Storage {
    /// The types of the stored events, in order (tests).
    func storedWebhookEventTypes() async throws -> [String] {
        try await storedWebhookEvents().map(\.type)
    }

    /// The event bodies of the stored events, parsed (tests).
    func storedWebhookEventJSON() async throws -> [JSONValue] {
        try await storedWebhookEvents().map { try JSONValue.parse($0.body) }
    }

    /// Every delivery of `endpointID`, newest first (tests).
    func deliveries(of endpointID: String) async throws -> [WebhookDelivery] {
        try await webhookDeliveries(WebhookDeliveryQuery(endpointID: endpointID, limit: 500))
    }
}
