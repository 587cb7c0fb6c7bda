extension DynamicLinkParameters {
    /// Where a visitor of the long link goes, following Firebase Dynamic Links' documented
    /// behaviour for a visitor whose app did not open the link (had it been installed, iOS or
    /// Android would have opened the app without asking the server).
    ///
    /// - A link-preview crawler gets ``DynamicLinkOutcome/preview(_:)`` with `st`, `sd`, `si`.
    /// - iOS: `ifl` (on iPad `ipfl`, else `ifl`) is where FDL sent people without the app, so
    ///   they are redirected there. Otherwise, with `efr=1` ("skip the app preview page") they
    ///   go straight to the App Store page of `isi`, or to `link` when there is no `isi`.
    ///   Otherwise they get FDL's app preview page: ``DynamicLinkOutcome/landingPage(openInApp:appStoreURL:claimsInstall:)``.
    /// - Android: `afl` when given; otherwise the Play Store page of `apn`, or `link` when there is
    ///   no `apn`. (`efr` affected iOS only.)
    ///
    /// A store page of one of `siteApps` is ``DynamicLinkOutcome/install(_:)`` instead of a
    /// redirect, and the landing page whose App Store button is one of them (that of `isi`, or
    /// without `isi` the site's own) says `claimsInstall`: the server records a pending
    /// claim of `link` and sends the visitor to the store through it, as for a short link. The
    /// store page of an app that is not the site's is redirected to as FDL did, without a claim
    /// (the site cannot hand its link to another team's app).
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
    ///   - siteApps: The store listings of the site's own apps (none by default).
    public func decide(visitor: Visitor, isIPad: Bool, isAllowed: (String) -> Bool,
                       siteApps: Set<StoreListing> = []) -> DynamicLinkOutcome {
        func go(_ parameter: String, _ url: String) -> DynamicLinkOutcome {
            isAllowed(url) ? .redirect(to: url) : .refused(parameter: parameter, destination: url)
        }
        func store(_ listing: StoreListing) -> DynamicLinkOutcome {
            siteApps.contains(listing) ? .install(listing) : .redirect(to: listing.url)
        }
        let appStore = appStoreID.map { StoreListing.appStore(id: $0) }
        switch visitor {
        case .crawler:
            return .preview(preview)
        case .browser(.ios):
            if isIPad, let iPadFallbackLink { return go("ipfl", iPadFallbackLink) }
            if let iosFallbackLink { return go("ifl", iosFallbackLink) }
            if skipsPreviewPage {
                if let appStore { return store(appStore) }
                return go("link", link)
            }
            guard isAllowed(link) else { return .refused(parameter: "link", destination: link) }
            // The page's App Store button is that of isi, else the site's own.
            let claimsInstall = appStore.map(siteApps.contains) ?? siteApps.contains { if case .appStore = $0 { true } else { false } }
            return .landingPage(openInApp: link, appStoreURL: appStoreURL, claimsInstall: claimsInstall)
        case .browser(.android):
            if let androidFallbackLink { return go("afl", androidFallbackLink) }
            if let androidPackageName { return store(.play(package: androidPackageName)) }
            return go("link", link)
        case .browser(.desktop), .browser(.crawler):
            if let otherPlatformLink { return go("ofl", otherPlatformLink) }
            return go("link", link)
        }
    }
}
