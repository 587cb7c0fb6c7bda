/// Why a route pattern could not be parsed, and the exact character at fault.
///
/// The ``description`` shows the pattern with a caret under that character:
///
/// ```
/// pattern '/user/:id/:id', character 11: duplicate parameter name 'id'
///   /user/:id/:id
///             ^
/// ```
public struct RoutePatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of mistake the pattern contains.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The pattern is the empty string (write `/` for the root).
        case emptyPattern
        /// The pattern does not begin with `/` (or with an optional group that does).
        case missingLeadingSlash
        /// Two slashes in a row: an empty segment can never match.
        case emptySegment
        /// A `(` without its `)`, or a `)` without its `(`.
        case unbalancedParenthesis
        /// `()` or an optional group that does not start with `/`.
        case malformedGroup
        /// `:` (or `*` with a name) not followed by a valid name.
        case emptyParameterName
        /// A parameter name with a character other than letters, digits and `_`.
        case invalidParameterName
        /// The same parameter name twice in one pattern.
        case duplicateParameterName
        /// A `:name` or `*` that does not occupy its whole segment (`/a:b`).
        case parameterNotWholeSegment
        /// Something follows a catch-all.
        case catchAllNotLast
        /// `?` or `#`: patterns describe the path only.
        case queryOrFragmentInPattern
        /// A `%` not followed by two hex digits, or escapes that are not UTF-8.
        case invalidPercentEncoding
        /// More optional groups than a router accepts (8).
        case tooManyOptionalGroups
    }

    /// What kind of mistake this is.
    public let code: Code
    /// The pattern as written.
    public let pattern: String
    /// The zero-based position of the offending character in `pattern`, counted in
    /// `Character`s; equal to `pattern.count` when the problem is the end of the pattern.
    public let offset: Int
    /// A sentence describing the problem, without the pattern.
    public let message: String

    /// Creates an error; the router's pattern parser is the usual source of these.
    public init(code: Code, pattern: String, offset: Int, message: String) {
        self.code = code
        self.pattern = pattern
        self.offset = offset
        self.message = message
    }

    /// The message, the pattern, and a caret under the offending character.
    public var description: String {
        "pattern '\(pattern)', character \(offset + 1): \(message)\n  \(pattern)\n  "
            + String(repeating: " ", count: offset) + "^"
    }
}
