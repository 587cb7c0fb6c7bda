import HTTPTypes
import LandfallLinks

/// How the server learns a client's address behind proxies: the header they write and which
/// connections are theirs (``ServerConfiguration/clientAddressHeader`` and
/// ``ServerConfiguration/trustedProxies``).
struct ProxyTrust: Sendable {
    /// The header the proxies write.
    let header: HTTPField.Name
    /// Whether it is RFC 7239's `Forwarded` (its `for=` parameters), rather than a list of
    /// addresses such as `X-Forwarded-For`.
    let isForwarded: Bool
    let proxies: TrustedProxies

    init(header: HTTPField.Name, proxies: TrustedProxies) {
        self.header = header
        self.isForwarded = header == HTTPField.Name("Forwarded")
        self.proxies = proxies
    }
}

/// The address a request is rate limited and counted under.
enum ClientAddress {
    /// The key for a request's client: without ``ProxyTrust``, the connection's peer; with it,
    /// the address ``TrustedProxies/client(peer:chain:)`` reads from the header, in its
    /// canonical form. `"unknown"` when there is none (in-process tests).
    static func key(headers: HTTPFields, remoteIPAddress: String?, trust: ProxyTrust?) -> String {
        guard let trust else { return remoteIPAddress ?? "unknown" }
        let peer = remoteIPAddress.flatMap { IPAddress($0) }
        if let remoteIPAddress, peer == nil { return remoteIPAddress }
        let values = headers[values: trust.header]
        let chain = trust.isForwarded ? ProxyChain(forwarded: values) : ProxyChain(xForwardedFor: values)
        return trust.proxies.client(peer: peer, chain: chain)?.description ?? "unknown"
    }
}
