/// Why a router refused a link instead of routing it.
///
/// A rejected link is not the app's: it comes from a host or scheme the router does not
/// accept, or it is not a URL at all. It is never routed, not even to the fallback.
public enum RejectionReason: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not a URL the router can read; the message says what is wrong.
    case malformed(String)
    /// The scheme is neither https nor one of the router's custom schemes.
    case schemeNotAccepted(String)
    /// An `http` link for an accepted host: only https links are routed unless the router's
    /// options accept http.
    case insecureHTTP(host: String)
    /// An http(s) link without a host.
    case missingHost
    /// The host is not in the router's allow-list.
    case hostNotAccepted(String)

    /// A sentence a person can act on.
    public var description: String {
        switch self {
        case .malformed(let message):
            "not a valid URL: \(message)"
        case .schemeNotAccepted(let scheme):
            "scheme '\(scheme)' is not accepted (https and the router's custom schemes are)"
        case .insecureHTTP(let host):
            "'http://\(host)' is not routed: only https links are (or set acceptsHTTP)"
        case .missingHost:
            "the URL has no host"
        case .hostNotAccepted(let host):
            "host '\(host)' is not in the allow-list"
        }
    }
}
