extension LinkQuery {
    /// The order of a list of links. Each has a cursor (``LinkCursor``) that pages through it
    /// without skipping or repeating a link, and an index that reads it in order.
    public enum Sort: String, Sendable, Hashable, CaseIterable {
        /// Newest first (ids descending: they are UUIDv7, so by creation time).
        case newest
        /// Oldest first.
        case oldest
        /// Most clicked first; of equal counts, the newest first. A link clicked between two
        /// pages can move: it may show twice or not at all while paging.
        case mostClicked = "clicks"
    }
}
