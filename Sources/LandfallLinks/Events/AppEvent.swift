import Foundation

/// One analytics event: reported by an app (``EventType/isReportedByApps``) or recorded by the
/// server (claims, redemptions). Stored once per ``id``: a replay of the same event (an app's
/// offline queue retrying) counts once.
public struct AppEvent: Sendable, Hashable {
    /// The event's identifier: a lowercase UUID the app generates (the server's own events get one too).
    public var id: String
    /// What happened.
    public var type: EventType
    /// When it happened.
    public var occurredAt: Date
    /// The platform it happened on (`ios` or `android` for app events).
    public var platform: ClickPlatform
    /// The short link involved, if any.
    public var linkID: LinkID?
    /// The URL the app was opened with, or that was claimed, if any.
    public var url: String?
    /// The campaign (`utm_campaign` of the link, or an invitation's campaign), if any.
    public var campaign: String?
    /// A detail: for a claim its match (`strong`, `weak`), for a redemption the invitation code.
    public var detail: String?

    /// Creates an event.
    public init(id: String, type: EventType, occurredAt: Date, platform: ClickPlatform, linkID: LinkID? = nil, url: String? = nil,
                campaign: String? = nil, detail: String? = nil) {
        self.id = id
        self.type = type
        self.occurredAt = occurredAt
        self.platform = platform
        self.linkID = linkID
        self.url = url
        self.campaign = campaign
        self.detail = detail
    }
}
