extension DynamicLinkParameters {
    /// Where a visitor of the long link goes, following Firebase Dynamic Links' documented
    /// behaviour for a visitor whose app did not open the link (had it been installed, iOS or
    /// Android would have opened the app without asking the server).
    ///
    /// - A link-preview crawler gets ``DynamicLinkOutcome/preview(_:)`` with `st`, `sd`, `si`.
    /// - iOS: `ifl` (on iPad `ipfl`, else `ifl`) is where FDL sent people without the app, so
    ///   they are redirected there. Otherwise, with `efr=1` ("skip the app preview page") they
    ///   go straight to the App Store page of `isi`, or to `link` when there is no `isi`.
    ///   Otherwise they get FDL's app preview page: ``DynamicLinkOutcome/landingPage(openInApp:appStoreURL:)``.
    /// - Android: `afl` when given; otherwise the Play Store page of `apn`, or `link` when there is
    ///   no `apn`. (`efr` affected iOS only.)
    /// - Desktop (and any other platform): `ofl`, or `link`.
    ///
    /// Every URL taken from the parameters (`link`, `afl`, `ifl`, `ipfl`, `ofl`) is asked of
    /// `isAllowed` before it is redirected to or offered as "open in app";
    /// a refused one gives ``DynamicLinkOutcome/refused(parameter:destination:)``. The store pages
    /// built from `isi` and `apn` are on fixed hosts and are not asked about.
    ///
    /// - Parameters:
    ///   - visitor: Who visits (``VisitorClassifier/classify(userAgent:)``).
    ///   - isIPad: Whether an iOS visitor is an iPad (``VisitorClassifier/isIPad(userAgent:)``).
    ///   - isAllowed: The destination policy.
    public func decide(visitor: Visitor, isIPad: Bool, isAllowed: (String) -> Bool) -> DynamicLinkOutcome {
        func go(_ parameter: String, _ url: String) -> DynamicLinkOutcome {
            isAllowed(url) ? .redirect(to: url) : .refused(parameter: parameter, destination: url)
        }
        switch visitor {
        case .crawler:
            return .preview(preview)
        case .browser(.ios):
            if isIPad, let iPadFallbackLink { return go("ipfl", iPadFallbackLink) }
            if let iosFallbackLink { return go("ifl", iosFallbackLink) }
            if skipsPreviewPage {
                if let appStoreURL { return .redirect(to: appStoreURL) }
                return go("link", link)
            }
            guard isAllowed(link) else { return .refused(parameter: "link", destination: link) }
            return .landingPage(openInApp: link, appStoreURL: appStoreURL)
        case .browser(.android):
            if let androidFallbackLink { return go("afl", androidFallbackLink) }
            if let playStoreURL { return .redirect(to: playStoreURL) }
            return go("link", link)
        case .browser(.desktop), .browser(.crawler):
            if let otherPlatformLink { return go("ofl", otherPlatformLink) }
            return go("link", link)
        }
    }
}
