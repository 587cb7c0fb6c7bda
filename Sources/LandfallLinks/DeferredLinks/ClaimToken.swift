/// The token of a pending deferred-link claim: `lfc_` and 22 URL-safe base64 characters
/// (128 random bits). It is what the landing page's "Get the app" button copies (inside a
/// claim URL) and what the Play Store `referrer` carries, so that the app's first launch can
/// claim exactly the link the person tapped (a strong match).
///
/// ```swift
/// ClaimToken(rawValue: "lfc_3q2-7wEjRZ6Qb_pJkLm0xA")  // a token
/// ClaimToken(rawValue: "lfc_short")                    // nil
/// ```
public struct ClaimToken: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The token's text.
    public let rawValue: String

    /// What every token starts with.
    public static let textPrefix = "lfc_"
    /// The number of base64url characters after the prefix (16 bytes, unpadded).
    public static let encodedLength = 22

    /// A token from its text, or `nil` when `rawValue` is not ``textPrefix`` followed by
    /// exactly ``encodedLength`` characters of `A–Z a–z 0–9 - _` whose last one carries no
    /// stray bits (so that each 16 bytes have exactly one spelling).
    public init?(rawValue: String) {
        let bytes = Array(rawValue.utf8)
        let prefix = Array(Self.textPrefix.utf8)
        guard bytes.count == prefix.count + Self.encodedLength, bytes.starts(with: prefix) else { return nil }
        let encoded = bytes.dropFirst(prefix.count)
        guard encoded.allSatisfy(Self.isBase64URLByte) else { return nil }
        // 22 characters hold 132 bits; the last character's low 4 bits must be 0.
        guard let last = encoded.last, let value = Self.base64URLValue(last), value & 0x0F == 0 else { return nil }
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    static func isBase64URLByte(_ byte: UInt8) -> Bool { base64URLValue(byte) != nil }

    /// The 6-bit value of a base64url character.
    static func base64URLValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let token = ClaimToken(rawValue: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a claim token")
        }
        self = token
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
