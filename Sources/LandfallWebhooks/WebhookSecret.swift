import Foundation

/// A signing secret as the Standard Webhooks specification writes it: `whsec_` and the base64
/// of the key (32 random bytes when Landfall makes one).
///
/// ```swift
/// let secret = WebhookSecret.generate()
/// secret.text          // "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw…", shown once
/// "\(secret)"          // "whsec_…LaSw": never the whole secret in logs
/// ```
public struct WebhookSecret: Sendable, Hashable, CustomStringConvertible {
    /// `whsec_` and the base64 of the key, exactly as shown to the user.
    public let text: String
    /// The key bytes HMAC-SHA256 is keyed with.
    public let key: [UInt8]

    /// The prefix of every secret.
    public static let prefix = "whsec_"
    /// The key lengths accepted, in bytes.
    public static let keyLengths = 24...64

    /// Reads a secret.
    ///
    /// - Throws: ``WebhookSecretError`` when `text` does not start with `whsec_`, the rest is
    ///   not base64, or the key is shorter than 24 or longer than 64 bytes.
    public init(_ text: String) throws(WebhookSecretError) {
        guard text.hasPrefix(Self.prefix) else {
            throw WebhookSecretError("a webhook secret starts with \(Self.prefix), followed by the base64 of its key")
        }
        let encoded = String(text.dropFirst(Self.prefix.count))
        guard let data = Data(base64Encoded: encoded) else {
            throw WebhookSecretError("the part after \(Self.prefix) is not base64 (letters, digits, +, / and = padding)")
        }
        guard Self.keyLengths.contains(data.count) else {
            throw WebhookSecretError("the key is \(data.count) bytes; expected \(Self.keyLengths.lowerBound) to \(Self.keyLengths.upperBound)")
        }
        self.text = text
        self.key = Array(data)
    }

    private init(key: [UInt8]) {
        self.key = key
        self.text = Self.prefix + Data(key).base64EncodedString()
    }

    /// A new secret of 32 bytes from the system's cryptographic random generator.
    public static func generate() -> WebhookSecret {
        var generator = SystemRandomNumberGenerator()
        return generate(using: &generator)
    }

    /// A new secret of 32 bytes from `generator`.
    public static func generate<Generator: RandomNumberGenerator>(using generator: inout Generator) -> WebhookSecret {
        WebhookSecret(key: (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// `whsec_…` and the last 4 characters: enough to tell secrets apart, never the secret.
    public var description: String { Self.prefix + "…" + text.suffix(4) }
}
