/// One path pattern of an Android intent filter, matched exactly as `android.os.PatternMatcher`
/// matches it: a port of AOSP's `PatternMatcher.java` that compares UTF-16 code units (Java
/// `char`s) and keeps the platform's quirks.
///
/// The quirks are the point: people writing `android:pathPattern` by hand expect a regular
/// expression and get a matcher that never backtracks. In a simple glob `.*` stops at the
/// *first* occurrence of the character that follows it, so `.*\\.pdf` does not match
/// `a.b.pdf`; `a*` does not match the empty string; in an advanced glob `.*a` matches nothing,
/// because `.*` has already eaten the `a`. See <doc:AndroidPatterns>.
///
/// ```swift
/// let pattern = try AndroidPattern("/puzzle/..*", kind: .simpleGlob)
/// pattern.matches("/puzzle/12/solve") // true: `..*` at the end is one or more of anything
/// pattern.matches("/puzzle/")         // false
/// pattern.description                 // pathPattern="/puzzle/..*"
///
/// try AndroidPattern(".*\\.pdf", kind: .simpleGlob).matches("a.b.pdf") // false: `.*` stops at the first `.`
/// ```
public struct AndroidPattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as `PatternMatcher` receives it: after the manifest's escape processing
    /// (see ``unescapingManifestValue(_:)``), so the XML attribute `"\\*"` is the text `\*`.
    public let text: String
    /// How the pattern is compared with a path.
    public let kind: AndroidPatternKind

    /// `text` as UTF-16 code units, the way Java sees a `String`.
    let units: [UInt16]
    /// For an advanced glob, the tokens `parseAndVerifyAdvancedPattern` produced; empty otherwise.
    let program: [Int32]

    /// Reads a pattern of the given kind, parsing an advanced glob once (so ``matches(_:)`` is cheap).
    ///
    /// ```swift
    /// let pattern = try AndroidPattern("/p/[0-9]+", kind: .advancedGlob)
    /// pattern.matches("/p/42") // true
    /// ```
    ///
    /// - Throws: ``AndroidPatternError`` for an advanced glob Android refuses (`[]`, `*a`, `a{3,2}`,
    ///   a `\` at the end, ...). Literals, prefixes, suffixes and simple globs are never refused.
    public init(_ text: String, kind: AndroidPatternKind) throws(AndroidPatternError) {
        self.text = text
        self.kind = kind
        self.units = Array(text.utf16)
        self.program = kind == .advancedGlob ? try AdvancedGlob.parse(units, text: text) : []
    }

    /// Whether Android's `PatternMatcher.match(path)` says yes.
    ///
    /// ```swift
    /// try AndroidPattern("/help", kind: .prefix).matches("/helpdesk") // true: a prefix, not a folder
    /// try AndroidPattern("/.", kind: .simpleGlob).matches("/😀")       // false: the emoji is two UTF-16 units
    /// ```
    public func matches(_ path: String) -> Bool {
        let path = Array(path.utf16)
        switch kind {
        case .literal: return path == units
        case .prefix: return path.starts(with: units)
        case .suffix: return path.count >= units.count && path[(path.count - units.count)...].elementsEqual(units)
        case .simpleGlob: return SimpleGlob.matches(pattern: units, path)
        case .advancedGlob: return AdvancedGlob.matches(program: program, path)
        }
    }

    /// The pattern as a manifest writes it: its `<data>` attribute and the attribute's value,
    /// with aapt's escapes (``manifestAttributeValue(_:)``) and XML's (`&amp;`, `&lt;`, `&quot;`).
    ///
    /// ```swift
    /// try AndroidPattern(#"/a\*"#, kind: .simpleGlob).description // pathPattern="/a\\*"
    /// ```
    public var description: String {
        "\(kind.pathAttribute)=\"\(Self.xmlEscaped(Self.manifestAttributeValue(text)))\""
    }

    /// `text` with the characters that cannot appear as such in a double-quoted XML attribute escaped.
    static func xmlEscaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
