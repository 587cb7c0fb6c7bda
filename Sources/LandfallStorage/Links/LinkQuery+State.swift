extension LinkQuery {
    /// What a link does when clicked, as a filter. The three states do not overlap: a disabled
    /// link is `disabled` whether or not it has also expired.
    public enum State: String, Sendable, Hashable, CaseIterable {
        /// Enabled, not past its expiry and below its maximum of clicks: it redirects.
        case active
        /// Turned off by a person (`disabled`).
        case disabled
        /// Enabled, but past its expiry (`expiresAt` at or before now) or at its maximum of clicks.
        case expired
    }
}
