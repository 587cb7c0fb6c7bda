import Foundation

/// What a link stands for: where the app should go (``deepLink``), the data and campaign it
/// carries, and the short link's id.
///
/// The server writes it as the answer of `GET /v1/resolve` and as the `link` of a
/// `POST /v1/claims` answer; the app SDK decodes it from both.
///
/// ```swift
/// let json = #"{"url": "https://go.daily.example.com/xmas", "deepLink": "https://daily.example.com/puzzle/2026-12-24"}"#
/// let link = try JSONDecoder().decode(ResolvedLink.self, from: Data(json.utf8))
/// link.deepLinkURL?.path // "/puzzle/2026-12-24"
/// link.data              // [:]
/// link.campaign.isEmpty  // true
/// ```
public struct ResolvedLink: Sendable, Hashable, Codable {
    /// The link asked about or claimed: the short link, or the page's URL.
    public var url: String
    /// Where the app should go: a URL its router routes.
    public var deepLink: String
    /// Text handed to the app with the link.
    public var data: [String: String]
    /// The link's campaign fields.
    public var campaign: Campaign
    /// The short link's id; nil for a long link or a page, which are not stored links.
    public var id: String?

    /// Creates a resolved link.
    public init(url: String, deepLink: String, data: [String: String] = [:], campaign: Campaign = Campaign(),
                id: String? = nil) {
        self.url = url
        self.deepLink = deepLink
        self.data = data
        self.campaign = campaign
        self.id = id
    }

    private enum CodingKeys: String, CodingKey {
        case url, deepLink, data, campaign, id
    }

    /// Decodes the API's JSON; `data`, `campaign` and `id` may be absent or null.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.url = try container.decode(String.self, forKey: .url)
        self.deepLink = try container.decode(String.self, forKey: .deepLink)
        self.data = try container.decodeIfPresent([String: String].self, forKey: .data) ?? [:]
        self.campaign = try container.decodeIfPresent(Campaign.self, forKey: .campaign) ?? Campaign()
        self.id = try container.decodeIfPresent(String.self, forKey: .id)
    }

    /// ``deepLink`` as a `URL`, when it is one.
    public var deepLinkURL: URL? { URL(string: deepLink) }
}
