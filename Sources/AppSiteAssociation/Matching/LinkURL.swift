/// A URL split into the parts an association file talks about, each kept exactly as written
/// (percent-encoding untouched), as RFC 3986 reads `scheme://host:port/path?query#fragment`.
///
/// It never normalizes: iOS compares patterns with the URL as written unless a rule says
/// `percentEncoded: false`.
///
/// ```swift
/// let url = try LinkURL(parsing: "https://example.com/help/faq?articleNumber=481#top")
/// url.path     // "/help/faq"
/// url.query    // "articleNumber=481"
/// url.fragment // "top"
/// ```
public struct LinkURL: Sendable, Hashable, CustomStringConvertible {
    /// The scheme, lower-cased (`https`).
    public var scheme: String
    /// The host as written, without user information, port or IPv6 brackets' surroundings.
    public var host: String
    /// The port, when one is written.
    public var port: Int?
    /// The path as written; may be empty.
    public var path: String
    /// The query after `?`, or `nil` when there is no `?`.
    public var query: String?
    /// The fragment after `#`, or `nil` when there is no `#`.
    public var fragment: String?
    /// The whole URL as given.
    public var text: String

    /// Why a string is not a URL Landfall can check.
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The text that was given.
        public var input: String
        /// What is wrong with it.
        public var reason: String
        /// `not a URL ("...": reason)`.
        public var description: String { "not a usable URL \"\(input)\": \(reason)" }
    }

    /// Splits `text` into its parts.
    ///
    /// - Throws: ``ParseError`` when there is no scheme or no host, or the text contains spaces
    ///   or control characters.
    public init(parsing text: String) throws(ParseError) {
        self.text = text
        let bytes = Array(text.utf8)
        func fail(_ reason: String) -> ParseError { ParseError(input: text, reason: reason) }
        if let bad = bytes.first(where: { $0 <= 0x20 || $0 == 0x7F }) {
            throw fail(bad == 0x20 ? "it contains a space (write %20)" : "it contains a control character")
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
              Self.isSchemeStart(bytes[0]), bytes[1..<colon].allSatisfy(Self.isSchemeCharacter) else {
            throw fail("it has no scheme; write the whole URL, such as https://example.com/path")
        }
        scheme = String(decoding: bytes[0..<colon], as: UTF8.self).lowercased()
        var index = colon + 1
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") else {
            throw fail("it has no host; write scheme://host/path")
        }
        index += 2
        let authorityEnd = bytes[index...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        var hostStart = index
        if let at = bytes[index..<authorityEnd].lastIndex(of: UInt8(ascii: "@")) { hostStart = at + 1 }
        var hostEnd = authorityEnd
        port = nil
        if hostStart < authorityEnd, bytes[hostStart] == UInt8(ascii: "[") {
            guard let close = bytes[hostStart..<authorityEnd].firstIndex(of: UInt8(ascii: "]")) else {
                throw fail("an IPv6 host is missing its closing ']'")
            }
            hostEnd = close + 1
        } else if let portColon = bytes[hostStart..<authorityEnd].lastIndex(of: UInt8(ascii: ":")) {
            hostEnd = portColon
        }
        if hostEnd < authorityEnd {
            guard bytes[hostEnd] == UInt8(ascii: ":") else { throw fail("unexpected text after the host") }
            let digits = bytes[(hostEnd + 1)..<authorityEnd]
            if !digits.isEmpty {
                guard digits.count <= 5, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                      let value = Int(String(decoding: digits, as: UTF8.self)), value <= 65535 else {
                    throw fail("the port must be a number from 0 to 65535")
                }
                port = value
            }
        }
        host = String(decoding: bytes[hostStart..<hostEnd], as: UTF8.self)
        guard !host.isEmpty else { throw fail("it has an empty host") }
        index = authorityEnd
        let pathEnd = bytes[index...].firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        path = String(decoding: bytes[index..<pathEnd], as: UTF8.self)
        index = pathEnd
        query = nil
        fragment = nil
        if index < bytes.count, bytes[index] == UInt8(ascii: "?") {
            let queryEnd = bytes[index...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
            query = String(decoding: bytes[(index + 1)..<queryEnd], as: UTF8.self)
            index = queryEnd
        }
        if index < bytes.count {
            fragment = String(decoding: bytes[(index + 1)...], as: UTF8.self)
        }
    }

    /// The text the URL was parsed from.
    public var description: String { text }

    /// Whether iOS treats the URL as a possible universal link: `http` or `https`.
    public var isWebURL: Bool { scheme == "https" || scheme == "http" }

    private static func isSchemeStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isSchemeCharacter(_ byte: UInt8) -> Bool {
        isSchemeStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
