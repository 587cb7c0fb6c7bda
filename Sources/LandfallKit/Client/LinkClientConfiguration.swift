import Foundation

/// What a ``LinkClient`` needs to know: where the server is, which hosts are its short-link
/// hosts, the app's platform, and how to retry.
///
/// ```swift
/// let configuration = LinkClientConfiguration(
///     baseURL: URL(string: "https://go.daily.example.com")!,
///     linkHosts: ["go.daily.example.com"],
///     claimHosts: ["go.daily.example.com", "daily.example.com"],
///     platform: .ios
/// )
/// ```
///
/// Requests go to ``baseURL`` (any scheme and port, so `http://127.0.0.1:8080` works in
/// tests); a link to resolve is sent as a query parameter, so no `Host` header is needed.
public struct LinkClientConfiguration: Sendable, Hashable {
    /// The server's base URL; the API's paths (`/v1/resolve`) are appended to it.
    public var baseURL: URL
    /// The short-link hosts, in lower case: a link on one of them is resolved before it is
    /// routed (`go.daily.example.com`).
    public var linkHosts: [String]
    /// The hosts whose landing pages copy claim URLs (`https://<host>/v1/claims/lfc_…`), in
    /// lower case: the link hosts, and the site's own host, whose route and invitation pages
    /// copy them too. ``DeepLinkHandler`` also accepts the https hosts of its router.
    public var claimHosts: [String]
    /// The app's platform, sent with resolutions, claims and events.
    public var platform: AppPlatform
    /// How failed requests are retried.
    public var retry: RetryPolicy
    /// How many events the offline queue keeps at most; the oldest are dropped first.
    public var maxPendingEvents: Int

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - baseURL: The server, e.g. `https://go.daily.example.com`.
    ///   - linkHosts: The short-link hosts whose links are resolved.
    ///   - claimHosts: The hosts claim URLs are accepted from; the link hosts when nil.
    ///   - platform: `ios` (the default) or `android`.
    ///   - retry: The retry policy; 4 attempts with exponential backoff by default.
    ///   - maxPendingEvents: The offline queue's bound; 1,000 by default.
    public init(baseURL: URL, linkHosts: [String], claimHosts: [String]? = nil, platform: AppPlatform = .ios,
                retry: RetryPolicy = RetryPolicy(), maxPendingEvents: Int = 1000) {
        self.baseURL = baseURL
        self.linkHosts = linkHosts.map(Self.normalizedHost)
        self.claimHosts = (claimHosts ?? linkHosts).map(Self.normalizedHost)
        self.platform = platform
        self.retry = retry
        self.maxPendingEvents = max(0, maxPendingEvents)
    }

    /// Whether `url` is an http(s) link on one of the ``linkHosts``, to be resolved.
    public func isLink(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
              let host = url.host else { return false }
        return linkHosts.contains(Self.normalizedHost(host))
    }

    static func normalizedHost(_ host: String) -> String {
        var host = host.lowercased()
        if host.hasSuffix(".") { host.removeLast() }
        return host
    }
}
