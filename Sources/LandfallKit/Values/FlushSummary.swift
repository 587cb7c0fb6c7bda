/// What ``LinkClient/flush()`` did with the offline queue.
public struct FlushSummary: Sendable, Hashable {
    /// Events the server stored.
    public var accepted: Int
    /// Events the server had already stored (a replay of the same id): counted once.
    public var duplicates: Int
    /// Events dropped because the server will never take them (older than 30 days, or
    /// refused as invalid).
    public var dropped: Int

    /// Creates a summary.
    public init(accepted: Int = 0, duplicates: Int = 0, dropped: Int = 0) {
        self.accepted = accepted
        self.duplicates = duplicates
        self.dropped = dropped
    }
}
