import LandfallLinks
import PropertyBased
import Testing

/// ``IPAddress`` and ``IPAddressRange``: client addresses read from proxies' headers and the
/// trusted-proxy ranges they are checked against.
@Suite struct IPAddressTests {
    @Test("addresses are read and written in their canonical form", arguments: [
        (text: "192.0.2.7", canonical: "192.0.2.7"),
        (text: "0.0.0.0", canonical: "0.0.0.0"),
        (text: "255.255.255.255", canonical: "255.255.255.255"),
        (text: "::", canonical: "::"),
        (text: "::1", canonical: "::1"),
        (text: "2001:DB8:0:0:0:0:0:1", canonical: "2001:db8::1"),
        (text: "2001:db8:0:0:1:0:0:1", canonical: "2001:db8::1:0:0:1"),
        (text: "2001:0db8:0000:0000:0001:0000:0000:0000", canonical: "2001:db8:0:0:1::"),
        (text: "2001:db8:0:1:1:1:1:1", canonical: "2001:db8:0:1:1:1:1:1"),
        (text: "fe80::", canonical: "fe80::"),
        (text: "::ffff:192.0.2.7", canonical: "192.0.2.7"),
        (text: "::FFFF:c000:0207", canonical: "192.0.2.7"),
        (text: "64:ff9b::192.0.2.7", canonical: "64:ff9b::c000:207"),
    ])
    func readsAndWrites(text: String, canonical: String) throws {
        let address = try #require(IPAddress(text))
        #expect(address.description == canonical)
        #expect(IPAddress(canonical) == address)
    }

    @Test("anything else is not an address", arguments: [
        "", " ", "localhost", "192.0.2", "192.0.2.7.1", "192.0.2.256", "01.2.3.4", "1.2.3.-4", "+1.2.3.4", "1..2.3",
        "192.0.2.7 ", ":", ":::", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7", "1::2::3", "12345::", "g::", ":1::", "1:",
        "[::1]", "fe80::1%eth0", "::ffff:1.2.3", "1.2.3.4::", "+1::", "<script>", "\u{1B}[31m",
    ])
    func refusesNonAddresses(text: String) {
        #expect(IPAddress(text) == nil)
    }

    @Test("every address written is read back as itself")
    func roundTrip() async {
        let v6 = Gen<UInt8>.uint8(in: 0...255).array(of: 16...16)
        await propertyCheck(count: 500, input: v6) { bytes in
            let address = try #require(IPAddress(bytes: bytes))
            #expect(IPAddress(address.description) == address, "\(address)")
        }
        // Runs of zeros are what the canonical form shortens: bytes of 0 and 1 only.
        let sparse = Gen<UInt8>.uint8(in: 0...1).array(of: 16...16)
        await propertyCheck(count: 500, input: sparse) { bytes in
            let address = try #require(IPAddress(bytes: bytes))
            #expect(IPAddress(address.description) == address, "\(address)")
        }
    }

    @Test("a range contains exactly the addresses that share its prefix", arguments: [
        (range: "10.0.0.0/8", address: "10.255.1.2", contains: true),
        (range: "10.0.0.0/8", address: "11.0.0.0", contains: false),
        (range: "192.168.1.128/25", address: "192.168.1.200", contains: true),
        (range: "192.168.1.128/25", address: "192.168.1.127", contains: false),
        (range: "127.0.0.1", address: "127.0.0.1", contains: true),
        (range: "127.0.0.1", address: "127.0.0.2", contains: false),
        (range: "0.0.0.0/0", address: "203.0.113.7", contains: true),
        (range: "0.0.0.0/0", address: "2001:db8::1", contains: false),
        (range: "fd00::/8", address: "fd12:3456::1", contains: true),
        (range: "fd00::/8", address: "fe00::1", contains: false),
        (range: "::1", address: "::1", contains: true),
        (range: "10.0.0.0/8", address: "::ffff:10.1.2.3", contains: true),
    ])
    func rangeContains(range: String, address: String, contains: Bool) throws {
        let range = try IPAddressRange(parsing: range)
        #expect(range.contains(try #require(IPAddress(address))) == contains)
    }

    @Test("a range that cannot be read says why", arguments: [
        (text: "10.0.0.0/33", reason: "the prefix length '33' is not a number from 0 to 32"),
        (text: "fd00::/129", reason: "the prefix length '129' is not a number from 0 to 128"),
        (text: "10.0.0.0/", reason: "the prefix length '' is not a number from 0 to 32"),
        (text: "10.0.0.0/+8", reason: "the prefix length '+8' is not a number from 0 to 32"),
        (text: "proxy.internal", reason: "'proxy.internal' is not an IPv4 or IPv6 address"),
        (text: "10.0.0.1/8", reason: "the address has bits set past its first 8; the range is written 10.0.0.0/8"),
        (text: "fd00::1/8", reason: "the address has bits set past its first 8; the range is written fd00::/8"),
    ])
    func rangeErrors(text: String, reason: String) {
        #expect(throws: IPAddressRangeError(text: text, reason: reason)) { try IPAddressRange(parsing: text) }
    }

    @Test("a range is written back as it is read", arguments: ["10.0.0.0/8", "127.0.0.1", "fd00::/8", "::1", "0.0.0.0/0"])
    func rangeDescription(text: String) throws {
        #expect(try IPAddressRange(parsing: text).description == text)
    }
}
