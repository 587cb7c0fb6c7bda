#if canImport(Glibc)
import Glibc
#endif
import SeededRandom
import Testing
@testable import LandfallWebhooks

/// Address kinds: every range a webhook must not reach without `allowPrivateNetworks`, in
/// IPv4 and IPv6, and the other spellings of IPv4 that `inet_aton` reads (how filters that
/// only know dotted decimal are bypassed).
@Suite("Network address kinds")
struct NetworkAddressKindTests {
    @Test("Each address is classified as the range it belongs to", arguments: [
        // Public.
        ("93.184.215.14", NetworkAddressKind.publicInternet),
        ("8.8.8.8", .publicInternet),
        ("1.1.1.1", .publicInternet),
        ("172.15.255.255", .publicInternet),
        ("172.32.0.0", .publicInternet),
        ("100.63.255.255", .publicInternet),
        ("100.128.0.0", .publicInternet),
        ("169.253.255.255", .publicInternet),
        ("223.255.255.255", .publicInternet),
        ("2606:4700:4700::1111", .publicInternet),
        ("[2a00:1450:4001:80b::200e]", .publicInternet),
        // Loopback.
        ("127.0.0.1", .loopback),
        ("127.255.255.254", .loopback),
        ("::1", .loopback),
        ("[::1]", .loopback),
        ("0:0:0:0:0:0:0:1", .loopback),
        // Private networks and carrier-grade NAT.
        ("10.0.0.7", .privateNetwork),
        ("10.255.255.255", .privateNetwork),
        ("172.16.0.1", .privateNetwork),
        ("172.31.255.255", .privateNetwork),
        ("192.168.1.1", .privateNetwork),
        ("100.64.0.1", .privateNetwork),
        ("100.127.255.255", .privateNetwork),
        ("fc00::1", .privateNetwork),
        ("fd12:3456:789a::1", .privateNetwork),
        // Link-local.
        ("169.254.0.1", .linkLocal),
        ("169.254.169.253", .linkLocal),
        ("fe80::1", .linkLocal),
        ("fe80::1%eth0", .linkLocal),
        ("[fe80::1%25eth0]", .linkLocal),
        ("febf::1", .linkLocal),
        // Cloud metadata services, before link-local and private.
        ("169.254.169.254", .metadata),
        ("fd00:ec2::254", .metadata),
        ("100.100.100.200", .metadata),
        // Unspecified.
        ("0.0.0.0", .unspecified),
        ("0.1.2.3", .unspecified),
        ("::", .unspecified),
        ("[::]", .unspecified),
        // Multicast.
        ("224.0.0.1", .multicast),
        ("239.255.255.250", .multicast),
        ("ff02::1", .multicast),
        ("ff05::1:3", .multicast),
        // Reserved, benchmarking, broadcast and transition.
        ("240.0.0.1", .reserved),
        ("255.255.255.255", .reserved),
        ("192.0.0.8", .reserved),
        ("198.18.0.1", .reserved),
        ("198.19.255.255", .reserved),
        ("2002:7f00:1::1", .reserved),
        ("2001:0:4136:e378:8000:63bf:3fff:fdd2", .reserved),
        ("fec0::1", .reserved),
        // Documentation.
        ("192.0.2.1", .reserved),
        ("198.51.100.7", .reserved),
        ("203.0.113.9", .reserved),
        ("2001:db8::1", .reserved),
        // IPv6 forms of IPv4 addresses are the IPv4 address inside.
        ("::ffff:127.0.0.1", .loopback),
        ("[::ffff:169.254.169.254]", .metadata),
        ("::ffff:10.0.0.1", .privateNetwork),
        ("::ffff:7f00:1", .loopback),
        ("::ffff:8.8.8.8", .publicInternet),
        ("0:0:0:0:0:ffff:192.168.0.1", .privateNetwork),
        ("64:ff9b::127.0.0.1", .loopback),
        ("64:ff9b::a9fe:a9fe", .metadata),
        ("64:ff9b::8.8.8.8", .publicInternet),
        // The spellings of IPv4 that inet_aton accepts.
        ("2130706433", .loopback),
        ("0x7f000001", .loopback),
        ("017700000001", .loopback),
        ("0x7f.1", .loopback),
        ("127.1", .loopback),
        ("127.0.1", .loopback),
        ("0177.0.0.01", .loopback),
        ("0x7F.0x0.0x0.0x1", .loopback),
        ("00000000000000000177.0.0.1", .loopback),
        ("0", .unspecified),
        ("0x0", .unspecified),
        ("2852039166", .metadata),
        ("0xa9fea9fe", .metadata),
        ("0251.0376.0251.0376", .metadata),
        ("169.254.43518", .metadata),
        ("10.1", .privateNetwork),
        ("0xc0.0xa8.1.1", .privateNetwork),
        ("134744072", .publicInternet),
    ])
    func classifies(text: String, kind: NetworkAddressKind) {
        #expect(NetworkAddressKind.classify(text) == kind)
    }

