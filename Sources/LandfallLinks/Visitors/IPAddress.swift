/// An IPv4 or IPv6 address, as its bytes: read from its text form, written in its canonical one.
///
/// Client addresses named by proxies are compared and counted through it, so that one address
/// written two ways (`2001:DB8::1` and `2001:db8:0:0::1`, or `::ffff:192.0.2.7` and
/// `192.0.2.7`) is one client. An IPv4-mapped IPv6 address is read as the IPv4 address it maps.
///
/// ```swift
/// IPAddress("2001:DB8:0:0::1")?.description   // "2001:db8::1"
/// IPAddress("::ffff:192.0.2.7")?.description  // "192.0.2.7"
/// IPAddress("192.0.2.300")                    // nil
/// ```
public struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// The address's bytes: 4 for IPv4, 16 for IPv6.
    public let bytes: [UInt8]

    /// Whether it is an IPv4 address.
    public var isIPv4: Bool { bytes.count == 4 }

    /// Reads an address in its text form: IPv4 in four decimal parts (no leading zeros, which
    /// some readers take for octal), IPv6 as RFC 4291 writes it (with `::` and a trailing IPv4
    /// part allowed, without brackets, port or zone). `nil` for anything else.
    public init?(_ text: some StringProtocol) {
        let utf8 = Array(text.utf8)
        guard !utf8.isEmpty, utf8.count <= 45 else { return nil }
        if let v4 = Self.ipv4Bytes(utf8[...]) {
            bytes = v4
        } else if let v6 = Self.ipv6Bytes(utf8[...]) {
            bytes = v6.starts(with: Self.ipv4MappedPrefix) ? Array(v6[12...]) : v6
        } else {
            return nil
        }
    }

    /// The address of `bytes`: 4 (IPv4) or 16 (IPv6, an IPv4-mapped one read as IPv4).
    public init?(bytes: [UInt8]) {
        switch bytes.count {
        case 4: self.bytes = bytes
        case 16: self.bytes = bytes.starts(with: Self.ipv4MappedPrefix) ? Array(bytes[12...]) : bytes
        default: return nil
        }
    }

    /// The canonical text: dotted decimal for IPv4; for IPv6, RFC 5952's (lower case, no
    /// leading zeros, the longest run of two or more zero groups written `::`).
    public var description: String {
        if isIPv4 { return bytes.map(String.init).joined(separator: ".") }
        let groups = stride(from: 0, to: 16, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
        var best: Range<Int>? = nil
        var start: Int? = nil
        for index in 0...groups.count {
            if index < groups.count, groups[index] == 0 {
                if start == nil { start = index }
            } else if let run = start {
                if index - run >= 2, index - run > (best?.count ?? 0) { best = run..<index }
                start = nil
            }
        }
        let hex = groups.map { String($0, radix: 16) }
        guard let best else { return hex.joined(separator: ":") }
        return hex[..<best.lowerBound].joined(separator: ":") + "::" + hex[best.upperBound...].joined(separator: ":")
    }

    /// `::ffff:0:0/96`, the IPv4-mapped addresses.
    static let ipv4MappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]
}

extension IPAddress {
    /// Four decimal parts of 0 to 255, no leading zeros.
    static func ipv4Bytes(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        let parts = text.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4)
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                  part.count == 1 || part.first != UInt8(ascii: "0") else { return nil }
            let value = part.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            guard value <= 255 else { return nil }
            bytes.append(UInt8(value))
        }
        return bytes
    }

    /// Up to eight groups of 1 to 4 hexadecimal digits, at most one `::`, and optionally an IPv4
    /// address in place of the last two groups.
    static func ipv6Bytes(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        let colon = UInt8(ascii: ":")
        var head: [UInt16] = []
        var tail: [UInt16] = []
        var sawDoubleColon = false
        var rest = text
        if rest.starts(with: [colon, colon]) {
            sawDoubleColon = true
            rest = rest.dropFirst(2)
            if rest.isEmpty { return Array(repeating: 0, count: 16) }
        } else if rest.first == colon {
            return nil
        }
        while true {
            let end = rest.firstIndex(of: colon) ?? rest.endIndex
            let piece = rest[rest.startIndex..<end]
            if end == rest.endIndex, piece.contains(UInt8(ascii: ".")) {
                guard let v4 = ipv4Bytes(piece) else { return nil }
                let groups = [UInt16(v4[0]) << 8 | UInt16(v4[1]), UInt16(v4[2]) << 8 | UInt16(v4[3])]
                if sawDoubleColon { tail += groups } else { head += groups }
                break
            }
            guard (1...4).contains(piece.count), let group = UInt16(String(decoding: piece, as: UTF8.self), radix: 16),
                  piece.allSatisfy({ $0.isHexDigit }) else { return nil }
            if sawDoubleColon { tail.append(group) } else { head.append(group) }
            guard end < rest.endIndex else { break }
            rest = rest[(end + 1)...]
            if rest.first == colon {
                guard !sawDoubleColon else { return nil }
                sawDoubleColon = true
                rest = rest.dropFirst()
                if rest.isEmpty { break }
            } else if rest.isEmpty {
                return nil
            }
        }
        let count = head.count + tail.count
        guard sawDoubleColon ? count <= 7 : count == 8 else { return nil }
        let groups = head + Array(repeating: 0, count: 8 - count) + tail
        return groups.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }
}

private extension UInt8 {
    var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
