import Foundation
import LandfallJSON
import LandfallLinks
import Testing
@testable import LandfallWebhooks

@Suite("Webhook events")
struct WebhookEventTests {
    static let moment = Date(timeIntervalSince1970: 1_795_000_000.5)

    @Test("An event's body is its id, type, timestamp in UTC with milliseconds, and data, in that order")
    func bodyIsTheDocumentedEnvelope() {
        let event = WebhookEvent(id: "evt_0123", type: .linkCreated, timestamp: Self.moment, data: .object([("x", .integer(1))]))
        #expect(event.body == #"{"id":"evt_0123","type":"link.created","timestamp":"2026-11-18T11:06:40.500Z","data":{"x":1}}"#)
    }

    @Test("New event ids are evt_ and 32 hexadecimal digits, and sort by time")
    func idsSortByTime() {
        var generator = SystemRandomNumberGenerator()
        let first = WebhookEvent.newID(at: Self.moment, using: &generator)
        let later = WebhookEvent.newID(at: Self.moment.addingTimeInterval(0.002), using: &generator)
        #expect(first.hasPrefix("evt_"))
        #expect(first.count == 36)
        #expect(first.dropFirst(4).allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect(first < later)
    }

    @Test("A subscription reads star alone or known types each once", arguments: [
        (["*"], ["*"]),
        (["link.created"], ["link.created"]),
        (["invite.redeemed", "link.clicked"], ["invite.redeemed", "link.clicked"]),
    ])
    func subscriptionsRead(names: [String], expected: [String]) throws {
        #expect(try WebhookEventSelection(names).names == expected)
    }

    @Test("A subscription refuses what is not a list of known types, saying what is expected", arguments: [
        ([], "at least one event type"),
        (["*", "link.created"], "give it alone"),
        (["link.made"], "\"link.made\" is not an event type; expected \"*\" or some of: link.created"),
        (["webhook.test"], "\"webhook.test\" is not an event type"),
        (["link.created", "link.created"], "named twice"),
    ])
    func subscriptionsRefused(names: [String], message: String) {
        #expect {
            try WebhookEventSelection(names)
        } throws: { error in
            (error as? WebhookEventSelectionError)?.message.contains(message) == true
        }
    }

    @Test("Every endpoint gets webhook.test; a selection gets only its types")
    func selectionIncludes() throws {
        let some = try WebhookEventSelection(["link.created"])
        #expect(some.includes(.linkCreated))
        #expect(!some.includes(.linkDeleted))
        #expect(some.includes(.webhookTest))
        #expect(WebhookEventType.subscribable.allSatisfy { WebhookEventSelection.all.includes($0) })
        #expect(!WebhookEventType.subscribable.contains(.webhookTest))
    }

    @Test("Every event type says what it reports in one line that fits the help's columns", arguments: WebhookEventType.allCases)
    func everyTypeHasAMeaning(type: WebhookEventType) {
        #expect(!type.meaning.isEmpty)
        #expect(type.meaning.count <= 58)
        #expect(!type.meaning.contains("\n"))
    }
}
