/// Why a webhook endpoint's URL, or the address its host resolved to, is refused.
public struct WebhookURLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong, and what is expected.
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
