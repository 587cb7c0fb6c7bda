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
    /// The whole URL as given.
    public let text: String
    /// The scheme, lower-cased (`https`).
    public var scheme: String { part(schemeRange).lowercased() }
    /// Whether iOS treats the URL as a possible universal link: `http` or `https` (in any case).
    public let isWebURL: Bool
    /// The port, when one is written.
    public let port: Int?
    /// Byte ranges of the parts within `text`'s UTF-8.
    let schemeRange: Range<Int>
    let hostRange: Range<Int>
    let pathRange: Range<Int>
    let queryRange: Range<Int>?
    let fragmentRange: Range<Int>?
    /// Whether every byte of `text` is ASCII (so case folding can be done byte by byte).
    let isASCII: Bool

    /// The host as written, without user information or port (IPv6 hosts keep their brackets).
    public var host: String { part(hostRange) }
    /// The path as written; may be empty.
    public var path: String { part(pathRange) }
    /// The query after `?`, or `nil` when there is no `?`.
    public var query: String? { queryRange.map(part) }
    /// The fragment after `#`, or `nil` when there is no `#`.
    public var fragment: String? { fragmentRange.map(part) }

    private func part(_ range: Range<Int>) -> String {
        let utf8 = text.utf8
        return String(utf8[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)])!
    }

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
        var storage = text
        let result = storage.withUTF8 { Self.split($0) }
        switch result {
        case .failure(let failure):
            throw ParseError(input: text, reason: failure.reason)
        case .success(let parts):
            self.text = text
            self.schemeRange = parts.scheme
            self.isWebURL = parts.isWebURL
            self.port = parts.port
            self.hostRange = parts.host
            self.pathRange = parts.path
            self.queryRange = parts.query
            self.fragmentRange = parts.fragment
            self.isASCII = parts.isASCII
        }
    }

    private struct Parts {
        var scheme: Range<Int>
        var isWebURL: Bool
        var port: Int?
        var host: Range<Int>
        var path: Range<Int>
        var query: Range<Int>?
        var fragment: Range<Int>?
        var isASCII = true
    }

    private struct Failure: Error {
        var reason: String
    }

    private static func split(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Parts, Failure> {
        func fail(_ reason: String) -> Result<Parts, Failure> { .failure(Failure(reason: reason)) }
        var isASCII = true
        for byte in bytes {
            if byte <= 0x20 || byte == 0x7F {
                return fail(byte == 0x20 ? "it contains a space (write %20)" : "it contains a control character")
            }
            if byte >= 0x80 { isASCII = false }
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
              isSchemeStart(bytes[0]), bytes[1..<colon].allSatisfy(isSchemeCharacter) else {
            return fail("it has no scheme; write the whole URL, such as https://example.com/path")
        }
        // `http` or `https` in any case, without making a string.
        func lowered(_ index: Int) -> UInt8 { bytes[index] | 0x20 }
        let isWebURL = (colon == 4 || (colon == 5 && lowered(4) == UInt8(ascii: "s")))
            && lowered(0) == UInt8(ascii: "h") && lowered(1) == UInt8(ascii: "t")
            && lowered(2) == UInt8(ascii: "t") && lowered(3) == UInt8(ascii: "p")
        var index = colon + 1
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") else {
            return fail("it has no host; write scheme://host/path")
        }
        index += 2
        var authorityEnd = index
        while authorityEnd < bytes.count {
            let byte = bytes[authorityEnd]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            authorityEnd += 1
        }
        var hostStart = index
        if let at = bytes[index..<authorityEnd].lastIndex(of: UInt8(ascii: "@")) { hostStart = at + 1 }
        var hostEnd = authorityEnd
        if hostStart < authorityEnd, bytes[hostStart] == UInt8(ascii: "[") {
            guard let close = bytes[hostStart..<authorityEnd].firstIndex(of: UInt8(ascii: "]")) else {
                return fail("an IPv6 host is missing its closing ']'")
            }
            hostEnd = close + 1
        } else if let portColon = bytes[hostStart..<authorityEnd].lastIndex(of: UInt8(ascii: ":")) {
            hostEnd = portColon
        }
        var port: Int? = nil
        if hostEnd < authorityEnd {
            guard bytes[hostEnd] == UInt8(ascii: ":") else { return fail("unexpected text after the host") }
            let digits = bytes[(hostEnd + 1)..<authorityEnd]
            if !digits.isEmpty {
                guard digits.count <= 5, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                      let value = Int(String(decoding: UnsafeBufferPointer(rebasing: digits), as: UTF8.self)), value <= 65535 else {
                    return fail("the port must be a number from 0 to 65535")
                }
                port = value
            }
        }
        guard hostEnd > hostStart else { return fail("it has an empty host") }
        index = authorityEnd
        var pathEnd = index
        while pathEnd < bytes.count, bytes[pathEnd] != UInt8(ascii: "?"), bytes[pathEnd] != UInt8(ascii: "#") { pathEnd += 1 }
        var parts = Parts(scheme: 0..<colon, isWebURL: isWebURL, port: port, host: hostStart..<hostEnd, path: index..<pathEnd, isASCII: isASCII)
        index = pathEnd
        if index < bytes.count, bytes[index] == UInt8(ascii: "?") {
            var queryEnd = index + 1
            while queryEnd < bytes.count, bytes[queryEnd] != UInt8(ascii: "#") { queryEnd += 1 }
            parts.query = (index + 1)..<queryEnd
            index = queryEnd
        }
        if index < bytes.count {
            parts.fragment = (index + 1)..<bytes.count
        }
        return .success(parts)
    }

    /// The text the URL was parsed from.
    public var description: String { text }


    private static func isSchemeStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isSchemeCharacter(_ byte: UInt8) -> Bool {
        isSchemeStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
