/// What an API key may do.
public enum APIKeyScope: String, Sendable, Hashable, Codable, CaseIterable {
    /// Read links and statistics.
    case read
    /// Everything `read` may, and create, change, disable and delete links.
    case write
    /// Everything `read` may, and manage webhook endpoints and their deliveries (but not
    /// change links): whoever may redirect the events is chosen apart from whoever edits links.
    case webhooks

    /// Whether a key of this scope may do what `needed` allows: a `read` key only reads, a
    /// `write` key reads and writes, a `webhooks` key reads and manages webhooks.
    ///
    /// ```swift
    /// APIKeyScope.write.allows(.read)       // true
    /// APIKeyScope.write.allows(.webhooks)   // false: a write key cannot redirect events
    /// APIKeyScope.webhooks.allows(.write)   // false: a webhooks key cannot change links
    /// ```
    public func allows(_ needed: APIKeyScope) -> Bool {
        needed == .read || needed == self
    }
}
