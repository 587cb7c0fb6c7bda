/// What an analytics event records. The server records clicks, claims and redemptions itself;
/// apps report opens (``isReportedByApps``) through `POST /v1/events`.
public enum EventType: String, Sendable, Hashable, Codable, CaseIterable {
    /// Someone followed a short link (counted by the server; previews are clicks by crawlers).
    case click
    /// The app was opened through a link (reported by the app).
    case open
    /// The app's first launch after install (reported by the app), with the link it claimed, if any.
    case firstOpen = "first_open"
    /// A deferred link was claimed after an install (strong or weak; recorded by the server).
    case claim
    /// An invitation was redeemed (recorded by the server).
    case redemption

    /// Whether apps may report it (the others are the server's own records).
    public var isReportedByApps: Bool { self == .open || self == .firstOpen }
}
