/// The host a click came from, read from its `Referer` header, as stored in statistics.
///
/// Only a host that is one is kept: a DNS name (letters, digits, `-` and `.`, labels of 1 to
/// 63 characters, at most 253 in all; internationalized names in their `xn--` form), an IPv4
/// address or a bracketed IPv6 address, lowercased, without user, port or path. Anything
/// else is stored as `""` (no referrer): the header is written by whoever sends the request,
/// and nothing is percent-decoded, so `http://%3Cscript%3E/`, control characters and escape
/// sequences never reach the database or a dashboard.
///
/// ```swift
/// ReferrerHost.of("https://News.Example.org:443/story?id=1")  // "news.example.org"
/// ReferrerHost.of("http://%3Cscript%3E/")                      // ""
/// ```
public enum ReferrerHost {
    /// The longest `Referer` read at all.
    public static let maximumHeaderLength = 2048

    /// The host of `referer`, or `""` when it names none that is valid.
    public static func of(_ referer: String?) -> String {
        guard let referer, referer.utf8.count <= maximumHeaderLength else { return "" }
        let bytes = Array(referer.utf8)
        // scheme "://" authority [ "/" | "?" | "#" ...]
        guard let schemeEnd = bytes.firstRange(of: Array("://".utf8))?.lowerBound, schemeEnd > 0,
              bytes[..<schemeEnd].allSatisfy({ isSchemeByte($0) }) else { return "" }
        var authority = bytes[(schemeEnd + 3)...].prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = authority[(at + 1)...] }
        if authority.first == UInt8(ascii: "[") {
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else { return "" }
            let rest = authority[(close + 1)...]
            guard rest.isEmpty || isPort(rest.dropFirst()) && rest.first == UInt8(ascii: ":") else { return "" }
            let address = authority[authority.index(after: authority.startIndex)..<close]
            guard address.count >= 2, address.count <= 45, address.contains(UInt8(ascii: ":")),
                  address.allSatisfy({ isHexDigit($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }) else { return "" }
            return "[" + String(decoding: address, as: UTF8.self).lowercased() + "]"
        }
        if let colon = authority.lastIndex(of: UInt8(ascii: ":")) {
            guard isPort(authority[(colon + 1)...]) else { return "" }
            authority = authority[..<colon]
        }
        if authority.last == UInt8(ascii: ".") { authority = authority.dropLast() }
        guard isHostName(authority) else { return "" }
        return String(decoding: authority, as: UTF8.self).lowercased()
    }

    private static func isHostName(_ name: ArraySlice<UInt8>) -> Bool {
        guard !name.isEmpty, name.count <= 253 else { return false }
        for label in name.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            guard (1...63).contains(label.count), label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-"),
                  label.allSatisfy({ isLetterOrDigit($0) || $0 == UInt8(ascii: "-") }) else { return false }
        }
        return true
    }

    /// Empty (`host:`), or 1 to 5 digits.
    private static func isPort(_ text: ArraySlice<UInt8>) -> Bool {
        text.count <= 5 && text.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetterOrDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}
