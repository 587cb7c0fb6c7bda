/// One path rule of an intent filter (`android:pathPrefix="/puzzle/"`): the pattern Android
/// builds from it, where it is, and the attribute value as the manifest writes it.
///
/// ```swift
/// let entry = filter.paths[0]
/// entry.pattern.kind   // .simpleGlob
/// entry.pattern.text   // "/a\\.b" (what PatternMatcher receives)
/// entry.written        // "/a\\\\.b" (the attribute value, XML entities decoded)
/// ```
public struct AndroidPathEntry: Sendable, Hashable, CustomStringConvertible {
    /// The pattern, after aapt's escape processing.
    public var pattern: AndroidPattern
    /// The line of the attribute.
    public var line: Int
    /// The attribute value as written (XML entities decoded, aapt escapes kept).
    public var written: String

    /// Creates an entry.
    public init(pattern: AndroidPattern, line: Int, written: String) {
        self.pattern = pattern
        self.line = line
        self.written = written
    }

    /// `pathPattern="/puzzle/..*"`, as the manifest writes it.
    public var description: String { "\(pattern.kind.pathAttribute)=\"\(written)\"" }
}
