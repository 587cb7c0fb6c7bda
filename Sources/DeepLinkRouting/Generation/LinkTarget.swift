/// Where a generated link points: an https host or a custom scheme.
///
/// ```swift
/// try router.link(to: "puzzle", parameters: ["date": day], on: .https("example.com"))
/// // "https://example.com/puzzle/2025-10-25"
/// try router.link(to: "puzzle", parameters: ["date": day], on: .scheme("myapp"))
/// // "myapp://puzzle/2025-10-25"
/// ```
public enum LinkTarget: Sendable, Hashable, CustomStringConvertible {
    /// An https link on this host, which the router must accept.
    case https(String)
    /// A custom-scheme link: the first path segment is written as the URL's host.
    case scheme(String)

    /// `https://host` or `scheme://`.
    public var description: String {
        switch self {
        case .https(let host): "https://\(host)"
        case .scheme(let scheme): "\(scheme)://"
        }
    }
}
