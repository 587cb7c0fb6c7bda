import LandfallWire

/// The parameters of a Firebase Dynamic Links long link, such as
/// `https://example.page.link/?link=https://www.example.com/&apn=com.example.android&ibi=com.example.ios`.
///
/// A team that points its old `page.link` custom domain at Landfall keeps its long links working:
/// the link host reads the query with ``init(query:)``, runs every URL of ``destinations``
/// through the destination policy, and answers as ``decide(visitor:isIPad:isAllowed:siteApps:)`` says.
///
/// ```swift
/// let parameters = try DynamicLinkParameters(query: "link=https%3A%2F%2Fwww.example.com%2F&apn=com.example.android&isi=123")
/// parameters.link                  // "https://www.example.com/"
/// parameters.androidPackageName    // "com.example.android"
/// parameters.decide(visitor: .browser(.android), isIPad: false, isAllowed: { _ in true })
/// // .redirect(to: "https://play.google.com/store/apps/details?id=com.example.android")
/// ```
///
/// Parameters Landfall does not use (`at`, `ct`, `pt`, `d`, `gclid`, …) are ignored, as are empty
/// values (`ifl=`), which templates often left behind.
public struct DynamicLinkParameters: Sendable, Hashable {
    /// `link`: the deep link the app opens, an absolute http(s) URL. Required.
    public var link: String

    /// `apn`: the Android app's package name; without it the link does not open an Android app.
    public var androidPackageName: String?
    /// `afl`: where Android goes when the app is not installed, instead of the Play Store.
    public var androidFallbackLink: String?
    /// `amv`: the lowest `versionCode` of the Android app that can open the link. An older app sent
    /// its user to the Play Store; the app reads this itself, the server cannot see the app.
    public var androidMinimumVersionCode: Int?

    /// `ibi`: the iOS app's bundle identifier.
    public var iosBundleID: String?
    /// `ifl`: where iOS goes when the app is not installed, instead of the App Store.
    public var iosFallbackLink: String?
    /// `ius`: the iOS app's custom URL scheme, when it is not the bundle identifier.
    public var iosCustomScheme: String?
    /// `ipfl`: where an iPad goes when the app is not installed (instead of `ifl`).
    public var iPadFallbackLink: String?
    /// `ipbi`: the bundle identifier of the app to open on iPad.
    public var iPadBundleID: String?
    /// `isi`: the app's App Store ID, digits only, used to send people to the App Store.
    public var appStoreID: String?
    /// `imv`: the lowest version of the iOS app that can open the link (`1.2.3`), handed to the app.
    public var iosMinimumVersion: String?

    /// `efr=1`: skip the app preview page on iOS and go straight to the app or the store.
    public var skipsPreviewPage: Bool
    /// `ofl`: where other platforms (desktop) go instead of `link`.
    public var otherPlatformLink: String?

    /// `st`, `sd` and `si`: the title, description and image of link previews.
    public var preview: SocialPreview
    /// `utm_source`, `utm_medium`, `utm_campaign`, `utm_term` and `utm_content`.
    public var campaign: Campaign

    /// Creates parameters from values; see ``init(query:)`` to read a long link.
    public init(
        link: String, androidPackageName: String? = nil, androidFallbackLink: String? = nil, androidMinimumVersionCode: Int? = nil,
        iosBundleID: String? = nil, iosFallbackLink: String? = nil, iosCustomScheme: String? = nil, iPadFallbackLink: String? = nil,
        iPadBundleID: String? = nil, appStoreID: String? = nil, iosMinimumVersion: String? = nil, skipsPreviewPage: Bool = false,
        otherPlatformLink: String? = nil, preview: SocialPreview = SocialPreview(), campaign: Campaign = Campaign()
    ) {
        self.link = link
        self.androidPackageName = androidPackageName
        self.androidFallbackLink = androidFallbackLink
        self.androidMinimumVersionCode = androidMinimumVersionCode
        self.iosBundleID = iosBundleID
        self.iosFallbackLink = iosFallbackLink
        self.iosCustomScheme = iosCustomScheme
        self.iPadFallbackLink = iPadFallbackLink
        self.iPadBundleID = iPadBundleID
        self.appStoreID = appStoreID
        self.iosMinimumVersion = iosMinimumVersion
        self.skipsPreviewPage = skipsPreviewPage
        self.otherPlatformLink = otherPlatformLink
        self.preview = preview
        self.campaign = campaign
    }

    /// Every URL a visitor can be sent to, with its parameter, for the destination policy:
    /// `link`, then `afl`, `ifl`, `ipfl` and `ofl` when present.
    ///
    /// `si` is not among them: the preview image is shown, never redirected to (it is checked to be
    /// an absolute http(s) URL when the query is read). Neither are the store pages Landfall builds
    /// itself from `isi` and `apn`, whose hosts are fixed.
    public var destinations: [(parameter: String, url: String)] {
        [("link", link), ("afl", androidFallbackLink), ("ifl", iosFallbackLink), ("ipfl", iPadFallbackLink), ("ofl", otherPlatformLink)]
            .compactMap { parameter, url in url.map { (parameter, $0) } }
    }

    /// The App Store page of ``appStoreID``: `https://apps.apple.com/app/id<isi>`.
    public var appStoreURL: String? {
        appStoreID.map { StoreListing.appStore(id: $0).url }
    }

    /// The Play Store page of ``androidPackageName``: `https://play.google.com/store/apps/details?id=<apn>`.
    public var playStoreURL: String? {
        androidPackageName.map { StoreListing.play(package: $0).url }
    }
}
