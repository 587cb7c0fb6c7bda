import LandfallLinks

/// What an in-process cache of links must forget: one link that was inserted, changed or
/// deleted, or any link at all when changes may have been missed.
///
/// ``Storage/changes()`` delivers these for every write, by this process or (on PostgreSQL)
/// any other process on the same database.
///
/// ```swift
/// for await change in storage.changes() {
///     switch change {
///     case .link(_, let host, let slugs): cache.remove(host: host, slugs: slugs)
///     case .anyLink: cache.removeAll()
///     }
/// }
/// ```
public enum LinkChange: Sendable, Hashable {
    /// The link `id` on `host` (lowercased) was inserted, changed or deleted. `slugs` are the
    /// slugs it had and has on `host`: one for an insert or delete, the old and the new one
    /// for an update that changed the slug.
    case link(id: LinkID, host: String, slugs: [String])
    /// Any link may have changed, and which ones is not known: on PostgreSQL, the connection
    /// that hears other instances' changes dropped, and the changes made until it listened
    /// again were never delivered. Delivered once it listens again; a cache forgets
    /// everything it holds.
    case anyLink

    /// A change of one link (``link(id:host:slugs:)``).
    public init(id: LinkID, host: String, slugs: [String]) {
        self = .link(id: id, host: host, slugs: slugs)
    }

    /// The slugs of a ``link(id:host:slugs:)`` change; none for ``anyLink``.
    public var slugs: [String] {
        switch self {
        case .link(_, _, let slugs): slugs
        case .anyLink: []
        }
    }
}
