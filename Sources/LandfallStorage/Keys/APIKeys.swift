import Crypto
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
    /// The characters ids and secrets are made of.
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
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
        let id = randomText(length: idLength, using: &generator)
        let secret = randomText(length: secretLength, using: &generator)
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
        guard id.allSatisfy(isAlphanumeric), secret.allSatisfy(isAlphanumeric) else { return nil }
        return (String(decoding: id, as: UTF8.self), String(decoding: secret, as: UTF8.self))
    }

    /// Whether `secret` is the one whose hash `record` stores. The hashes are compared in
    /// constant time, so the time taken tells nothing about how much of a guess was right.
    ///
    /// It does not look at ``APIKeyRecord/revokedAt``: check that too.
    public static func verify(secret: String, against record: APIKeyRecord) -> Bool {
        let presented = Array(hash(secret: secret).utf8)
        let stored = Array(record.secretHash.lowercased().utf8)
        guard presented.count == stored.count else { return false }
        var difference: UInt8 = 0
        for index in presented.indices {
            difference |= presented[index] ^ stored[index]
        }
        return difference == 0
    }

    /// The SHA-256 of `secret`'s UTF-8 bytes, as 64 lowercase hexadecimal digits.
    public static func hash(secret: String) -> String {
        SHA256.hash(data: Array(secret.utf8)).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }

    private static func randomText<Generator: RandomNumberGenerator>(length: Int, using generator: inout Generator) -> String {
        // `randomElement(using:)` picks uniformly (no modulo bias).
        String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "A" })
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
