import LandfallJSON
import LandfallLinks
import LandfallSite

/// What a page template can show: every value the bundled templates use, and that a site's
/// own templates may use (listed in the article Page templates (LandfallSite.docc/PageTemplates.md)).
///
/// Pages start from ``init(site:origins:apps:)`` (the site, the home link, the store buttons)
/// and set what they show. ``PageRenderer`` hands the values to Mustache; an absent value
/// (`nil`, `false`) renders nothing and leaves a `{{#value}}` section out.
struct PageValues: Sendable {
    // The site.
    /// The site's name.
    var siteName: String
    /// The site's description, for the home page.
    var siteDescription: String?
    /// The link to `site.home`.
    var homeURL: String
    /// The app's icon (`site.icon`), as this request can load it.
    var iconURL: String?
    /// The first letter of the site's name, shown in place of a missing icon.
    var siteInitial: String
    /// The site's colour (`site.color`), `#rrggbb`.
    var accentColor: String?

    // What the page is.
    /// The page's title (`<title>`, `og:title`).
    var title: String
    /// Its description (`<meta name="description">`, `og:description`).
    var description: String?
    /// Its preview image, an absolute URL (`og:image`, on the site's public host).
    var imageURL: String?
    /// The same image as this request can load it (the page's `<img>`: on this machine's name
    /// of the site host when trying it locally).
    var heroImageURL: String?
    /// The image's size in pixels, when it is one of the site's static files.
    var imageWidth: Int?
    var imageHeight: Int?
    /// What the image shows, in words (`og:image:alt`, the `<img>`'s `alt`).
    var imageAlt: String?
    /// `summary`, or `summary_large_image` when the page has its own image.
    var twitterCard: String = "summary"
    /// The link, on the site host (`og:url`, and the link the app receives).
    var canonicalURL: String?
    /// Whether search engines should leave the page out (404s, problems, personal pages).
    var noIndex: Bool = false
    /// The `apple-itunes-app` content: `app-id=…` and, on route pages, `app-argument=LINK`.
    var smartBanner: String?

    // The buttons.
    /// "Open in the app": the interstitial host, or the app's custom scheme.
    var openInAppURL: String?
    /// The App Store button's target (through `/v1/install/<token>` when a claim is attached).
    var appStoreURL: String?
    /// The Google Play button's target.
    var playStoreURL: String?
    /// On a phone without the app: the claim URL the store buttons copy.
    var claimURL: String?
    /// "Continue on the web", on a short link's landing page.
    var webURL: String?
    /// In an app's browser (Instagram's, Facebook's, …): how to leave it for one that opens apps.
    var inAppNotice: String?

    // A route's page.
    /// The route's name.
    var route: String?
    /// The route's path parameters.
    var parameters: [String: String] = [:]
    /// The route's content (any JSON).
    var content: JSONValue?

    // Messages.
    /// A heading other than the title (the page of a link that is gone).
    var heading: String?
    /// What happened, on problem pages.
    var message: String?
    /// The request's id, on error pages, so that a person can quote it.
    var requestID: String?
    /// On an invitation's page: the code as `XXXXX-XXXXX-XXXXX`.
    var invitationCode: String?
    /// On an invitation's page: why it cannot be used.
    var invitationProblem: String?

    /// The values every page has: the site, the home link, and the store buttons of `apps`.
    init(site: LoadedSite, origins: Origins, apps: [AppConfiguration]) {
        let configuration = site.configuration
        siteName = configuration.name
        siteInitial = configuration.name.first.map { String($0).uppercased() } ?? ""
        siteDescription = configuration.description
        homeURL = origins.site + configuration.homePath
        iconURL = configuration.icon.map { origins.localized(Self.absolute($0, origin: origins.canonicalSite)) }
        accentColor = configuration.color
        title = configuration.name
        description = configuration.description
        if let image = configuration.image {
            showImage(image, alt: configuration.imageAlt ?? configuration.name, site: site, origins: origins)
        }
        appStoreURL = apps.lazy.compactMap({ $0.ios?.appStoreURL }).first
        playStoreURL = apps.lazy.compactMap({ $0.android?.playStoreURL }).first
        smartBanner = apps.lazy.compactMap({ $0.ios?.appStoreID }).first.map { "app-id=\($0)" }
    }

    /// The values of a page that is not the site's own: an error, before the host is known.
    init(siteName: String) {
        self.siteName = siteName
        self.siteInitial = siteName.first.map { String($0).uppercased() } ?? ""
        self.homeURL = "/"
        self.title = siteName
    }

    /// Sets the page's own preview image (absolute, or a path on the site) and the large Twitter
    /// card it earns.
    mutating func setImage(_ url: String, alt: String?, site: LoadedSite, origins: Origins) {
        showImage(url, alt: alt, site: site, origins: origins)
        twitterCard = "summary_large_image"
    }

    /// Shows a page's card (``PageCard``) as its image: the card's address on the site's
    /// public host for the preview tags, the one this request can load for the page, its size,
    /// its texts as `alt`, and the large Twitter card.
    mutating func showCard(_ card: PageCard, origins: Origins) {
        let absolute = origins.canonicalSite + card.path
        imageURL = absolute
        heroImageURL = origins.localized(absolute)
        imageWidth = card.resolved.width
        imageHeight = card.resolved.height
        imageAlt = card.alt
        twitterCard = "summary_large_image"
    }

    /// In an app's own browser (``InAppBrowser``), which opens no universal link: says how to
    /// leave it, and points "Open in the app" at the app's custom scheme for `path` and `query`
    /// (an `intent:` address on Android), when the app has one. Nothing changes elsewhere.
    mutating func adapt(toBrowserOf userAgent: String?, path: String, query: String, apps: [AppConfiguration],
                        schemes: [String], web: String) {
        guard let inApp = InAppBrowser.detect(userAgent: userAgent) else { return }
        let visitor = VisitorClassifier.classify(userAgent: userAgent)
        inAppNotice = inApp.howToLeave(on: visitor.platform)
        guard openInAppURL != nil,
              let appURL = BridgeRoutes.appURL(path: path, query: query, visitor: visitor, apps: apps, schemes: schemes, fallback: web) else {
            return
        }
        openInAppURL = appURL
    }

    /// Shows `url` (absolute, or a path on the site) as the page's image, without changing its
    /// Twitter card: the public address for the preview tags, the one this request can load for
    /// the page, its size when it is a static file of the site, and `alt`.
    private mutating func showImage(_ url: String, alt: String?, site: LoadedSite, origins: Origins) {
        let absolute = Self.absolute(url, origin: origins.canonicalSite)
        imageURL = absolute
        heroImageURL = origins.localized(absolute)
        imageAlt = alt
        let file = site.staticFiles.file(named: absolute, siteHosts: [site.configuration.hosts.site])
        imageWidth = file?.dimensions?.width
        imageHeight = file?.dimensions?.height
    }

    /// `text` as an absolute URL: a path is put on `origin`.
    static func absolute(_ text: String, origin: String) -> String {
        text.hasPrefix("/") ? origin + text : text
    }
}
