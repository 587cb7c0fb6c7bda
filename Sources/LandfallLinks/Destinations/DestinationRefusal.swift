/// Why a destination was refused: a stable ``Code`` for programs and tests, and a message a
/// person can act on.
///
/// ```swift
/// switch policy.check("https://daily.example.com@evil.com/") {
/// case .success(let destination): redirect(to: destination.text)
/// case .failure(let refusal):
///     refusal.code    // .userInfo
///     refusal.message // "the destination has a user name before '@' (daily.example.com), ..."
/// }
/// ```
public struct DestinationRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem the destination has. The raw values are stable: the links API
    /// returns them and tests compare them.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        /// The destination is empty.
        case empty
        /// Longer than ``DestinationPolicy/maximumLength`` bytes.
        case tooLong
        /// A control character (CR, LF, NUL, tab, DEL, C1) or an invisible formatting
        /// character (zero-width space, bidirectional overrides) somewhere in the text.
        case controlCharacters
        /// A space or another Unicode space somewhere in the text.
        case whitespace
        /// A backslash, which browsers read as `/` (`\\evil.com`, `/\evil.com`).
        case backslash
        /// No scheme: a relative or scheme-relative (`//evil.com`) reference.
        case notAbsolute
        /// A scheme other than `http` and `https` (`javascript:`, `data:`, `file:`, ...).
        case notHTTP
        /// `https:` not followed by `//` and a host (`https:evil.com`, `https:/evil.com`).
        case missingAuthority
        /// No host after `//` (`https:///evil.com`, `https://`).
        case emptyHost
        /// A user name or password before `@` (`https://ours.com@evil.com`).
        case userInfo
        /// A percent-escape in the host (`https://%65vil.com`, `https://ours.com%40evil.com`).
        case encodedHost
        /// A host with characters outside ASCII (IDN look-alikes, fullwidth dots).
        case nonASCIIHost
        /// A host that is not a valid host name (empty labels, `_`, `*`, ...).
        case invalidHost
        /// A host ending with `.` (`ours.com.`).
        case trailingDot
        /// An IP address or a number standing for one (`127.0.0.1`, `2130706433`, `0x7f000001`,
        /// `[::1]`) that no allowlist pattern permits.
        case ipAddress
        /// An internationalized host in its `xn--` form that is not one of the site's hosts and
        /// no allowlist pattern permits.
        case punycodeHost
        /// A port that is not a number from 1 to 65535.
        case invalidPort
        /// A port other than the scheme's default on one of the site's hosts.
        case nonDefaultPort
        /// A `%` not followed by two hexadecimal digits.
        case malformedEscape
        /// A percent-encoded control character (`%0d%0a`, `%00`, `%7f`).
        case encodedControlCharacters
        /// A percent-encoded percent sign followed by hexadecimal digits (`%252f`): a second
        /// layer of encoding that another decoder may undo.
        case doubleEncoding
        /// A `.` or `..` path segment (also spelt `%2e`), which a browser resolves away.
        case dotSegments
        /// The destination is on the link host itself: a short link that leads to a short link.
        case linkHostLoop
        /// The host is not one of the site's hosts and the URL matches no allowlist pattern.
        case notAllowed
    }

    /// The kind of problem.
    public var code: Code
    /// The destination as it was given.
    public var destination: String
    /// What is wrong and what to do about it.
    public var message: String

    /// Creates a refusal.
    public init(_ code: Code, destination: String, message: String) {
        self.code = code
        self.destination = destination
        self.message = message
    }

    /// `code: message`.
    public var description: String { "\(code.rawValue): \(message)" }
}
