import HTTPTypes
import NIOCore

/// Who sent a request, for rate limiting and for the hashed address of deferred-link claims.
/// The address text is only made when someone asks for it: most requests never need it. A
/// class, so that the context, copied at every middleware, carries one reference.
final class RequestClient: Sendable {
    /// The connection's peer, when the request came over a socket.
    let remoteAddress: SocketAddress?
    /// The request's headers (a trusted proxy's header may name the client).
    let headers: HTTPFields
    /// The proxies whose header is believed, if the server is configured with them.
    let trust: ProxyTrust?

    init(remoteAddress: SocketAddress?, headers: HTTPFields, trust: ProxyTrust?) {
        self.remoteAddress = remoteAddress
        self.headers = headers
        self.trust = trust
    }

    /// The client's address: see ``ClientAddress/key(headers:remoteIPAddress:trust:)``.
    var address: String {
        ClientAddress.key(headers: headers, remoteIPAddress: remoteAddress?.ipAddress, trust: trust)
    }
}
