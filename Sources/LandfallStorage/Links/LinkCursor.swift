import LandfallLinks

/// Where a page of links starts: after the link with ``id`` (and, for the most clicked order,
/// ``clickCount`` clicks) in a ``LinkQuery/Sort``'s order.
///
/// Its ``description`` is the opaque text a page's "next" link carries, and
/// ``init(_:)`` reads it back:
///
/// ```swift
/// let cursor = LinkCursor(after: lastLinkOfThePage, sortedBy: .mostClicked)
/// cursor.description                       // "42.0198a3b2-…"
/// LinkCursor(cursor.description) == cursor // true
/// ```
public struct LinkCursor: Sendable, Hashable, CustomStringConvertible, LosslessStringConvertible {
    /// The id of the last link of the previous page.
    public var id: LinkID
    /// Its click count then, for the most clicked order (`nil` for the others).
    public var clickCount: Int?

    /// A cursor after the link `id` (with `clickCount` clicks, for the most clicked order).
    public init(id: LinkID, clickCount: Int? = nil) {
        self.id = id
        self.clickCount = clickCount
    }

    /// The cursor after `link` in `sort`'s order.
    public init(after link: ShortLink, sortedBy sort: LinkQuery.Sort) {
        self.init(id: link.id, clickCount: sort == .mostClicked ? link.clickCount : nil)
    }

    /// Reads ``description``: a link id, or a click count, a dot and a link id. `nil` for
    /// anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let count = Int(parts[0]), count >= 0, String(count) == parts[0], let id = LinkID(String(parts[1])) else { return nil }
            self.init(id: id, clickCount: count)
        } else {
            guard let id = LinkID(text) else { return nil }
            self.init(id: id)
        }
    }

    public var description: String {
        clickCount.map { "\($0).\(id.rawValue)" } ?? id.rawValue
    }

    /// Whether this cursor can start a page of `sort` (the most clicked order needs a count,
    /// the others take none).
    public func fits(_ sort: LinkQuery.Sort) -> Bool {
        (sort == .mostClicked) == (clickCount != nil)
    }
}
