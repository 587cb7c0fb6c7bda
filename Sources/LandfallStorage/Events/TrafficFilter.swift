import LandfallLinks

/// Which counts ``Storage/trafficCounts(_:)`` adds up: every filter that is set must hold.
///
/// ```swift
/// let november = TrafficFilter(from: "2026-11-01", to: "2026-11-30", campaign: "winter-league")
/// let counts = try await storage.trafficCounts(november)
/// ```
public struct TrafficFilter: Sendable, Hashable {
    /// Only one link's clicks and events.
    public var linkID: LinkID?
    /// Only days from this one on (`yyyy-MM-dd`, inclusive).
    public var from: String?
    /// Only days up to this one (`yyyy-MM-dd`, inclusive).
    public var to: String?
    /// Only this campaign: a link's `utm_campaign`, an event's campaign; `""` for none.
    public var campaign: String?

    /// Creates a filter; every filter left `nil` lets all counts through.
    public init(linkID: LinkID? = nil, from: String? = nil, to: String? = nil, campaign: String? = nil) {
        self.linkID = linkID
        self.from = from
        self.to = to
        self.campaign = campaign
    }
}
