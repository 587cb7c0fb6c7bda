/// Why text is not an invitation code, in words a person can act on.
///
/// ```swift
/// do {
///     _ = try InviteCode(parsing: "7KQ2M-X4P9T-HCW3")
/// } catch {
///     error.message // the code has 14 symbols; invitation codes have 15 (spaces and dashes do not count)
/// }
/// ```
public struct InviteCodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, and what to do.
    public var message: String

    /// Creates an error.
    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}
