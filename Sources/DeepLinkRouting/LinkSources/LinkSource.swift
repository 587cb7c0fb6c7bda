/// Where links may come from: an https host, a family of hosts, or a custom URL scheme.
///
/// A router accepts a link only from one of its sources and rejects every other link with
/// a reason. Hosts are compared without case and without a trailing dot; the port and any
/// `user@` part are ignored.
///
/// ```swift
/// let sources: [LinkSource] = [
///     .host("example.com", includingWWW: true),  // example.com and www.example.com
///     .subdomains(of: "example.net"),             // a.example.net, b.c.example.net
///     .scheme("myapp"),                           // myapp://send?to=x
/// ]
/// ```
///
/// With a custom scheme the host is read as the first path segment, so
/// `myapp://send?to=x` and `https://example.com/send?to=x` route the same way.
public enum LinkSource: Sendable, Hashable, CustomStringConvertible {
    /// Exactly this https host, and its `www.` alias when `includingWWW` is true.
    case host(String, includingWWW: Bool = false)
    /// Any https host under this domain (`a.example.com`, `a.b.example.com`), but not the
    /// domain itself; list it as a ``host(_:includingWWW:)`` too if it links as well.
    case subdomains(of: String)
    /// A custom URL scheme, without `://` (`myapp`).
    case scheme(String)

    /// How a route table writes the source: `example.com`, `example.com (+www)`,
    /// `*.example.com` or `myapp://`.
    public var description: String {
        switch self {
        case .host(let host, let includingWWW): includingWWW ? "\(host) (+www)" : host
        case .subdomains(let domain): "*.\(domain)"
        case .scheme(let scheme): "\(scheme)://"
        }
    }

    /// Reads the host forms a route table uses: `example.com` for one host and
    /// `*.example.com` for its subdomains.
    ///
    /// - Parameters:
    ///   - text: The host or wildcard.
    ///   - includingWWW: Whether an exact host also accepts its `www.` alias.
    public init(host text: String, includingWWW: Bool = false) {
        if text.hasPrefix("*.") {
            self = .subdomains(of: String(text.dropFirst(2)))
        } else {
            self = .host(text, includingWWW: includingWWW)
        }
    }
}
