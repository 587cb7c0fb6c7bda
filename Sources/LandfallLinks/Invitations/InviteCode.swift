/// An invitation code: 15 symbols of ``alphabet`` (about 74 random bits), shown in three
/// groups of five (`7KQ2M-X4P9T-HCW3R`) and read back without regard to case, spaces or dashes.
///
/// The alphabet leaves out the symbols people confuse (`0` and `O`, `1`, `I` and `L`), so a
/// code read aloud or copied by hand survives. ``rawValue`` is the normalized form the
/// database keys on: uppercase, no separators.
///
/// ```swift
/// let code = try InviteCode(parsing: "7kq2m x4p9t-hcw3r")
/// code.rawValue   // "7KQ2MX4P9THCW3R"
/// code.formatted  // "7KQ2M-X4P9T-HCW3R"
/// ```
public struct InviteCode: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The normalized code: ``length`` symbols of ``alphabet``.
    public let rawValue: String

    /// The symbols codes are made of: digits 2–9 and the letters but I, L and O (31 symbols).
    public static let alphabet: [Character] = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")
    /// The number of symbols in a code (15, for 15 × log2(31) ≈ 74 random bits).
    public static let length = 15
    /// The number of leading symbols of ``prefix``.
    public static let prefixLength = 4

    /// A code from its normalized form, or `nil` when `rawValue` is not exactly ``length``
    /// symbols of ``alphabet`` (use ``init(parsing:)`` for what people type).
    public init?(rawValue: String) {
        guard rawValue.count == Self.length, rawValue.allSatisfy({ Self.alphabet.contains($0) }) else { return nil }
        self.rawValue = rawValue
    }

    /// The code as people see it: groups of five joined by dashes.
    public var formatted: String {
        var groups: [Substring] = []
        var rest = Substring(rawValue)
        while !rest.isEmpty {
            groups.append(rest.prefix(5))
            rest = rest.dropFirst(5)
        }
        return groups.joined(separator: "-")
    }

    /// The first ``prefixLength`` symbols. (Guesses are not throttled by it: a throttle per
    /// prefix would lock out the real codes that share it.)
    public var prefix: String { String(rawValue.prefix(Self.prefixLength)) }

    public var description: String { formatted }

    public static func < (lhs: InviteCode, rhs: InviteCode) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let code = InviteCode(rawValue: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a normalized invitation code")
        }
        self = code
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
