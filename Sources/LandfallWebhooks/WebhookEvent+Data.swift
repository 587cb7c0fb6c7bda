import Foundation
import LandfallJSON
import LandfallLinks

extension WebhookEvent {
    /// `link.created`, `link.updated`, `link.disabled` or `link.deleted`: `{"link": Link}`, the
    /// link as the API returns it (for `link.deleted`, as it was).
    public static func link(_ type: WebhookEventType, _ link: ShortLink, at date: Date) -> WebhookEvent {
        WebhookEvent(type, at: date, data: .object([("link", link.json)]))
    }

    /// The event of a link's change from `old` to `new`: `link.disabled` when it was enabled
    /// and is disabled now, else `link.updated` (enabling a link again is an update).
    public static func linkChange(from old: ShortLink, to new: ShortLink, at date: Date) -> WebhookEvent {
        link(!old.isDisabled && new.isDisabled ? .linkDisabled : .linkUpdated, new, at: date)
    }

    /// `link.clicked`: `{"clicks": [...]}`, people's and crawlers' clicks counted since the last
    /// such event, by link, day, platform and referrer host, sorted so.
    public static func clicks(_ clicks: [LinkClicks], at date: Date) -> WebhookEvent {
        WebhookEvent(.linkClicked, at: date, data: .object([("clicks", .array(clicks.sorted().map(\.json)))]))
    }

    /// `invite.redeemed` (or `invite.exhausted` for its last use): `{"invitation": Invitation,
    /// "redeemedAt": time, "platform": "ios"}`. The invitation's `url` is `null` here.
    public static func redemption(_ type: WebhookEventType, of invitation: Invitation, platform: ClickPlatform?, at date: Date) -> WebhookEvent {
        WebhookEvent(type, at: date, data: .object([
            ("invitation", invitation.jsonValue(url: nil, now: date)),
            ("redeemedAt", .string(APITime.string(date))),
            ("platform", .optional(platform?.rawValue)),
        ]))
    }

    /// `install.attributed`: the claim an install made, with its match (`strong`: the claim
    /// token; `weak`: the device's address and hints within the weak-match window) and the reason.
    public static func attribution(of claim: PendingClaim, match: ClaimMatch, platform: ClickPlatform, at date: Date) -> WebhookEvent {
        WebhookEvent(.installAttributed, at: date, data: .object([
            ("match", .string(match.rawValue)),
            ("reason", .string(match == .strong ? "claim_token" : "address_and_device_hints")),
            ("platform", .string(platform.rawValue)),
            ("url", .string(claim.url)),
            ("deepLink", .string(claim.deepLink)),
            ("linkID", .optional(claim.linkID?.rawValue)),
            ("campaign", claim.campaign.json),
            ("data", .sortedStrings(claim.data)),
            ("landedAt", .string(APITime.string(claim.createdAt))),
            ("claimedAt", .string(APITime.string(date))),
        ]))
    }

    /// `app.opened`: an `open` or `first_open` event an app reported (`"firstOpen": true` for the latter).
    public static func appOpened(_ event: AppEvent) -> WebhookEvent {
        WebhookEvent(.appOpened, at: event.occurredAt, data: .object([
            ("eventID", .string(event.id)),
            ("firstOpen", .bool(event.type == .firstOpen)),
            ("platform", .string(event.platform.rawValue)),
            ("url", .optional(event.url)),
            ("linkID", .optional(event.linkID?.rawValue)),
            ("campaign", .optional(event.campaign)),
            ("openedAt", .string(APITime.string(event.occurredAt))),
        ]))
    }

    /// `settings.changed`: `{"settings": {...}, "previous": {...}}`, each the settings as
    /// `GET /v1/settings` answers them.
    public static func settingsChange(from previous: JSONValue, to settings: JSONValue, at date: Date) -> WebhookEvent {
        WebhookEvent(.settingsChanged, at: date, data: .object([("settings", settings), ("previous", previous)]))
    }

    /// `webhook.test`: sent to one endpoint on request, to try the receiver.
    public static func test(endpointID: String, at date: Date) -> WebhookEvent {
        WebhookEvent(.webhookTest, at: date, data: .object([
            ("endpointID", .string(endpointID)),
            ("message", .string("A test event from Landfall: if your receiver verified its signature, the endpoint works.")),
        ]))
    }
}

/// Clicks of one link on one day, platform and referrer host, as `link.clicked` reports them.
public struct LinkClicks: Sendable, Hashable, Comparable {
    /// The link.
    public var linkID: LinkID
    /// Its host and slug at the time of the click.
    public var host: String
    public var slug: String
    /// The UTC day, `yyyy-MM-dd`.
    public var day: String
    /// Who clicked (`crawler` for link previews).
    public var platform: ClickPlatform
    /// The referrer's host, `""` for none.
    public var referrerHost: String
    /// How many clicks.
    public var count: Int

    public init(linkID: LinkID, host: String, slug: String, day: String, platform: ClickPlatform, referrerHost: String, count: Int) {
        self.linkID = linkID
        self.host = host
        self.slug = slug
        self.day = day
        self.platform = platform
        self.referrerHost = referrerHost
        self.count = count
    }

    /// `{"linkID", "url", "host", "slug", "day", "platform", "referrerHost", "count"}`.
    public var json: JSONValue {
        .object([
            ("linkID", .string(linkID.rawValue)),
            ("url", .string("https://\(host)/\(slug)")),
            ("host", .string(host)),
            ("slug", .string(slug)),
            ("day", .string(day)),
            ("platform", .string(platform.rawValue)),
            ("referrerHost", .string(referrerHost)),
            ("count", .integer(count)),
        ])
    }

    public static func < (lhs: LinkClicks, rhs: LinkClicks) -> Bool {
        (lhs.day, lhs.linkID, lhs.platform.rawValue, lhs.referrerHost) < (rhs.day, rhs.linkID, rhs.platform.rawValue, rhs.referrerHost)
    }
}
