/// Why a `--ca-file` could not be read as trust roots; ``message`` says what is wrong and
/// what the file must hold.
public struct TrustRootFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One sentence for people.
    public var message: String

    /// Creates an error with its message.
    public init(message: String) {
        self.message = message
    }

    /// ``message``.
    public var description: String { message }
}