    @Test("What is not an address literal has no kind", arguments: [
        "", "hooks.example.com", "localhost", "example", "1.2.3.4.5", "256.0.0.1", "1.2.3.256", "1.2.65536",
        "1.16777216", "4294967296", "09.1.1.1", "0x1g.0.0.1", "1..2.3", "1.2.3.", ".1.2.3", "+127.0.0.1",
        "127.0.0.1 ", " 127.0.0.1", "१२७.0.0.1", "1:2:3:4:5:6:7:8:9", "1::2::3", "12345::1", "::g", ":1::",
        "1:::2", "+f::1", "::ffff:1.2.3", "::ffff:0x7f.0.0.1", "::ffff:010.0.0.1", "::ffff:127.0.0.1.", "1.2.3.4::", "::1.2.3.4:5", "[::1", "::1]",
        "99999999999999999999", "1.2.3.99999999999999999999",
        // 0x without hexadecimal digits: strtoul stops at the x, so inet_aton refuses it.
        "0x", "0X", "127.0.0.0x", "8.8.8.0x", "0x.0x.0x.0x", "10.0x.1",
    ])
    func refusesWhatIsNotAnAddress(text: String) {
        #expect(NetworkAddressKind.classify(text) == nil)
    }

    #if canImport(Glibc)
    /// Texts made of the parts where address readers disagree: octal and hexadecimal numbers,
    /// 0x without digits, numbers too large for a part, empty parts, `::` and embedded IPv4.
    static func candidates(count: Int, seed: UInt64) -> [String] {
        let ipv4Parts = ["0", "00", "0x", "0X", "0x7f", "0x7F", "127", "255", "256", "0377", "0400", "08", "1", "4294967295",
                         "4294967296", "0xffffffff", "0x100000000", "0177", "16777215", "16777216", "65535", "65536",
                         "0x00000000000000000001", "000000000000000000000000000000177", "", "a", "0xg", "1e"]
        let ipv6Parts = ["", "0", "1", "ffff", "FFFF", "fffff", "00000", "64", "ff9b", "fe80", "fc00", "2001", "db8",
                         "127.0.0.1", "1.2.3.4", "01.2.3.4", "0x7f.0.0.1", "1.2.3", "g", "::"]
        var generator = SeededGenerator(seed: seed)
        return (0..<count).flatMap { _ in
            [(1...5).map { _ in ipv4Parts.randomElement(using: &generator)! }.joined(separator: "."),
             (1...9).map { _ in ipv6Parts.randomElement(using: &generator)! }.joined(separator: ":")]
        }
    }

    @Test("Addresses are read exactly as the C library's inet_aton and inet_pton read them, over thousands of texts")
    func agreesWithTheCLibrary() {
        for text in Self.candidates(count: 10_000, seed: 17) {
            var ipv4 = in_addr()
            let theirs4: UInt32? = inet_aton(text, &ipv4) != 0 ? UInt32(bigEndian: ipv4.s_addr) : nil
            var ipv6 = in6_addr()
            let theirs6: [UInt8]? = inet_pton(AF_INET6, text, &ipv6) == 1
                ? withUnsafeBytes(of: &ipv6) { Array($0) } : nil
            #expect(IPv4.parse(Substring(text)) == theirs4, "\(text)")
            #expect(IPv6.parse(Substring(text)) == theirs6, "\(text)")
        }
    }
    #endif

    @Test("Only the public internet is allowed without private networks")
    func onlyPublicIsAllowed() {
        for kind in NetworkAddressKind.allCases {
            #expect(kind.isAllowedWithoutPrivateNetworks == (kind == .publicInternet))
        }
    }
}
