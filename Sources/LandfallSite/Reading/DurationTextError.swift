/// Why a text is not a ``DurationText``, with what to write instead.
///
/// ```swift
/// do { _ = try DurationText(parsing: "1.5h") } catch { print(error) }
/// // '1.5h' is not a duration; write a whole number and a unit, such as 90s, 30m, 1h or 7d
/// ```
public struct DurationTextError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A sentence a person can act on.
    public let message: String

    /// Creates an error.
    public init(message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
