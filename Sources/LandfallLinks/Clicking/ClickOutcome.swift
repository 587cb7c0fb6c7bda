/// What the link host answers to one visit of a short link; see ``ClickDecision``.
public enum ClickOutcome: Sendable, Hashable {
    /// 410 Gone: the link is disabled, expired or used up. Crawlers get it too.
    case gone(GoneReason)
    /// The preview HTML only (Open Graph and Twitter card tags), never a redirect: for
    /// link-preview crawlers.
    case preview
    /// The landing page: store buttons and "open in app" for the target, which is a route of
    /// the site that opens the app (a phone that got here does not have the app, or iOS chose
    /// not to open it).
    case landingPage
    /// 302 to this destination, which the destination policy allowed just now.
    case redirect(to: String)
    /// The destination the link would redirect to is refused by the destination policy (the
    /// policy changed since the link was made, or the store was tampered with): answer with a
    /// page that says so, never the redirect.
    case refused(destination: String)
}

/// Why a short link answers 410 Gone.
public enum GoneReason: String, Sendable, Hashable, Codable, CaseIterable {
    /// The link was disabled.
    case disabled
    /// The link's ``ShortLink/expiresAt`` has come.
    case expired
    /// The link has been clicked ``ShortLink/maxClicks`` times.
    case clickLimitReached
}
