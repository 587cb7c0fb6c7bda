/// Why a document is not valid JSON, and where.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong, in words ("expected ',' or '}' after an object member, found 'x'").
    public var message: String
    /// Where the problem was found.
    public var location: SourceLocation

    /// Creates an error.
    public init(message: String, location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// `invalid JSON at line 3, column 7: expected ...`.
    public var description: String { "invalid JSON at \(location): \(message)" }
}
