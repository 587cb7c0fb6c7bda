import Foundation
import LandfallLinks

/// Which links ``Storage/links(_:)`` returns: at most ``limit``, in the order ``sort`` says,
/// from the cursor on, and only those matching every filter that is set.
///
/// ```swift
/// var query = LinkQuery(limit: 50, host: "go.example.com")
/// query.search = "winter"
/// query.sort = .mostClicked
/// let first = try await storage.links(query)
/// query.cursor = first.last.map { LinkCursor(after: $0, sortedBy: query.sort) }   // the next page
/// let second = try await storage.links(query)
/// ```
///
/// Every filter and every order is read through an index (with a million links a page takes
/// a few milliseconds); see ``search`` for how text is found.
public struct LinkQuery: Sendable, Hashable {
    /// How many links at most, from 1 to 500 (values outside are clamped).
    public var limit: Int
    /// Where the page starts: only links after this one in ``sort``'s order, usually made of
    /// the last link of the previous page (``LinkCursor/init(after:sortedBy:)``).
    public var cursor: LinkCursor?
    /// The order, newest first by default.
    public var sort: Sort
    /// Only links whose slug, preview title or target contains this text, without regard to
    /// the case of ASCII letters on SQLite (of every letter on PostgreSQL), found through a
    /// trigram index (SQLite's FTS5, PostgreSQL's `pg_trgm`). Text of 1 or 2 characters is
    /// too short for trigrams: it keeps the links whose slug starts with it (case-sensitive).
    /// Empty text filters nothing.
    public var search: String?
    /// Only links in this state (at ``now``); `nil` for all.
    public var state: LinkState?
    /// The moment ``state`` is judged at (whether a link has expired); `nil` for the current time.
    public var now: Date?
    /// Only links on this host (compared lowercased).
    public var host: String?
    /// Only links whose slug starts with this text (case-sensitive).
    public var slugPrefix: String?
    /// Only disabled (`true`) or only enabled (`false`) links.
    public var disabled: Bool?
    /// Only links whose campaign name (`utm_campaign`) is exactly this.
    public var campaignName: String?
    /// Only links whose target contains this text (case-sensitive).
    public var targetContains: String?
    /// Only links created at or after this moment.
    public var createdFrom: Date?
    /// Only links created before this moment.
    public var createdBefore: Date?

    /// The range ``limit`` is clamped to.
    public static let limits = 1...500

    /// Creates a query; every filter left `nil` lets all links through.
    public init(
        limit: Int = 50, after: LinkID? = nil, host: String? = nil, slugPrefix: String? = nil, disabled: Bool? = nil,
        campaignName: String? = nil, targetContains: String? = nil, createdFrom: Date? = nil, createdBefore: Date? = nil,
        search: String? = nil, state: LinkState? = nil, sort: Sort = .newest, cursor: LinkCursor? = nil, now: Date? = nil
    ) {
        self.limit = limit
        self.cursor = cursor ?? after.map { LinkCursor(id: $0) }
        self.sort = sort
        self.search = search
        self.state = state
        self.now = now
        self.host = host
        self.slugPrefix = slugPrefix
        self.disabled = disabled
        self.campaignName = campaignName
        self.targetContains = targetContains
        self.createdFrom = createdFrom
        self.createdBefore = createdBefore
    }

    /// A cursor of ids, for the ``Sort/newest`` and ``Sort/oldest`` orders: only links after
    /// the link with this id (older ones when newest first). Setting it sets ``cursor``.
    public var after: LinkID? {
        get { cursor?.id }
        set { cursor = newValue.map { LinkCursor(id: $0) } }
    }

    /// ``limit`` within ``limits``.
    var clampedLimit: Int {
        min(max(limit, Self.limits.lowerBound), Self.limits.upperBound)
    }
}
