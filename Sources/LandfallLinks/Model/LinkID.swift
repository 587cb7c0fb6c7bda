import Foundation

/// The identifier of a ``ShortLink``: a lowercase UUID of version 7, whose first 48 bits are
/// the creation time in milliseconds, so that identifiers sort in creation order (the links
/// API's cursor is the last identifier of a page).
public struct LinkID: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The identifier's text, such as `019a8c3e-7a10-7c4e-9b1f-3f0d2a6b8c11`.
    public let rawValue: String

    /// Reads an identifier, or returns `nil` when `text` is not a lowercase or uppercase UUID.
    public init?(_ text: String) {
        guard let uuid = UUID(uuidString: text) else { return nil }
        rawValue = uuid.uuidString.lowercased()
    }

    /// A new identifier for a link created at `date`, its random bits from `generator`.
    public static func generate<Generator: RandomNumberGenerator>(at date: Date, using generator: inout Generator) -> LinkID {
        let milliseconds = UInt64(max(0, (date.timeIntervalSince1970 * 1000).rounded(.down)))
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<6 {
            bytes[index] = UInt8(truncatingIfNeeded: milliseconds >> (8 * (5 - index)))
        }
        for index in 6..<16 {
            bytes[index] = UInt8.random(in: 0...255, using: &generator)
        }
        bytes[6] = 0x70 | (bytes[6] & 0x0F)   // version 7
        bytes[8] = 0x80 | (bytes[8] & 0x3F)   // RFC 9562 variant
        let uuid = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                               bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        return LinkID(uncheckedRawValue: uuid.uuidString.lowercased())
    }

    init(uncheckedRawValue: String) {
        rawValue = uncheckedRawValue
    }

    public var description: String { rawValue }

    public static func < (lhs: LinkID, rhs: LinkID) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let id = LinkID(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a link id (a UUID)")
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
