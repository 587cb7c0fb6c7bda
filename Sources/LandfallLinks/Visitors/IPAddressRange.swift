/// A range of addresses in CIDR notation (`10.0.0.0/8`, `2001:db8::/32`) or a single address
/// (`127.0.0.1`, `::1`): the proxies whose word on the client's address is trusted.
///
/// ```swift
/// let range = try IPAddressRange(parsing: "10.0.0.0/8")
/// range.contains(IPAddress("10.1.2.3")!)   // true
/// try IPAddressRange(parsing: "10.0.0.1/8") // error: bits set past the prefix length
/// ```
public struct IPAddressRange: Hashable, Sendable, CustomStringConvertible {
    /// The first address of the range.
    public let network: IPAddress
    /// How many leading bits every address of the range shares with ``network``.
    public let prefixLength: Int

    /// The loopback addresses, `127.0.0.0/8` and `::1`: a proxy on the same machine.
    public static let loopback: [IPAddressRange] = [
        IPAddressRange(network: IPAddress("127.0.0.0")!, prefixLength: 8),
        IPAddressRange(network: IPAddress("::1")!, prefixLength: 128),
    ]

    init(network: IPAddress, prefixLength: Int) {
        self.network = network
        self.prefixLength = prefixLength
    }

    /// Reads `address/length` or a bare address (the range of that one address).
    ///
    /// - Throws: ``IPAddressRangeError`` saying what is wrong with `text`.
    public init(parsing text: String) throws(IPAddressRangeError) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(parts[0]) else {
            throw IPAddressRangeError(text: text, reason: "'\(parts[0])' is not an IPv4 or IPv6 address")
        }
        let bits = address.bytes.count * 8
        var length = bits
        if parts.count == 2 {
            guard let value = Int(parts[1]), parts[1].allSatisfy(\.isASCII), (0...bits).contains(value), parts[1].first != "+" else {
                throw IPAddressRangeError(text: text, reason: "the prefix length '\(parts[1])' is not a number from 0 to \(bits)")
            }
            length = value
        }
        let masked = IPAddressRange.masked(address.bytes, prefixLength: length)
        guard masked == address.bytes else {
            let network = IPAddress(bytes: masked).map(String.init(describing:)) ?? ""
            throw IPAddressRangeError(text: text, reason: "the address has bits set past its first \(length); the range is written \(network)/\(length)")
        }
        self.init(network: address, prefixLength: length)
    }

    /// Whether `address` is in the range (an IPv4 address is never in an IPv6 range, and the
    /// other way round; IPv4-mapped IPv6 addresses are IPv4 ones).
    public func contains(_ address: IPAddress) -> Bool {
        address.bytes.count == network.bytes.count && Self.masked(address.bytes, prefixLength: prefixLength) == network.bytes
    }

    /// `network/length`, or the address alone for a range of one.
    public var description: String {
        prefixLength == network.bytes.count * 8 ? network.description : "\(network)/\(prefixLength)"
    }

    static func masked(_ bytes: [UInt8], prefixLength: Int) -> [UInt8] {
        bytes.enumerated().map { index, byte in
            let kept = min(max(prefixLength - index * 8, 0), 8)
            return kept == 8 ? byte : byte & ~(0xFF >> kept)
        }
    }
}

/// A trusted-proxy range that cannot be read.
public struct IPAddressRangeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text as given.
    public let text: String
    /// What is wrong with it.
    public let reason: String

    public init(text: String, reason: String) {
        self.text = text
        self.reason = reason
    }

    public var description: String {
        "'\(text)' is not an address or a range such as 10.0.0.0/8 or 2001:db8::/32: \(reason)"
    }
}
