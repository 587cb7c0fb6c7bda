import Foundation
import LandfallJSON
import LandfallLinks
@testable import LandfallStorage
import LandfallWebhooks
import Testing

/// The JSON of endpoints, deliveries and attempts: what the API, the CLI's `--format json` and
/// the documentation show.
@Suite struct WebhookJSONTests {
    @Test func anEndpointIsWrittenWithEveryFieldAndNeverItsSecretUnlessAsked() throws {
        var endpoint = try Fixtures.endpoint(["link.created", "invite.redeemed"])
        endpoint.disabledAt = Fixtures.at(1000)
        endpoint.disabledReason = "disabled by an API key ci"
        let json = endpoint.json.description
        #expect(json == """
            {"id":"\(endpoint.id)","url":"https://hooks.example.com/landfall","events":["invite.redeemed","link.created"],\
            "description":"tests","enabled":false,"disabledAt":"2026-11-20T12:00:01.000Z","disabledReason":"disabled by an API key ci",\
            "failingSince":null,"lastSuccessAt":null,"previousSecretExpiresAt":null,\
            "createdAt":"2026-11-20T12:00:00.000Z","updatedAt":"2026-11-20T12:00:00.000Z"}
            """)
        #expect(!json.contains(endpoint.secret.text))
        #expect(endpoint.jsonWithSecret.description == String(json.dropLast()) + ",\"secret\":\"\(endpoint.secret.text)\"}")
        #expect(endpoint.secret.text.hasPrefix("whsec_"))
    }

    @Test func aDeliveryAndItsAttemptAreWrittenWithTheirNullsAsNull() {
        let delivery = WebhookDelivery(
            id: "dlv_0123456789abcdef0123456789abcdef", endpointID: "wh_0123456789abcdef", eventID: "evt_01KABCDEFGHJKMNPQRSTVWXYZ0",
            eventType: .linkClicked, status: .pending, attempts: 1, nextAttemptAt: Fixtures.at(5000), createdAt: Fixtures.now,
            lastAttemptAt: Fixtures.at(2000), lastStatusCode: 503, lastError: nil, completedAt: nil)
        #expect(delivery.json.description == """
            {"id":"dlv_0123456789abcdef0123456789abcdef","endpointID":"wh_0123456789abcdef","eventID":"evt_01KABCDEFGHJKMNPQRSTVWXYZ0",\
            "eventType":"link.clicked","status":"pending","attempts":1,"nextAttemptAt":"2026-11-20T12:00:05.000Z",\
            "createdAt":"2026-11-20T12:00:00.000Z","lastAttemptAt":"2026-11-20T12:00:02.000Z","lastStatusCode":503,\
            "lastError":null,"completedAt":null}
            """)
        let attempt = WebhookAttempt(deliveryID: delivery.id, number: 1, attemptedAt: Fixtures.at(2000), durationMilliseconds: 42,
                                     statusCode: nil, error: "connection refused", responseExcerpt: "")
        #expect(attempt.json.description == """
            {"number":1,"attemptedAt":"2026-11-20T12:00:02.000Z","durationMs":42,"statusCode":null,\
            "error":"connection refused","responseExcerpt":""}
            """)
    }
}
