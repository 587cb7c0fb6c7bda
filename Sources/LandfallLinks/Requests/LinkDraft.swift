import AppSiteAssociation
import Foundation
import LandfallJSON
import LandfallWire

/// The body of `POST /v1/links` (and one element of `POST /v1/links/bulk`): a link to create.
///
/// ```json
/// {
///   "target": "https://daily.example.com/puzzle/2026-11-21",
///   "slug": "winter",
///   "overrides": {"desktop": "https://daily.example.com/about"},
///   "preview": {"title": "Winter League", "imageURL": "https://daily.example.com/og/winter.png"},
///   "campaign": {"source": "newsletter", "medium": "email", "name": "winter-league"},
///   "data": {"invitedBy": "ada"},
///   "expiresAt": "2026-12-31T23:59:59Z",
///   "maxClicks": 1000,
///   "card": "invitation"
/// }
/// ```
///
/// Reading checks the shape of every field (types, lengths, dates, limits); it does not judge
/// URLs, slugs or hosts: the server runs ``urlFields`` through the destination policy and the
/// slug through the slug policy, and reports their refusals with the same field names.
public struct LinkDraft: Sendable, Hashable {
    /// Where the link leads. Required.
    public var target: String
    /// A custom slug, or `nil` for a random one.
    public var slug: String?
    /// The link host, or `nil` for the site's default link host.
    public var host: String?
    /// Per-platform destinations.
    public var overrides: PlatformOverrides
    /// What link previews show.
    public var preview: SocialPreview
    /// Campaign fields.
    public var campaign: Campaign
    /// Data handed to the app with the deep link.
    public var data: [String: String]
    /// When the link stops working.
    public var expiresAt: Date?
    /// After how many clicks the link stops working.
    public var maxClicks: Int?
    /// Whether the link starts disabled.
    public var isDisabled: Bool
    /// The name of the site's card template the link's share card is drawn from, or `nil` for
    /// its target route's card. The server refuses a name the site has no template for.
    public var card: String?

    /// Creates a draft.
    public init(
        target: String, slug: String? = nil, host: String? = nil, overrides: PlatformOverrides = PlatformOverrides(),
        preview: SocialPreview = SocialPreview(), campaign: Campaign = Campaign(), data: [String: String] = [:],
        expiresAt: Date? = nil, maxClicks: Int? = nil, isDisabled: Bool = false, card: String? = nil
    ) {
        self.target = target
        self.slug = slug
        self.host = host
        self.overrides = overrides
        self.preview = preview
        self.campaign = campaign
        self.data = data
        self.expiresAt = expiresAt
        self.maxClicks = maxClicks
        self.isDisabled = isDisabled
        self.card = card
    }

    /// The link this draft describes, once the server has chosen its identifier, host and slug.
    public func shortLink(id: LinkID, host: String, slug: String, createdAt: Date) -> ShortLink {
        ShortLink(id: id, host: host, slug: slug, target: target, overrides: overrides, preview: preview, campaign: campaign,
                  data: data, expiresAt: expiresAt, maxClicks: maxClicks, isDisabled: isDisabled, createdAt: createdAt, card: card)
    }

    /// Every URL of the draft, with its field: `target`, then `overrides.ios`,
    /// `overrides.android`, `overrides.desktop` and `preview.imageURL` when set. The server runs
    /// the destinations through the destination policy; the image, shown but never redirected
    /// to, only has to be an absolute http(s) URL.
    public var urlFields: [(field: String, url: String)] {
        Self.urlFields(target: target, overrides: overrides, imageURL: preview.imageURL, under: [])
    }

    static func urlFields(target: String?, overrides: PlatformOverrides, imageURL: String?, under path: JSONPath) -> [(field: String, url: String)] {
        var fields: [(field: String, url: String)] = []
        if let target { fields.append((BodyReader.field(path.appending("target")), target)) }
        for (name, url) in overrides.all {
            fields.append((BodyReader.field(path.appending("overrides").appending(name)), url))
        }
        if let imageURL { fields.append((BodyReader.field(path.appending("preview").appending("imageURL")), imageURL)) }
        return fields
    }
}
