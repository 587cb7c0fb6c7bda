import HTTPTypes
import Testing
@testable import LandfallServer

/// ``ClientAddress``: the key a client is rate limited under: the first address of a trusted
/// proxy header when there is one, else the connection's peer, else `unknown`.
@Suite struct ClientAddressTests {
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    static func headers(_ value: String?) -> HTTPFields {
        var headers = HTTPFields()
        if let value { headers[forwardedFor] = value }
        return headers
    }

    @Test("with a trusted header, its first address is the key", arguments: [
        (header: "203.0.113.7", key: "203.0.113.7"),
        (header: "203.0.113.7, 10.0.0.1, 10.0.0.2", key: "203.0.113.7"),
        (header: "  203.0.113.7  ,10.0.0.1", key: "203.0.113.7"),
        (header: "2001:db8::1", key: "2001:db8::1"),
        (header: String(repeating: "a", count: 64), key: String(repeating: "a", count: 64)),
    ])
    func trustedHeaderNamesTheClient(header: String, key: String) {
        #expect(ClientAddress.key(headers: Self.headers(header), remoteIPAddress: "192.0.2.1", trustedHeader: Self.forwardedFor) == key)
    }

    @Test("an empty, blank or overlong first address falls back to the peer", arguments: [
        "", "   ", String(repeating: "a", count: 65), String(repeating: "a", count: 65) + ", 10.0.0.1",
    ])
    func unusableHeaderFallsBack(header: String) {
        #expect(ClientAddress.key(headers: Self.headers(header), remoteIPAddress: "192.0.2.1", trustedHeader: Self.forwardedFor)
            == "192.0.2.1")
    }

    /// The first entry of `, 10.0.0.1` is empty, but `split` drops empty pieces, so the second
    /// address is taken for the client's (the `!first.isEmpty` check never sees an empty one).
    @Test("a header whose first entry is empty falls back to the peer, not to the second address", arguments: [
        ", 10.0.0.1", ",10.0.0.1, 10.0.0.2",
    ])
    func emptyFirstEntryFallsBack(header: String) {
        #expect(ClientAddress.key(headers: Self.headers(header), remoteIPAddress: "192.0.2.1", trustedHeader: Self.forwardedFor)
            == "192.0.2.1")
    }

    @Test("without a trusted header configured, a client's header is ignored")
    func untrustedHeaderIsIgnored() {
        #expect(ClientAddress.key(headers: Self.headers("203.0.113.7"), remoteIPAddress: "192.0.2.1", trustedHeader: nil) == "192.0.2.1")
    }

    @Test("with neither header nor peer, the key is unknown", arguments: [nil, forwardedFor])
    func noAddressIsUnknown(trusted: HTTPField.Name?) {
        #expect(ClientAddress.key(headers: [:], remoteIPAddress: nil, trustedHeader: trusted) == "unknown")
        #expect(ClientAddress.key(headers: Self.headers(""), remoteIPAddress: nil, trustedHeader: trusted) == "unknown")
    }
}
