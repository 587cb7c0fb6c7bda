/// What an API key may do.
public enum APIKeyScope: String, Sendable, Hashable, Codable, CaseIterable {
    /// Read links and statistics.
    case read
    /// Everything `read` may, and create, change, disable and delete links.
    case write

    /// Whether a key of this scope may do what `needed` allows.
    public func allows(_ needed: APIKeyScope) -> Bool {
        self == .write || needed == .read
    }
}
