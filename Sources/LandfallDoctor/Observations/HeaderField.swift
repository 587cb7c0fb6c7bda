/// One HTTP header as received: its name as the server wrote it, and its value.
public struct HeaderField: Sendable, Hashable, Codable {
    /// The name, as the server wrote it (compare without regard to case).
    public var name: String
    /// The value.
    public var value: String

    /// Creates a header field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
