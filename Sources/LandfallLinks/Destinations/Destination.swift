/// A destination that ``DestinationPolicy`` accepted, in normalized form.
///
/// The normalized ``text`` is what a redirect sends: the scheme and host in lower case, the
/// default port left out, an empty path written `/`, percent-escapes of unreserved characters
/// decoded and the others in upper-case hex, and characters a URL cannot carry as they are
/// (non-ASCII, `"`, `<`, `>`, ...) percent-encoded. It is plain ASCII with no control
/// character, so it is safe in a `Location` header.
///
/// ```swift
/// let destination = try policy.destination("HTTPS://Daily.Example.com:443/puzzle/2026-11-21?x=1#y")
/// destination.text     // "https://daily.example.com/puzzle/2026-11-21?x=1#y"
/// destination.approval // .siteHost("daily.example.com")
/// ```
public struct Destination: Sendable, Hashable, CustomStringConvertible {
    /// Why a destination is allowed.
    public enum Approval: Sendable, Hashable {
        /// It is on this configured host of the site (the site host, an alias or the
        /// interstitial host).
        case siteHost(String)
        /// It matched this allowlist pattern (its source text).
        case allowlist(String)
    }

    /// The normalized URL.
    public var text: String
    /// `http` or `https`.
    public var scheme: String
    /// The host in lower case (an IPv6 address with its brackets).
    public var host: String
    /// The port, when it is not the scheme's default.
    public var port: Int?
    /// The normalized path, at least `/`.
    public var path: String
    /// The normalized query, without `?`, when there is one.
    public var query: String?
    /// The normalized fragment, without `#`, when there is one.
    public var fragment: String?
    /// Why it is allowed.
    public var approval: Approval

    /// Creates a destination; ``DestinationPolicy/check(_:)`` is the way to get a checked one.
    public init(text: String, scheme: String, host: String, port: Int? = nil, path: String, query: String? = nil,
                fragment: String? = nil, approval: Approval) {
        self.text = text
        self.scheme = scheme
        self.host = host
        self.port = port
        self.path = path
        self.query = query
        self.fragment = fragment
        self.approval = approval
    }

    /// Whether it is on one of the site's own hosts (rather than allowed by the allowlist).
    public var isOnSiteHost: Bool {
        if case .siteHost = approval { return true }
        return false
    }

    /// The site's host it is on, or `nil` for an external destination.
    public var siteHost: String? {
        if case .siteHost(let host) = approval { return host }
        return nil
    }

    /// The normalized URL.
    public var description: String { text }
}
