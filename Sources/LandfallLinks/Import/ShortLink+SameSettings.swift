import Foundation

extension ShortLink {
    /// Whether `other` leads where this link leads and is set up as it is: the same target,
    /// overrides, preview, campaign, data, expiry (to the millisecond), click limit, state and card.
    /// Its id, host, slug, times and clicks do not count: an import finds a row it already
    /// imported by host and slug, and leaves that link alone.
    public func hasSameSettings(as other: ShortLink) -> Bool {
        guard target == other.target, overrides == other.overrides, preview == other.preview, campaign == other.campaign,
              data == other.data, maxClicks == other.maxClicks, isDisabled == other.isDisabled, card == other.card else { return false }
        switch (expiresAt, other.expiresAt) {
        case (nil, nil): return true
        case (let mine?, let theirs?): return abs(mine.timeIntervalSince(theirs)) < 0.001
        default: return false
        }
    }
}
