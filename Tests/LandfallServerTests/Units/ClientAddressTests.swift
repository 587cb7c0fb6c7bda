import HTTPTypes
import LandfallLinks
import Testing
@testable import LandfallServer

/// ``ClientAddress``: the key a client is rate limited and counted under. Without trusted
/// proxies, the connection's peer; with them, the address their header names, read from the
/// right past the trusted proxies, so that what a client writes at the left changes nothing.
@Suite struct ClientAddressTests {
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let forwarded = HTTPField.Name("Forwarded")!
    /// A proxy on this machine and a load balancer in 10.0.0.0/8.
    static let proxies = TrustedProxies(IPAddressRange.loopback + [try! IPAddressRange(parsing: "10.0.0.0/8")])

    static func key(_ values: [String], peer: String?, header: HTTPField.Name = forwardedFor) -> String {
        var headers = HTTPFields()
        for value in values { headers.append(HTTPField(name: header, value: value)) }
        return ClientAddress.key(headers: headers, remoteIPAddress: peer, trust: ProxyTrust(header: header, proxies: proxies))
    }

    @Test("from a trusted proxy, the client is the rightmost address that is not a trusted proxy", arguments: [
        (header: ["203.0.113.7"], key: "203.0.113.7"),
        (header: ["198.51.100.1, 203.0.113.7"], key: "203.0.113.7"),
        (header: ["1.2.3.4, 5.6.7.8, 203.0.113.7, 10.0.0.2"], key: "203.0.113.7"),
        (header: ["203.0.113.7", "10.0.0.2"], key: "203.0.113.7"),
        (header: ["  203.0.113.7  ,10.0.0.1"], key: "203.0.113.7"),
        (header: ["2001:DB8:0::1"], key: "2001:db8::1"),
        (header: ["[2001:db8::1]:4711"], key: "2001:db8::1"),
        (header: ["203.0.113.7:41234"], key: "203.0.113.7"),
        (header: ["::ffff:203.0.113.7"], key: "203.0.113.7"),
    ])
    func rightmostUntrustedAddressIsTheClient(header: [String], key: String) {
        #expect(Self.key(header, peer: "127.0.0.1") == key)
        #expect(Self.key(header, peer: "10.9.8.7") == key)
    }

    /// The bug the hardening found: the first entry, which the client writes, was the key, so a
    /// client rotating it escaped every limit.
    @Test("a client writing made-up addresses at the left of the header is still itself")
    func rotatingTheLeftmostEntryChangesNothing() {
        let keys = Set((1...50).map { Self.key(["198.51.100.\($0), 203.0.113.7"], peer: "127.0.0.1") })
        #expect(keys == ["203.0.113.7"])
    }

    @Test("from a peer that is not a trusted proxy, the header is the client's own and is ignored", arguments: [
        "203.0.113.7", "198.51.100.1, 10.0.0.1",
    ])
    func untrustedPeerIsTheClient(header: String) {
        #expect(Self.key([header], peer: "192.0.2.1") == "192.0.2.1")
    }

    @Test("an entry no trusted proxy would write stops the walk at the last address read", arguments: [
        (header: "nonsense, 10.0.0.3", key: "10.0.0.3"),
        (header: "203.0.113.7, unknown", key: "127.0.0.1"),
        (header: "<script>", key: "127.0.0.1"),
        (header: "", key: "127.0.0.1"),
        (header: "203.0.113.7, , 10.0.0.2", key: "10.0.0.2"),
        (header: "999.1.1.1", key: "127.0.0.1"),
        (header: "01.2.3.4", key: "127.0.0.1"),
    ])
    func unreadableEntryStopsTheWalk(header: String, key: String) {
        #expect(Self.key([header], peer: "127.0.0.1") == key)
    }

    @Test("when every address is a trusted proxy, the leftmost is the client")
    func allTrustedGivesTheLeftmost() {
        #expect(Self.key(["10.0.0.5, 10.0.0.2"], peer: "127.0.0.1") == "10.0.0.5")
    }

    @Test("Forwarded (RFC 7239) is read by its for= parameters, from the right", arguments: [
        (header: [#"for=192.0.2.60;proto=http;by=203.0.113.43"#], key: "192.0.2.60"),
        (header: [#"for=198.51.100.1, for="[2001:db8:cafe::17]:4711""#], key: "2001:db8:cafe::17"),
        (header: [#"For="203.0.113.7", for=10.0.0.2"#], key: "203.0.113.7"),
        (header: ["for=198.51.100.1", "for=203.0.113.7;proto=https"], key: "203.0.113.7"),
        (header: [#"for=_hidden, for=10.0.0.2"#], key: "10.0.0.2"),
        (header: [#"proto=https"#], key: "127.0.0.1"),
        (header: [#"for="a,b;c", for=203.0.113.9"#], key: "203.0.113.9"),
    ])
    func forwardedHeaderIsRead(header: [String], key: String) {
        #expect(Self.key(header, peer: "127.0.0.1", header: Self.forwarded) == key)
    }

    @Test("without trusted proxies, the peer is the client whatever the headers say")
    func noTrustUsesThePeer() {
        let headers: HTTPFields = [Self.forwardedFor: "203.0.113.7"]
        #expect(ClientAddress.key(headers: headers, remoteIPAddress: "192.0.2.1", trust: nil) == "192.0.2.1")
        #expect(ClientAddress.key(headers: headers, remoteIPAddress: nil, trust: nil) == "unknown")
    }

    @Test("a connection without an address (in-process) counts as a trusted proxy; with no header the key is unknown")
    func noPeer() {
        #expect(Self.key(["198.51.100.1, 203.0.113.7"], peer: nil) == "203.0.113.7")
        #expect(Self.key([], peer: nil) == "unknown")
        #expect(Self.key([""], peer: nil) == "unknown")
    }
}
