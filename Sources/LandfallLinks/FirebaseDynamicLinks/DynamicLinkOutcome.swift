/// What the link host answers to a visit of a Firebase Dynamic Links long link; see
/// ``DynamicLinkParameters/decide(visitor:isIPad:isAllowed:)``.
public enum DynamicLinkOutcome: Sendable, Hashable {
    /// The preview HTML only, with the link's `st`, `sd` and `si`: for link-preview crawlers.
    case preview(SocialPreview)
    /// FDL's app preview page: the preview, an App Store button (when `isi` is given) and
    /// "open in app" of `link`.
    case landingPage(openInApp: String, appStoreURL: String?)
    /// 302 to this URL.
    case redirect(to: String)
    /// The URL the visit would go to, from `parameter`, is refused by the destination policy:
    /// answer with a page that says so, never the redirect.
    case refused(parameter: String, destination: String)
}
