/// A link the router accepted, taken apart: where it came from, its decoded path segments,
/// its query items and its fragment.
///
/// A fallback decision hands one to the app so that it can still do something sensible
/// ("open today's puzzle"), and every match carries the one it matched.
public struct IncomingLink: Sendable, Hashable {
    /// The URL as it was received.
    public let url: String
    /// The source in the router's allow-list that accepted the link.
    public let source: LinkSource
    /// The scheme, in lower case (`https` or a custom scheme).
    public let scheme: String
    /// The host in lower case for http(s) links; nil for custom schemes, whose host is the
    /// first path segment instead.
    public let host: String?
    /// The path's segments, percent-decoded, without empty segments and with `.` and `..`
    /// resolved. For `myapp://send/now` this is `["send", "now"]`.
    public let pathSegments: [String]
    /// Every query item, decoded, in URL order.
    public let queryItems: [QueryItem]
    /// The decoded fragment, or nil when there is none.
    public let fragment: String?

    /// Creates a link; ``Router/route(_:)-(String)`` is the usual source of these.
    public init(
        url: String, source: LinkSource, scheme: String, host: String?,
        pathSegments: [String], queryItems: [QueryItem], fragment: String?
    ) {
        self.url = url
        self.source = source
        self.scheme = scheme
        self.host = host
        self.pathSegments = pathSegments
        self.queryItems = queryItems
        self.fragment = fragment
    }

    /// The decoded path, `/` followed by the segments joined with `/` (`/` when empty).
    public var path: String {
        "/" + pathSegments.joined(separator: "/")
    }
}
