/// Why a request got no HTTP response: each case names what happened and where, and
/// ``message`` says it for people.
public enum FetchFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// DNS has no address for the host.
    case nameNotResolved(host: String, reason: String)
    /// Nothing listens on the port: the connection was refused.
    case connectionRefused(host: String, port: Int)
    /// No connection could be made within the connect timeout.
    case connectTimeout(host: String, port: Int, seconds: Double)
    /// Connected, but no complete answer came within the timeout: the server hangs.
    case responseTimeout(url: String, seconds: Double)
    /// Connected, but the TLS handshake did not finish within the timeout.
    case handshakeTimeout(host: String, port: Int, seconds: Double)
    /// The TLS handshake failed for a reason other than the certificate (the port does not
    /// speak TLS, no common protocol version or cipher).
    case tlsHandshake(host: String, port: Int, reason: String)
    /// The server closed the connection before answering.
    case connectionClosed(url: String)
    /// Anything else, with the underlying error's description.
    case other(url: String, reason: String)

    /// One sentence for people, naming the host or URL and what to try.
    public var message: String {
        switch self {
        case let .nameNotResolved(host, reason):
            "\(host) does not resolve: \(reason)"
        case let .connectionRefused(host, port):
            "\(host) refused the connection on port \(port); nothing listens there"
        case let .connectTimeout(host, port, seconds):
            "could not connect to \(host) on port \(port) within \(Self.seconds(seconds)); "
                + "a firewall may drop the packets (raise --connect-timeout to wait longer)"
        case let .responseTimeout(url, seconds):
            "\(url) did not answer within \(Self.seconds(seconds)): the server accepted the connection "
                + "but hangs (raise --timeout to wait longer; Apple's CDN gives up too)"
        case let .handshakeTimeout(host, port, seconds):
            "\(host) accepted a connection on port \(port) but did not finish the TLS handshake within "
                + "\(Self.seconds(seconds)): the server hangs (raise --timeout to wait longer)"
        case let .tlsHandshake(host, port, reason):
            "the TLS handshake with \(host) on port \(port) failed: \(reason)"
        case let .connectionClosed(url):
            "\(url): the server closed the connection without answering"
        case let .other(url, reason):
            "\(url): \(reason)"
        }
    }

    /// ``message``.
    public var description: String { message }

    /// `10 s`, `2.5 s`, `500 ms`.
    static func seconds(_ value: Double) -> String {
        if value < 1 { return "\(Int((value * 1000).rounded())) ms" }
        if value == value.rounded() { return "\(Int(value)) s" }
        return "\(value) s"
    }
}
