import Foundation
import LandfallLinks

/// Making, reading and checking API keys.
///
/// A key's text is `lf_<id>_<secret>`: the id (12 letters and digits) finds the stored
/// ``APIKeyRecord``, and the secret (32 letters and digits, about 190 bits) is checked against
/// the SHA-256 stored in it. Only the hash is stored; the text is shown once.
///
/// ```swift
/// let (text, record) = APIKeys.generate(name: "ci", scope: .write, at: .now)
/// try await storage.insert(record)
/// print(text)                                   // lf_3kTq9ZbW0aXe_ReX2...
///
/// // Later, for `Authorization: Bearer <text>`:
/// if let presented = APIKeys.parse(text), let stored = try await storage.apiKey(id: presented.id),
///    APIKeys.verify(secret: presented.secret, against: stored), !stored.isRevoked {
///     // authenticated with stored.scope
/// }
/// ```
public enum APIKeys {
    /// The prefix of every key's text.
    static let prefix = "lf_"
    /// The length of a key's id.
    static let idLength = 12
    /// The length of a key's secret.
    static let secretLength = 32

    /// A new key: the text to show once (`lf_<id>_<secret>`) and the record to store, which
    /// holds only the secret's hash. Both id and secret come from the system's cryptographic
    /// random generator.
    public static func generate(name: String, scope: APIKeyScope, at date: Date) -> (text: String, record: APIKeyRecord) {
        var generator = SystemRandomNumberGenerator()
        return generate(name: name, scope: scope, at: date, using: &generator)
    }

    /// A new key with its randomness from `generator` (tests pass a seeded one).
    static func generate<Generator: RandomNumberGenerator>(
        name: String, scope: APIKeyScope, at date: Date, using generator: inout Generator
    ) -> (text: String, record: APIKeyRecord) {
        let id = RandomText.make(length: idLength, using: &generator)
        let secret = RandomText.make(length: secretLength, using: &generator)
        let record = APIKeyRecord(id: id, name: name, scope: scope, secretHash: hash(secret: secret), createdAt: date)
        return ("\(prefix)\(id)_\(secret)", record)
    }

    /// Splits a presented key into its id and secret, or returns `nil` when `text` is not
    /// `lf_`, 12 letters or digits, `_` and 32 letters or digits.
    public static func parse(_ text: String) -> (id: String, secret: String)? {
        let bytes = Array(text.utf8)
        let prefixBytes = Array(prefix.utf8)
        guard bytes.count == prefixBytes.count + idLength + 1 + secretLength,
              bytes.starts(with: prefixBytes),
              bytes[prefixBytes.count + idLength] == UInt8(ascii: "_")
        else { return nil }
        let id = bytes[prefixBytes.count..<(prefixBytes.count + idLength)]
        let secret = bytes[(prefixBytes.count + idLength + 1)...]
        guard id.allSatisfy(RandomText.isAlphanumeric), secret.allSatisfy(RandomText.isAlphanumeric) else { return nil }
        return (String(decoding: id, as: UTF8.self), String(decoding: secret, as: UTF8.self))
    }

    /// Whether `secret` is the one whose hash `record` stores. The hashes are compared in
    /// constant time, so the time taken tells nothing about how much of a guess was right.
    ///
    /// It does not look at ``APIKeyRecord/revokedAt``: check that too.
    public static func verify(secret: String, against record: APIKeyRecord) -> Bool {
        SHA256Hex.constantTimeEqual(hash(secret: secret), record.secretHash.lowercased())
    }

    /// The SHA-256 of `secret`'s UTF-8 bytes, as 64 lowercase hexadecimal digits.
    public static func hash(secret: String) -> String {
        SHA256Hex.of(secret)
    }
}
