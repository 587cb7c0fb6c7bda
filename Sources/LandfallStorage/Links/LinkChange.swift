import LandfallLinks

/// A link that was inserted, changed or deleted: what an in-process cache must forget.
///
/// ``Storage/changes()`` delivers these for every write, by this process or (on PostgreSQL)
/// any other process on the same database.
public struct LinkChange: Sendable, Hashable, Codable {
    /// The link.
    public var id: LinkID
    /// Its host (lowercased).
    public var host: String
    /// The slugs it had and has on `host`: one for an insert or delete, the old and the new
    /// one for an update that changed the slug.
    public var slugs: [String]

    /// Creates a change.
    public init(id: LinkID, host: String, slugs: [String]) {
        self.id = id
        self.host = host
        self.slugs = slugs
    }
}
