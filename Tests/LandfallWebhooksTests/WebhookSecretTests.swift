import Foundation
import PropertyBased
import SeededRandom
import Testing
@testable import LandfallWebhooks

/// Signing secrets: `whsec_` and the base64 of a key of 24 to 64 bytes, read back exactly as
/// generated, and never printed whole.
@Suite("Webhook secrets")
struct WebhookSecretTests {
    static let secrets = Generator<WebhookSecret, Shrink.None<WebhookSecret>> { rng in
        var random = SeededGenerator(seed: rng.next())
        return WebhookSecret.generate(using: &random)
    }

    @Test("A generated secret is whsec_ and 32 bytes of base64, and reads back as the same key")
    func generatedSecretsRoundTrip() async {
        await propertyCheck(count: 500, input: Self.secrets) { secret throws in
            #expect(secret.text.hasPrefix("whsec_"))
            #expect(secret.key.count == 32)
            let read = try WebhookSecret(secret.text)
            #expect(read.key == secret.key)
            #expect(read == secret)
        }
    }

    @Test("Two secrets from the system's generator differ")
    func systemSecretsDiffer() {
        #expect(WebhookSecret.generate() != WebhookSecret.generate())
        #expect(WebhookSecret.generate().key.count == 32)
    }

    @Test("The Standard Webhooks example secret reads as its 24-byte key")
    func readsTheSpecificationsSecret() throws {
        let secret = try WebhookSecret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        #expect(secret.key == Array(Data(base64Encoded: "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")!))
        #expect(secret.key.count == 24)
        #expect(secret.text == "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
    }

    @Test("A secret is printed as whsec_… and its last four characters, never whole")
    func descriptionHidesTheSecret() throws {
        let secret = try WebhookSecret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        #expect(secret.description == "whsec_…LaSw")
        #expect("\(secret)" == "whsec_…LaSw")
        #expect(!String(describing: [secret]).contains("MfKQ9r8G"))
    }

    @Test("A text that is not a secret is refused, saying what is expected", arguments: [
        ("", "starts with whsec_"),
        ("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "starts with whsec_"),
        ("WHSEC_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "starts with whsec_"),
        ("whsec_", "the key is 0 bytes; expected 24 to 64"),
        ("whsec_MfKQ9r8G*KYqrTwjUPD8ILPZIo2LaLaSw", "is not base64"),
        ("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaS", "is not base64"),
        ("whsec_ MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "is not base64"),
        ("whsec_" + Data(count: 23).base64EncodedString(), "the key is 23 bytes; expected 24 to 64"),
        ("whsec_" + Data(count: 65).base64EncodedString(), "the key is 65 bytes; expected 24 to 64"),
    ])
    func refusesWhatIsNotASecret(text: String, message: String) {
        #expect {
            try WebhookSecret(text)
        } throws: { error in
            (error as? WebhookSecretError)?.description.contains(message) == true
        }
    }

    @Test("Keys of 24 and of 64 bytes are accepted", arguments: [24, 64])
    func acceptsTheBoundaries(length: Int) throws {
        let text = "whsec_" + Data(repeating: 7, count: length).base64EncodedString()
        #expect(try WebhookSecret(text).key == [UInt8](repeating: 7, count: length))
    }
}
