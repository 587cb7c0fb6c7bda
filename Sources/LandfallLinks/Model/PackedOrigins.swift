/// The origins of packed links' targets (`https://daily.example.com`), each kept once and
/// named in a packed link by its number: a host's links mostly lead to a few sites, and the
/// origin was a third of a packed link (25 of the 73 bytes of a link to
/// `https://daily.example.com/puzzle/2026-11-20`).
///
/// A link packed with a table unpacks only with the same table (``ShortLink/pack(into:origins:)``);
/// past ``limit`` origins, targets are packed whole.
public struct PackedOrigins: Sendable {
    private var numbers: [String: UInt32] = [:]
    private var origins: [[UInt8]] = []
    /// The most origins it numbers.
    public let limit: Int

    /// An empty table that numbers at most `limit` origins.
    public init(limit: Int = 1024) {
        self.limit = limit
    }

    /// How many origins it holds.
    public var count: Int { origins.count }

    /// About the bytes it takes.
    public var bytes: Int { origins.reduce(0) { $0 + $1.count * 2 + 48 } }

    /// The number of `origin`, given one if it has none (nil past ``limit``).
    mutating func number(of origin: Substring) -> UInt32? {
        let key = String(origin)
        if let number = numbers[key] { return number }
        guard origins.count < limit else { return nil }
        let number = UInt32(origins.count)
        numbers[key] = number
        origins.append(Array(key.utf8))
        return number
    }

    /// The origin numbered `number`, as UTF-8, or nil.
    func origin(_ number: UInt64) -> [UInt8]? {
        number < UInt64(origins.count) ? origins[Int(number)] : nil
    }

    /// A target's origin (its scheme, `://` and authority) and the rest (from the path's `/`, or
    /// the query's `?` or the fragment's `#`), or nil for a target without `://`.
    static func split(_ target: String) -> (origin: Substring, rest: Substring)? {
        let utf8 = target.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")),
              utf8[colon...].starts(with: "://".utf8) else { return nil }
        let authority = utf8.index(colon, offsetBy: 3)
        let end = utf8[authority...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? utf8.endIndex
        return (target[..<end], target[end...])
    }
}
