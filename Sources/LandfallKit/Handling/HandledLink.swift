import DeepLinkRouting
import Foundation
import LandfallWire

/// What ``DeepLinkHandler/handle(_:)`` did with a URL the app was opened with: whether it
/// was resolved first, which URL was routed, and what the `LinkInbox` did with it.
///
/// ```swift
/// let handled = await handler.handle(url)
/// if case .rejected = handled.outcome, let web = URL(string: handled.routedURL) {
///     await UIApplication.shared.open(web)   // not a screen of the app: show it in the browser
/// }
/// ```
public struct HandledLink: Sendable {
    /// The URL as the app received it.
    public let url: URL
    /// The resolution of a link on a link host (nil for any other URL): the short link's
    /// deep link, or why it could not be resolved.
    public let resolution: Result<ResolvedLink, LinkClientError>?
    /// The URL that was routed: the resolved deep link, or ``url`` itself when it is not on a
    /// link host or could not be resolved.
    public let routedURL: String
    /// What the inbox did: opened a route, held it until its conditions are met, fell back,
    /// or rejected it.
    public let outcome: LinkOutcome

    /// Creates a record of a handled link.
    public init(url: URL, resolution: Result<ResolvedLink, LinkClientError>?, routedURL: String, outcome: LinkOutcome) {
        self.url = url
        self.resolution = resolution
        self.routedURL = routedURL
        self.outcome = outcome
    }

    /// The resolved link, when the URL was on a link host and resolved.
    public var resolvedLink: ResolvedLink? {
        if case .success(let link) = resolution { return link }
        return nil
    }

    /// Why the link could not be resolved, when it could not.
    public var resolutionError: LinkClientError? {
        if case .failure(let error) = resolution { return error }
        return nil
    }
}
