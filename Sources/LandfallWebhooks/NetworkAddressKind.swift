/// What an IP address is, for refusing webhook destinations inside private networks (the
/// server-side request forgery that webhooks invite: "send my events to 169.254.169.254").
///
/// ```swift
/// NetworkAddressKind.classify("10.0.0.7")        // .privateNetwork
/// NetworkAddressKind.classify("[::ffff:127.0.0.1]")  // .loopback: an IPv4-mapped address is its IPv4 address
/// NetworkAddressKind.classify("2130706433")      // .loopback: 127.0.0.1 written as one number
/// NetworkAddressKind.classify("hooks.example.com")   // nil: a name, not an address
/// ```
public enum NetworkAddressKind: String, Sendable, Hashable, CaseIterable {
    /// An address on the public internet.
    case publicInternet = "public"
    /// This machine: 127.0.0.0/8, ::1.
    case loopback
    /// A private network: 10/8, 172.16/12, 192.168/16, 100.64/10 (carrier-grade NAT), fc00::/7.
    case privateNetwork = "private"
    /// Link-local: 169.254/16, fe80::/10.
    case linkLocal = "link-local"
    /// A cloud's instance metadata service: 169.254.169.254, fd00:ec2::254, 100.100.100.200.
    case metadata
    /// "Any address": 0.0.0.0/8, ::.
    case unspecified
    /// Multicast: 224/4, ff00::/8.
    case multicast
    /// Reserved, documentation, benchmarking and transition ranges (240/4, 192.0.2/24, 2001:db8::/32, 6to4, Teredo…).
    case reserved

    /// Whether a webhook may be sent there without `webhooks.allowPrivateNetworks`.
    public var isAllowedWithoutPrivateNetworks: Bool { self == .publicInternet }

    /// "a loopback address", "an unspecified address": the kind as refusals name it.
    var phrase: String { self == .unspecified ? "an unspecified address" : "a \(rawValue) address" }

    /// The kind of the IPv4 or IPv6 address `text` (brackets and an IPv6 zone allowed), or
    /// `nil` when `text` is not an address. IPv4 is read as `inet_aton` reads it: one to four
    /// parts, each decimal, octal (a leading 0) or hexadecimal (0x), since that is how filters
    /// that only know dotted decimal are bypassed.
    public static func classify(_ text: String) -> NetworkAddressKind? {
        var address = Substring(text)
        if address.hasPrefix("["), address.hasSuffix("]") { address = address.dropFirst().dropLast() }
        if let ipv4 = IPv4.parse(address) { return IPv4.kind(ipv4) }
        if let ipv6 = IPv6.parse(address) { return IPv6.kind(ipv6) }
        return nil
    }
}

enum IPv4 {
    /// `text` as `inet_aton` reads it, or `nil`.
    static func parse(_ text: Substring) -> UInt32? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 < 128 }) else { return nil }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var values: [UInt64] = []
        for part in parts {
            guard let value = number(part) else { return nil }
            values.append(value)
        }
        var result: UInt64 = 0
        for (index, value) in values.dropLast().enumerated() {
            guard value <= 255 else { return nil }
            result |= value << (24 - 8 * UInt64(index))
        }
        let lastBits = UInt64(8 * (5 - values.count))
        guard let last = values.last, last < (UInt64(1) << lastBits) else { return nil }
        return UInt32(result | last)
    }

    /// A decimal, octal (leading 0) or hexadecimal (0x) number, as `strtoul` reads it after
    /// `inet_aton` has checked that it starts with a digit (so no sign, no spaces), or `nil`.
    /// Leading zeros do not count towards overflow: `00000000000000000177` is 127. `0x` without
    /// a digit is not a number (strtoul stops before the x, so inet_aton refuses the part).
    private static func number(_ part: Substring) -> UInt64? {
        if part.count >= 2, part.first == "0", part.dropFirst().first == "x" || part.dropFirst().first == "X" {
            guard part.count > 2 else { return nil }
            let digits = part.dropFirst(2).drop { $0 == "0" }
            guard digits.allSatisfy(\.isHexDigit) else { return nil }
            return digits.isEmpty ? 0 : UInt64(digits, radix: 16)
        }
        if part.first == "0" {
            let digits = part.drop { $0 == "0" }
            guard digits.allSatisfy({ ("0"..."7").contains($0) }) else { return nil }
            return digits.isEmpty ? 0 : UInt64(digits, radix: 8)
        }
        guard !part.isEmpty, part.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        return UInt64(part, radix: 10)
    }

    /// Strict dotted decimal as `inet_pton` reads it (four parts of 0 to 255, no leading zeros),
    /// the only IPv4 form allowed at the end of an IPv6 address.
    static func parseDottedDecimal(_ text: Substring) -> UInt32? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var result: UInt32 = 0
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy({ ("0"..."9").contains($0) }),
                  part == "0" || part.first != "0", let value = UInt32(part), value <= 255 else { return nil }
            result = result << 8 | value
        }
        return result
    }

    static func kind(_ address: UInt32) -> NetworkAddressKind {
        func within(_ network: UInt32, _ bits: UInt32) -> Bool {
            let mask: UInt32 = bits == 0 ? 0 : ~UInt32(0) << (32 - bits)
            return address & mask == network & mask
        }
        if address == 0xA9FE_A9FE || address == 0x6464_64C8 { return .metadata }   // 169.254.169.254, 100.100.100.200
        if within(0x0000_0000, 8) { return .unspecified }
        if within(0x7F00_0000, 8) { return .loopback }
        if within(0x0A00_0000, 8) || within(0xAC10_0000, 12) || within(0xC0A8_0000, 16) || within(0x6440_0000, 10) { return .privateNetwork }
        if within(0xA9FE_0000, 16) { return .linkLocal }
        if within(0xE000_0000, 4) { return .multicast }
        if within(0xF000_0000, 4) || within(0xC000_0000, 24) || within(0xC000_0200, 24) || within(0xC612_0000, 15)
            || within(0xC633_6400, 24) || within(0xCB00_7100, 24) || within(0xC058_6300, 24) {
            return .reserved
        }
        return .publicInternet
    }
}

