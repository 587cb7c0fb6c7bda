/// What the link host answers to a visit of a Firebase Dynamic Links long link; see
/// ``DynamicLinkParameters/decide(visitor:isIPad:isAllowed:siteApps:)``.
public enum DynamicLinkOutcome: Sendable, Hashable {
    /// The preview HTML only, with the link's `st`, `sd` and `si`: for link-preview crawlers.
    case preview(SocialPreview)
    /// FDL's app preview page: the preview, an App Store button (when `isi` is given) and
    /// "open in app" of `link`. With `claimsInstall`, the App Store button is one of the site's
    /// apps (`isi`'s, or the site's own when there is no `isi`): the page records a pending claim of `link` and its button goes to the store through it.
    case landingPage(openInApp: String, appStoreURL: String?, claimsInstall: Bool)
    /// The store page of one of the site's own apps (Android's Play Store of `apn`, iOS's App
    /// Store of `isi` with `efr=1`): record a pending claim of `link` and go to the store
    /// through it (`/v1/install/{token}`), so that the app gets `link` at its first launch.
    case install(StoreListing)
    /// 302 to this URL.
    case redirect(to: String)
    /// The URL the visit would go to, from `parameter`, is refused by the destination policy:
    /// answer with a page that says so, never the redirect.
    case refused(parameter: String, destination: String)
}
