import Foundation
import LandfallWire

/// A short link: a slug on one of the site's link hosts that sends each visitor to the right place.
///
/// A person who taps `https://go.example.com/winter` lands in the app when it is installed
/// (the link host's association file claims short links), and otherwise on a landing page
/// (phones), a redirect to ``target`` (desktop) or a preview (link-preview crawlers).
///
/// ```swift
/// let link = ShortLink(id: id, host: "go.example.com", slug: "winter",
///                      target: "https://daily.example.com/puzzle/2026-11-21",
///                      createdAt: now)
/// ```
public struct ShortLink: Sendable, Hashable, Codable {
    /// The link's identifier: a time-ordered UUID (version 7), so that ids sort by creation.
    public var id: LinkID
    /// The link host the slug lives on (lowercased).
    public var host: String
    /// The path segment after the host: case-sensitive, as Firebase Dynamic Links' were.
    public var slug: String
    /// Where the link leads: a deep link on one of the site's hosts, or an allowed external URL.
    public var target: String
    /// Where each platform goes instead of the default, when the app does not open.
    public var overrides: PlatformOverrides
    /// What link previews (Messages, Slack, …) show.
    public var preview: SocialPreview
    /// Campaign fields (`utm_*`), kept with the link and reported with its statistics.
    public var campaign: Campaign
    /// Data handed to the app with the deep link (`GET /v1/resolve`).
    public var data: [String: String]
    /// After this moment the link answers 410 Gone.
    public var expiresAt: Date?
    /// After this many clicks the link answers 410 Gone.
    public var maxClicks: Int?
    /// A disabled link answers 410 Gone until it is enabled again.
    public var isDisabled: Bool
    /// When the link was created.
    public var createdAt: Date
    /// When the link was last changed.
    public var updatedAt: Date
    /// The clicks counted so far (people, not preview crawlers).
    public var clickCount: Int
    /// The name of the site's card template (`cards:` in `landfall.yml`) the link's share
    /// card is drawn from instead of its target route's card; nil for the route's. A name the
    /// site no longer has falls back to the route's card.
    public var card: String?

    /// Creates a link.
    public init(
        id: LinkID, host: String, slug: String, target: String, overrides: PlatformOverrides = PlatformOverrides(),
        preview: SocialPreview = SocialPreview(), campaign: Campaign = Campaign(), data: [String: String] = [:],
        expiresAt: Date? = nil, maxClicks: Int? = nil, isDisabled: Bool = false, createdAt: Date, updatedAt: Date? = nil,
        clickCount: Int = 0, card: String? = nil
    ) {
        self.id = id
        self.host = host.lowercased()
        self.slug = slug
        self.target = target
        self.overrides = overrides
        self.preview = preview
        self.campaign = campaign
        self.data = data
        self.expiresAt = expiresAt
        self.maxClicks = maxClicks
        self.isDisabled = isDisabled
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        self.clickCount = clickCount
        self.card = card
    }
}

/// Per-platform destinations used instead of ``ShortLink/target`` when the app does not open.
public struct PlatformOverrides: Sendable, Hashable, Codable {
    /// Where an iPhone or iPad browser goes (instead of the landing page).
    public var ios: String?
    /// Where an Android browser goes (instead of the landing page).
    public var android: String?
    /// Where a desktop browser goes (instead of ``ShortLink/target``).
    public var desktop: String?

    /// Creates overrides; `nil` keeps the default for that platform.
    public init(ios: String? = nil, android: String? = nil, desktop: String? = nil) {
        self.ios = ios
        self.android = android
        self.desktop = desktop
    }

    /// Every override that is set, with its field name (`ios`, `android`, `desktop`).
    public var all: [(field: String, url: String)] {
        [("ios", ios), ("android", android), ("desktop", desktop)].compactMap { field, url in url.map { (field, $0) } }
    }
}

/// What a link preview shows: Open Graph and Twitter card fields.
public struct SocialPreview: Sendable, Hashable, Codable {
    /// The preview's title (`og:title`).
    public var title: String?
    /// The preview's description (`og:description`).
    public var description: String?
    /// An absolute http(s) image URL (`og:image`).
    public var imageURL: String?

    /// Creates a preview; empty fields fall back to the target page's or the site's.
    public init(title: String? = nil, description: String? = nil, imageURL: String? = nil) {
        self.title = title
        self.description = description
        self.imageURL = imageURL
    }
}
