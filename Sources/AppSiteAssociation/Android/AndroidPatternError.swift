/// Why Android refuses an advanced path pattern (`android:pathAdvancedPattern`): the exception
/// `PatternMatcher.parseAndVerifyAdvancedPattern` throws, with where and a plain-English hint.
///
/// An app whose manifest holds such a pattern fails when Android parses it, so the check matters
/// before the app ships.
///
/// ```swift
/// do {
///     _ = try AndroidPattern("*a", kind: .advancedGlob)
/// } catch {
///     error.reason      // "Modifier must follow a token."
///     error.offset      // 0
///     error.description // "Android rejects the advanced pattern \"*a\": Modifier must follow a token. (at character 1: '*' must follow a character, '.', or a set)"
/// }
/// ```
public struct AndroidPatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The pattern refused, as `PatternMatcher` received it.
    public var pattern: String
    /// The UTF-16 offset (0-based) of the character at fault, when known.
    public var offset: Int?
    /// Android's own exception message, such as `Modifier must follow a token.`; for a `[` at the
    /// very end, the message of the `StringIndexOutOfBoundsException` Android throws
    /// (`length=2; index=2`).
    public var reason: String
    /// What to do about it, in plain English (`'*' must follow a character, '.', or a set`).
    public var hint: String

    /// Creates an error.
    public init(pattern: String, offset: Int?, reason: String, hint: String) {
        self.pattern = pattern
        self.offset = offset
        self.reason = reason
        self.hint = hint
    }

    /// A sentence a person can act on, quoting Android's message, e.g.
    /// `Android rejects the advanced pattern "*a": Modifier must follow a token. (at character 1: '*' must follow a character, '.', or a set)`.
    public var description: String {
        let place = offset.map { "at character \($0 + 1): " } ?? ""
        return "Android rejects the advanced pattern \"\(pattern)\": \(reason) (\(place)\(hint))"
    }
}

extension AndroidPatternError {
    /// Android's messages, exactly as `PatternMatcher` writes them.
    enum Reason {
        static let tooLarge = "Pattern is too large!"
        static let emptySet = "You must define characters in a set."
        static let modifierWithoutToken = "Modifier must follow a token."
        static let rangeNotEnded = "Range not ended with '}'"
        static let rangeMinimumAboveMaximum = "Range quantifier minimum is greater than maximum"
        static let rangeNumberFormat = "Range number format incorrect"
        static let escapeAtEnd = "Escape found at end of pattern!"
        static let setNotTerminated = "Set was not terminated!"

        /// The message of the `StringIndexOutOfBoundsException` Android's `String.charAt` throws.
        static func indexOutOfBounds(length: Int, index: Int) -> String { "length=\(length); index=\(index)" }
    }
}
