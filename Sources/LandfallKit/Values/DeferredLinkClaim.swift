import LandfallWire

/// The answer to a deferred-link claim (`POST /v1/claims`): whether a link the person
/// tapped before installing was found, how surely, and the link.
///
/// ```swift
/// let claim = try await client.claimDeferredLink(token: token, hints: hints, allowWeakMatch: false)
/// switch claim.match {
/// case .strong, .weak: route(claim.link?.deepLink)
/// case .none: print(claim.reason ?? "nothing to claim")   // token_claimed, no_match, …
/// }
/// ```
public struct DeferredLinkClaim: Sendable, Hashable, Codable {
    /// How sure the server is that the link is this device's.
    public enum Match: String, Sendable, Hashable, Codable, CaseIterable {
        /// The app presented the claim's token: certainly this device's link.
        case strong
        /// No token; the device hints fit exactly one pending link within the window.
        case weak
        /// Nothing matched (``DeferredLinkClaim/reason`` says why).
        case none
    }

    /// Why nothing matched. Known reasons are constants; a reason added by a newer server
    /// reads as its text.
    public struct Reason: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        /// The API's text, e.g. `token_claimed`.
        public let rawValue: String

        /// A reason from its text.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The token was never issued (or its claim was purged).
        public static let tokenUnknown = Reason(rawValue: "token_unknown")
        /// The token's link was already claimed: a claim is used once.
        public static let tokenClaimed = Reason(rawValue: "token_claimed")
        /// The token's claim expired before the app claimed it.
        public static let tokenExpired = Reason(rawValue: "token_expired")
        /// No pending link fits the device hints.
        public static let noMatch = Reason(rawValue: "no_match")
        /// Several pending links with different deep links fit: none is chosen.
        public static let ambiguous = Reason(rawValue: "ambiguous")

        /// The text.
        public var description: String { rawValue }
    }

    /// `strong`, `weak` or `none`.
    public var match: Match
    /// Why nothing matched, for ``Match/none``; nil when a link matched, or when the app had
    /// nothing to claim with (no token, weak matching not allowed).
    public var reason: Reason?
    /// The claimed link, for a strong or weak match.
    public var link: ResolvedLink?

    /// Creates a claim's answer.
    public init(match: Match, reason: Reason? = nil, link: ResolvedLink? = nil) {
        self.match = match
        self.reason = reason
        self.link = link
    }

    /// The answer when the app had nothing to claim with: no request is sent.
    public static let nothingToClaim = DeferredLinkClaim(match: .none)
}
