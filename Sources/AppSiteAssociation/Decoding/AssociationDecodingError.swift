import LandfallJSON
/// Why a file could not be read as an association file, and exactly where.
///
/// ```
/// applinks.details[2].components[0]["?"]: expected a string or an object of strings, found an array (line 14, column 18)
/// ```
public struct AssociationDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The place in the document (empty for the top level or for invalid JSON).
    public var path: JSONPath
    /// What was wrong, in words.
    public var message: String
    /// Where in the source text, when known.
    public var location: SourceLocation?
    /// The parse error, when the text is not JSON at all.
    public var parseError: JSONParseError?

    /// Creates an error.
    public init(path: JSONPath, message: String, location: SourceLocation?, parseError: JSONParseError? = nil) {
        self.path = path
        self.message = message
        self.location = location
        self.parseError = parseError
    }

    /// Wraps a JSON syntax error.
    public init(_ parseError: JSONParseError) {
        self.init(path: JSONPath(), message: parseError.description, location: parseError.location, parseError: parseError)
    }

    /// `path: message (line L, column C)`.
    public var description: String {
        if parseError != nil { return message }
        let place = path.components.isEmpty ? "top level" : path.description
        if let location { return "\(place): \(message) (\(location))" }
        return "\(place): \(message)"
    }
}
