import LandfallLinks

/// Which click counts ``Storage/clickCountPage(_:)`` reads, and from where: a page of at most
/// ``limit`` rows in the order of the table's key (link, day, platform, referrer host), after
/// ``after``.
///
/// ```swift
/// var query = ClickCountExport(from: "2026-11-01", to: "2026-11-30")
/// while true {
///     let page = try await storage.clickCountPage(query)
///     write(page)
///     guard let last = page.last, page.count == query.limit else { break }
///     query.after = last.count.key
/// }
/// ```
public struct ClickCountExport: Sendable, Hashable {
    /// One row: a count, with the host and slug of its link.
    public struct Row: Sendable, Hashable {
        /// The count and its key (link, day, platform, referrer host).
        public var count: ClickCount
        /// The link's host.
        public var host: String
        /// The link's slug.
        public var slug: String

        /// Creates a row.
        public init(count: ClickCount, host: String, slug: String) {
            self.count = count
            self.host = host
            self.slug = slug
        }
    }

    /// Only days from this one (`yyyy-MM-dd`, UTC), inclusive.
    public var from: String?
    /// Only days up to this one (`yyyy-MM-dd`, UTC), inclusive.
    public var to: String?
    /// Only the counts of this link (read through the table's key).
    public var linkID: LinkID?
    /// Where the page starts: after the row with this key.
    public var after: ClickKey?
    /// How many rows at most, from 1 to 5,000 (values outside are clamped).
    public var limit: Int

    /// The range ``limit`` is clamped to.
    public static let limits = 1...5_000

    /// Creates a query; every filter left `nil` lets all counts through.
    public init(from: String? = nil, to: String? = nil, linkID: LinkID? = nil, after: ClickKey? = nil, limit: Int = 1_000) {
        self.from = from
        self.to = to
        self.linkID = linkID
        self.after = after
        self.limit = limit
    }
}