enum IPv6 {
    /// The 16 bytes of `text` (`::` shorthand, a trailing dotted IPv4, a `%zone`) as `inet_pton`
    /// reads it, or `nil`.
    static func parse(_ text: Substring) -> [UInt8]? {
        var text = text
        if let percent = text.firstIndex(of: "%") { text = text[..<percent] }
        guard text.contains(":"), text.utf8.allSatisfy({ $0 < 128 }) else { return nil }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2, let head = groups(halves[0], endsTheAddress: halves.count == 1) else { return nil }
        if halves.count == 1 { return head.count == 16 ? head : nil }
        guard let tail = groups(halves[1], endsTheAddress: true), head.count + tail.count <= 14 else { return nil }
        return head + [UInt8](repeating: 0, count: 16 - head.count - tail.count) + tail
    }

    /// The bytes of colon-separated groups of 1 to 4 hexadecimal digits, the last one a dotted
    /// IPv4 address when `endsTheAddress`, or `nil`.
    private static func groups(_ part: String, endsTheAddress: Bool) -> [UInt8]? {
        guard !part.isEmpty else { return [] }
        var bytes: [UInt8] = []
        let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
        for (index, piece) in pieces.enumerated() {
            if endsTheAddress, index == pieces.count - 1, piece.contains(".") {
                guard let ipv4 = IPv4.parseDottedDecimal(piece) else { return nil }
                bytes += [UInt8(ipv4 >> 24), UInt8(ipv4 >> 16 & 0xFF), UInt8(ipv4 >> 8 & 0xFF), UInt8(ipv4 & 0xFF)]
                continue
            }
            guard (1...4).contains(piece.count), piece.allSatisfy(\.isHexDigit), let value = UInt16(piece, radix: 16) else { return nil }
            bytes += [UInt8(value >> 8), UInt8(value & 0xFF)]
        }
        return bytes
    }

    static func kind(_ bytes: [UInt8]) -> NetworkAddressKind {
        let zeros = bytes.prefix(10).allSatisfy { $0 == 0 }
        let embedded = UInt32(bytes[12]) << 24 | UInt32(bytes[13]) << 16 | UInt32(bytes[14]) << 8 | UInt32(bytes[15])
        if bytes.allSatisfy({ $0 == 0 }) { return .unspecified }
        if bytes.prefix(15).allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return .loopback }
        // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d): the IPv4 address inside.
        if zeros && ((bytes[10] == 0xFF && bytes[11] == 0xFF) || (bytes[10] == 0 && bytes[11] == 0)) { return IPv4.kind(embedded) }
        if bytes.prefix(12) == [0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0] { return IPv4.kind(embedded) }
        if bytes == [0xFD, 0x00, 0x0E, 0xC2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x54] { return .metadata }
        if bytes[0] & 0xFE == 0xFC { return .privateNetwork }
        if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80 { return .linkLocal }
        if bytes[0] == 0xFF { return .multicast }
        if bytes[0] == 0x20 && bytes[1] == 0x01 && bytes[2] == 0x0D && bytes[3] == 0xB8 { return .reserved }   // documentation
        if bytes[0] == 0x20 && bytes[1] == 0x02 { return .reserved }                                            // 6to4
        if bytes[0] == 0x20 && bytes[1] == 0x01 && bytes[2] == 0 && bytes[3] == 0 { return .reserved }          // Teredo
        if bytes[0] & 0xE0 != 0x20 { return .reserved }                                                          // outside 2000::/3
        return .publicInternet
    }
}
