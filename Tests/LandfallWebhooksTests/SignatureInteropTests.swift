import Foundation
import LandfallWebhooks
import SeededRandom
import Testing
import WebhookReceiver

/// Our signatures verify with an implementation that is not ours: `standardwebhooks`, the
/// Standard Webhooks library for Python (`receiver.py verify`), for bodies of every kind and for
/// one or two secrets; and it refuses them when anything was changed, so these tests can fail.
///
/// They skip without the receiver's Python environment (`scripts/webhook-receiver --venv-only`
/// prepares it) and fail without it on CI.
@Suite("Signatures verify with the standardwebhooks library", .enabled(if: WebhookReceiver.shouldRun))
struct SignatureInteropTests {
    struct Body: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let bytes: [UInt8]

        init(_ description: String, _ text: String) {
            testDescription = description
            bytes = Array(text.utf8)
        }
    }

    static let bodies: [Body] = [
        Body("ASCII JSON", #"{"id":"evt_01JDX6Q4V8K2M3N4P5Q6R7S8T9","type":"link.created","timestamp":"2026-11-26T18:00:00.000Z","data":{"slug":"spring","clicks":0}}"#),
        Body("non-ASCII text", #"{"type":"link.updated","data":{"title":"é ü 漢字 🎉","note":"naïve façade — ☃"}}"#),
        Body("an empty object", "{}"),
        Body("a 100 KB body", hundredKilobytes()),
        Body("escaped slashes", #"{"type":"link.created","data":{"url":"https:\/\/example.com\/a\/b?c=d\/e","path":"\/\/"}}"#),
    ]

    /// A JSON object of about 100 KB of seeded random letters and digits.
    static func hundredKilobytes() -> String {
        var generator = SeededGenerator(seed: 17)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        let text = String((0..<100_000).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
        return #"{"type":"link.clicked","data":{"padding":""# + text + #""}}"#
    }

    struct Secrets: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let secrets: [WebhookSecret]
    }

    static let specificationSecret = try! WebhookSecret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")

    static let secretSets: [Secrets] = [
        Secrets(testDescription: "a freshly generated secret", secrets: [WebhookSecret.generate()]),
        Secrets(testDescription: "the specification's test secret", secrets: [specificationSecret]),
        Secrets(testDescription: "two secrets (a rotation)", secrets: [WebhookSecret.generate(), specificationSecret]),
    ]

    static var now: Int { Int(Date().timeIntervalSince1970) }

    @Test("A header made by WebhookSignature verifies with standardwebhooks, with each of its secrets",
          arguments: bodies, secretSets)
    func ourSignatureVerifies(body: Body, secrets: Secrets) async throws {
        let id = "evt_01JDX6Q4V8K2M3N4P5Q6R7S8T9"
        let timestamp = Self.now
        let header = WebhookSignature.header(id: id, timestamp: timestamp, body: body.bytes, secrets: secrets.secrets)
        for secret in secrets.secrets {
            let verification = try await WebhookReceiver.verify(secret: secret.text, id: id, timestamp: timestamp,
                                                                signature: header, body: body.bytes)
            #expect(verification.verified, "with \(secret): \(verification)")
        }
    }

    struct Tampering: Sendable, CustomTestStringConvertible {
        let testDescription: String
        var secret = SignatureInteropTests.specificationSecret.text
        var id = "evt_01JDX6Q4V8K2M3N4P5Q6R7S8T9"
        var timestampOffset = 0
        var body = Array(#"{"type":"link.created","data":{"slug":"spring"}}"#.utf8)
    }

    @Test("standardwebhooks refuses the signature when the message or the secret is not the one signed", arguments: [
        Tampering(testDescription: "a tampered body", body: Array(#"{"type":"link.created","data":{"slug":"sprinG"}}"#.utf8)),
        Tampering(testDescription: "a body with one more space", body: Array(#"{"type":"link.created","data":{"slug":"spring"}} "#.utf8)),
        Tampering(testDescription: "a wrong secret", secret: WebhookSecret.generate().text),
        Tampering(testDescription: "a wrong id", id: "evt_01JDX6Q4V8K2M3N4P5Q6R7S8TA"),
        Tampering(testDescription: "another timestamp", timestampOffset: 1),
        Tampering(testDescription: "a timestamp 10 minutes old", timestampOffset: -600),
    ])
    func aChangedMessageIsRefused(tampering: Tampering) async throws {
        let signed = Tampering(testDescription: "as signed")
        let timestamp = Self.now
        let header = WebhookSignature.header(id: signed.id, timestamp: timestamp, body: signed.body,
                                             secrets: [try WebhookSecret(signed.secret)])
        // A 10-minute-old timestamp is signed as old: the library refuses it for its age alone.
        let sentTimestamp = timestamp + tampering.timestampOffset
        let sentHeader = tampering.timestampOffset < -300
            ? WebhookSignature.header(id: signed.id, timestamp: sentTimestamp, body: signed.body, secrets: [try WebhookSecret(signed.secret)])
            : header
        let verification = try await WebhookReceiver.verify(secret: tampering.secret, id: tampering.id, timestamp: sentTimestamp,
                                                            signature: sentHeader, body: tampering.body)
        #expect(verification.status == 1, "\(verification)")
    }
}
