/// Why a text is not a webhook signing secret.
public struct WebhookSecretError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong, and what is expected.
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
