import Hummingbird
import NIOCore

/// The per-request context of the link server: Hummingbird's core storage and the address
/// of the connection the request came on (the server's state lives in its responder).
public struct LandfallRequestContext: RequestContext {
    /// Hummingbird's storage.
    public var coreContext: CoreRequestContextStorage
    /// The address of the peer, when the request came over a socket.
    public var remoteAddress: SocketAddress?

    /// Creates the context for a request.
    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
    }

    /// The IP address of the peer as text (formatted only when asked: only the rate limiter needs it).
    public var remoteIPAddress: String? { remoteAddress?.ipAddress }
}
