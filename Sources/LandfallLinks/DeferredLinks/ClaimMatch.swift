/// How sure a deferred-link claim is that the link is this device's.
public enum ClaimMatch: String, Sendable, Hashable, Codable, CaseIterable {
    /// The app presented the claim's token: certainly this device's link.
    case strong
    /// No token; the device hints fit exactly one pending link within the window.
    case weak
    /// Nothing matched.
    case none
}
