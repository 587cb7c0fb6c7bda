import LandfallJSON
import LandfallSite

/// What a page template can show: every value the bundled templates use, and that a site's
/// own templates may use (listed in the README's "Page templates" section).
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

    // What the page is.
    /// The page's title (`<title>`, `og:title`).
    var title: String
    /// Its description (`<meta name="description">`, `og:description`).
    var description: String?
    /// Its preview image, an absolute URL.
    var imageURL: String?
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
        siteDescription = configuration.description
        homeURL = origins.site + configuration.homePath
        title = configuration.name
        description = configuration.description
        imageURL = configuration.image.map { Self.absolute($0, origin: origins.canonicalSite) }
        appStoreURL = apps.lazy.compactMap({ $0.ios?.appStoreURL }).first
        playStoreURL = apps.lazy.compactMap({ $0.android?.playStoreURL }).first
        smartBanner = apps.lazy.compactMap({ $0.ios?.appStoreID }).first.map { "app-id=\($0)" }
    }

    /// The values of a page that is not the site's own: an error, before the host is known.
    init(siteName: String) {
        self.siteName = siteName
        self.homeURL = "/"
        self.title = siteName
    }

    /// Sets the page's own preview image (an absolute URL) and the large Twitter card it earns.
    mutating func setImage(_ url: String) {
        imageURL = url
        twitterCard = "summary_large_image"
    }

    /// `text` as an absolute URL: a path is put on `origin`.
    static func absolute(_ text: String, origin: String) -> String {
        text.hasPrefix("/") ? origin + text : text
    }
}
