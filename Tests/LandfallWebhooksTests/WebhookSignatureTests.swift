import Foundation
import Testing
@testable import LandfallWebhooks

/// Signatures as the Standard Webhooks specification makes them: its published test vector,
/// one signature per secret, and verification that refuses every change to the message.
@Suite("Webhook signatures")
struct WebhookSignatureTests {
    // The test vector published with the Standard Webhooks specification's libraries.
    static let secret = try! WebhookSecret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
    static let id = "msg_p5jXN8AQM9LWM0D4loKWxJek"
    static let timestamp = 1_614_265_330
    static let body = Array(#"{"test": 2432232314}"#.utf8)
    static let expected = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
    static let other = try! WebhookSecret("whsec_" + Data(repeating: 1, count: 32).base64EncodedString())

    @Test("The signature of the specification's example is the one it publishes")
    func matchesTheSpecificationsTestVector() {
        #expect(WebhookSignature.header(id: Self.id, timestamp: Self.timestamp, body: Self.body, secrets: [Self.secret]) == Self.expected)
    }

    @Test("Two secrets give two signatures, space-separated, in the order of the secrets")
    func twoSecretsGiveTwoSignatures() {
        let header = WebhookSignature.header(id: Self.id, timestamp: Self.timestamp, body: Self.body, secrets: [Self.other, Self.secret])
        let parts = header.split(separator: " ").map(String.init)
        #expect(parts.count == 2)
        #expect(parts[1] == Self.expected)
        #expect(parts[0].hasPrefix("v1,") && parts[0] != Self.expected)
        for secret in [Self.secret, Self.other] {
            #expect(WebhookSignature.verify(header: header, id: Self.id, timestamp: Self.timestamp, body: Self.body,
                                            secret: secret, now: Self.timestamp))
        }
    }

    @Test("No secret gives an empty header")
    func noSecretGivesNoSignature() {
        #expect(WebhookSignature.header(id: Self.id, timestamp: Self.timestamp, body: Self.body, secrets: []) == "")
    }

    @Test("The published signature verifies, within the tolerance on either side", arguments: [0, 300, -300, 1, -299])
    func verifiesWithinTolerance(offset: Int) {
        #expect(WebhookSignature.verify(header: Self.expected, id: Self.id, timestamp: Self.timestamp, body: Self.body,
                                        secret: Self.secret, now: Self.timestamp + offset))
    }

    struct Change: Sendable, CustomTestStringConvertible {
        let testDescription: String
        var header = WebhookSignatureTests.expected
        var id = WebhookSignatureTests.id
        var timestamp = WebhookSignatureTests.timestamp
        var body = WebhookSignatureTests.body
        var secret = WebhookSignatureTests.secret
        var now = WebhookSignatureTests.timestamp
        var tolerance = 300
    }

    @Test("Verification refuses any change to the message, the secret, the time or the header", arguments: [
        Change(testDescription: "another secret", secret: other),
        Change(testDescription: "a changed body", body: Array(#"{"test": 2432232315}"#.utf8)),
        Change(testDescription: "an empty body", body: []),
        Change(testDescription: "a changed id", id: "msg_p5jXN8AQM9LWM0D4loKWxJeK"),
        Change(testDescription: "a changed timestamp", timestamp: 1_614_265_331, now: 1_614_265_331),
        Change(testDescription: "a timestamp too far in the past", now: 1_614_265_330 + 301),
        Change(testDescription: "a timestamp too far in the future", now: 1_614_265_330 - 301),
        Change(testDescription: "a smaller tolerance", now: 1_614_265_330 + 11, tolerance: 10),
        Change(testDescription: "only another version", header: "v2,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="),
        Change(testDescription: "a version without its comma", header: "v1g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="),
        Change(testDescription: "a truncated signature", header: "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE"),
        Change(testDescription: "an empty header", header: ""),
    ])
    func refusesChanges(change: Change) {
        #expect(!WebhookSignature.verify(header: change.header, id: change.id, timestamp: change.timestamp, body: change.body,
                                         secret: change.secret, now: change.now, tolerance: change.tolerance))
    }

    @Test("A timestamp or a clock at the ends of Int's range is refused, not trapped on", arguments: [
        (Int.min, 0, 300), (Int.max, 0, 300), (0, Int.min, 300), (0, Int.max, 300),
        (Int.min, Int.max, Int.max), (Int.max, Int.min, Int.max), (Int.max, Int.max - 301, 300),
    ])
    func refusesTimestampsAtTheEndsOfTheRange(timestamp: Int, now: Int, tolerance: Int) {
        let header = WebhookSignature.header(id: Self.id, timestamp: timestamp, body: Self.body, secrets: [Self.secret])
        #expect(!WebhookSignature.verify(header: header, id: Self.id, timestamp: timestamp, body: Self.body,
                                         secret: Self.secret, now: now, tolerance: tolerance))
    }

    @Test("A signature made at the largest timestamp verifies at that time")
    func verifiesAtTheLargestTimestamp() {
        let header = WebhookSignature.header(id: Self.id, timestamp: Int.max, body: Self.body, secrets: [Self.secret])
        #expect(WebhookSignature.verify(header: header, id: Self.id, timestamp: Int.max, body: Self.body,
                                        secret: Self.secret, now: Int.max - 300))
    }

    @Test("A header with other versions and a wrong v1 before the right one verifies", arguments: [
        "v2,abc " + expected,
        "v1,AAAA " + expected,
        expected + " v1a,zzz",
    ])
    func findsTheRightSignatureAmongOthers(header: String) {
        #expect(WebhookSignature.verify(header: header, id: Self.id, timestamp: Self.timestamp, body: Self.body,
                                        secret: Self.secret, now: Self.timestamp))
    }
}
