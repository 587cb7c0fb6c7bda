/// How long a connection may take over each part of a request, and how many connections one
/// client address may hold open: what keeps an idle socket, a header sent one byte at a time
/// or a client opening thousands of connections from tying the server up.
///
/// The defaults suit both ways of running Landfall. Alone on the internet, the timeouts close
/// what slow clients leave open and ``connectionsPerClient`` stops one address from taking the
/// file-descriptor limit's worth of sockets. Behind a proxy, the proxy's own connections
/// come from addresses in ``ServerConfiguration/trustedProxies``, which the per-client limit
/// never counts, and ``idleTimeout`` is longer than the 60 s for which nginx and most load
/// balancers keep an idle upstream connection, so the server never closes a connection the
/// proxy is about to reuse.
public struct ConnectionLimits: Sendable, Hashable {
    /// How long a connection may wait for its next request (after connecting, or after the last
    /// response) before the server closes it.
    public var idleTimeout: Duration
    /// How long a client may take to send a request's header, from its first byte: a header
    /// trickled in slower than that is cut off (with 408 Request Timeout).
    public var headerTimeout: Duration
    /// How long a client may take to send a request's body, from the end of its header.
    public var bodyTimeout: Duration
    /// How many connections one client address may have open at once (`nil`: no limit); one
    /// more is answered 429 Too Many Requests and closed. Trusted proxies are not limited.
    public var connectionsPerClient: Int?

    /// Creates limits; by default 75 s idle, 10 s for a header, 30 s for a body and 128
    /// connections per client address (a browser opens 6 per host; an office behind one
    /// address, a few dozen).
    public init(idleTimeout: Duration = .seconds(75), headerTimeout: Duration = .seconds(10),
                bodyTimeout: Duration = .seconds(30), connectionsPerClient: Int? = 128) {
        self.idleTimeout = idleTimeout
        self.headerTimeout = headerTimeout
        self.bodyTimeout = bodyTimeout
        self.connectionsPerClient = connectionsPerClient
    }

    /// How often each connection checks its deadlines: a quarter of the shortest timeout, so
    /// that a deadline is enforced at most a quarter late; between 10 ms and 5 s.
    var checkInterval: Duration {
        let shortest = min(idleTimeout, headerTimeout, bodyTimeout)
        return min(max(shortest / 4, .milliseconds(10)), .seconds(5))
    }
}
