/// Which links a ``LinkInbox`` keeps while their conditions are not met.
public enum HoldPolicy: Sendable, Hashable {
    /// Keep only the newest link: a newer held link replaces it, and a newer link that
    /// opens at once discards it (the person has moved on).
    case newestWins
    /// Keep every held link in arrival order, up to `limit` (the oldest are dropped first),
    /// and replay each when its conditions are met.
    case queue(limit: Int)
}
