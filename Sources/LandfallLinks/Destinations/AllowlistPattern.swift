import Foundation

/// One entry of the destination allowlist: a regular expression that an external destination
/// must match as a whole, as in Firebase Dynamic Links' "URL pattern allowlist".
///
/// The pattern is matched against the destination's normalized text
/// (``Destination/text``: lower-case scheme and host, no default port, a path of at least
/// `/`) and always against the **whole** text: `https://shop\.example\.org/.*` does not match
/// `https://shop.example.org.evil.com/` or `https://evil.com/?https://shop.example.org/`, with
/// or without `^` and `$`. Alternatives are grouped before anchoring, so `a|b` means
/// `^(?:a|b)$`.
///
/// Write the host part without a wildcard that can cross a `/`: `^https://[a-z]+\.example\.org/.*$`,
/// not `^https://.*\.example\.org/.*$`, which also matches `https://evil.com/.example.org/`.
/// A pattern that matches a URL on any host (`.*`, `^https?://.*$`) is refused.
///
/// ```swift
/// let pattern = try AllowlistPattern(#"^https://shop\.example\.org/.*$"#)
/// pattern.matches("https://shop.example.org/winter")       // true
/// pattern.matches("https://shop.example.org.evil.com/")    // false
/// ```
///
/// Uses `NSRegularExpression` (ICU syntax), which behaves the same on Linux and Apple platforms.
public struct AllowlistPattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public let source: String
    private let expression: CompiledExpression

    /// Compiles a pattern.
    ///
    /// - Throws: ``AllowlistPatternError`` when `source` is empty, is not a regular
    ///   expression, or matches URLs on any host.
    public init(_ source: String) throws(AllowlistPatternError) {
        guard !source.isEmpty else {
            throw AllowlistPatternError(pattern: source, message: "an allowlist pattern is empty; write one such as ^https://shop\\.example\\.org/.*$")
        }
        let regex: NSRegularExpression
        do {
            regex = try NSRegularExpression(pattern: "^(?:\(source))$", options: [])
        } catch {
            let reason = Self.syntaxProblem(in: source) ?? "\(Self.describe(error)); check its brackets, parentheses and escapes (write \\. for a dot)"
            throw AllowlistPatternError(pattern: source, message: "the allowlist pattern '\(source)' is not a regular expression: \(reason)")
        }
        self.source = source
        self.expression = CompiledExpression(regex)
        if let probe = Self.anyHostProbes.first(where: { expression.matchesWhole($0) }) {
            throw AllowlistPatternError(pattern: source, message: "the allowlist pattern '\(source)' matches \(probe), so it would allow any host and make short links an open redirect; name the host, such as ^https://shop\\.example\\.org/.*$")
        }
    }

    /// Whether `url` (a normalized destination) matches the pattern as a whole.
    public func matches(_ url: String) -> Bool {
        expression.matchesWhole(url)
    }

    /// The pattern as written.
    public var description: String { source }

    public static func == (lhs: AllowlistPattern, rhs: AllowlistPattern) -> Bool { lhs.source == rhs.source }

    public func hash(into hasher: inout Hasher) { hasher.combine(source) }

    /// URLs on a host nobody would allow: a pattern that matches one allows every host.
    static let anyHostProbes = [
        "https://landfall-allowlist-probe.invalid/", "http://landfall-allowlist-probe.invalid/",
        "https://landfall-allowlist-probe.invalid/x", "https://landfall-allowlist-probe.invalid/x?y=z#w",
    ]

    /// The most common mistakes in a pattern, found by position: a bracket or parenthesis
    /// that is never closed or closes nothing, a repetition with nothing to repeat, a lone `\`
    /// at the end. `nil` when none of them is there (the regular expression engine's own
    /// message is used then).
    static func syntaxProblem(in pattern: String) -> String? {
        var openGroups: [Int] = []
        var classStart: Int?
        var escaped = false
        var previous: Character?
        for (offset, character) in pattern.enumerated() {
            let position = offset + 1
            if escaped {
                escaped = false
                previous = "x"   // an escaped character is an ordinary one
                continue
            }
            if character == "\\" {
                escaped = true
                continue
            }
            defer { previous = character }
            if let start = classStart {
                if character == "]" && position > start + 1 && !(position == start + 2 && previous == "^") { classStart = nil }
                continue
            }
            switch character {
            case "[":
                classStart = position
            case "(":
                openGroups.append(position)
            case ")":
                if openGroups.popLast() == nil { return "the ')' at position \(position) closes no '('" }
            case "*", "+", "?":
                if previous == nil || previous == "|" || (previous == "(" && character != "?") {
                    return "the '\(character)' at position \(position) has nothing before it to repeat; write \\\(character) for the character itself"
                }
            default:
                break
            }
        }
        if escaped { return "it ends with a lone '\\'" }
        if let start = classStart { return "the '[' at position \(start) is never closed with ']'" }
        if let start = openGroups.last { return "the '(' at position \(start) is never closed with ')'" }
        return nil
    }

    private static func describe(_ error: any Error) -> String {
        let text = (error as NSError).userInfo[NSLocalizedDescriptionKey] as? String ?? error.localizedDescription
        return text.isEmpty ? "\(error)" : text
    }
}

/// Why an allowlist pattern was refused.
public struct AllowlistPatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public var pattern: String
    /// What is wrong and what to write instead, naming the pattern.
    public var message: String

    /// Creates an error.
    public init(pattern: String, message: String) {
        self.pattern = pattern
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

/// A compiled regular expression shared by copies of an ``AllowlistPattern``.
///
/// `@unchecked Sendable` is safe: the expression is created once and never changed, and
/// `NSRegularExpression` objects are immutable and documented as safe to use from several
/// threads at once (Apple's Foundation and swift-corelibs-foundation alike).
private final class CompiledExpression: @unchecked Sendable {
    let regex: NSRegularExpression

    init(_ regex: NSRegularExpression) {
        self.regex = regex
    }

    func matchesWhole(_ text: String) -> Bool {
        let range = NSRange(text.startIndex..., in: text)
        guard let match = regex.firstMatch(in: text, options: [.anchored], range: range) else { return false }
        return match.range == range
    }
}
