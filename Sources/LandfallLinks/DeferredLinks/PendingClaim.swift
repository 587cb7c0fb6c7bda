import Foundation
import LandfallWire

/// A deferred deep link waiting for the app's first launch: recorded when a landing page is
/// shown to someone without the app, claimed once by that app after the install.
///
/// The app claims it with ``token`` (from the pasteboard or the Play install referrer: a
/// strong match), or, if it opts in, with device hints alone (a weak match: within the
/// site's window, and only when exactly one pending link fits).
public struct PendingClaim: Sendable, Hashable {
    /// The token that claims it.
    public var token: ClaimToken
    /// The link the person opened: a short link (`https://go.example.com/winter`), a page of
    /// the site, or an invitation.
    public var url: String
    /// Where the app should go: the short link's target, or ``url`` itself for a page.
    public var deepLink: String
    /// The short link, when ``url`` is one.
    public var linkID: LinkID?
    /// The short link's data for the app.
    public var data: [String: String]
    /// The short link's campaign.
    public var campaign: Campaign
    /// When the landing page was shown.
    public var createdAt: Date
    /// After this moment the claim can no longer be claimed, and it is purged.
    public var expiresAt: Date
    /// The client address hashed with the salt of ``createdAt``'s UTC day (hex), so that a
    /// weak match can compare addresses without anyone keeping them.
    public var addressHash: String
    /// The device as the page saw it.
    public var hints: DeviceHints
    /// When it was claimed (`nil`: still pending).
    public var claimedAt: Date?
    /// How it was claimed (`nil`: still pending).
    public var match: ClaimMatch?

    /// Creates a pending claim.
    public init(token: ClaimToken, url: String, deepLink: String, linkID: LinkID? = nil, data: [String: String] = [:],
                campaign: Campaign = Campaign(), createdAt: Date, expiresAt: Date, addressHash: String, hints: DeviceHints,
                claimedAt: Date? = nil, match: ClaimMatch? = nil) {
        self.token = token
        self.url = url
        self.deepLink = deepLink
        self.linkID = linkID
        self.data = data
        self.campaign = campaign
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.addressHash = addressHash
        self.hints = hints
        self.claimedAt = claimedAt
        self.match = match
    }
}
