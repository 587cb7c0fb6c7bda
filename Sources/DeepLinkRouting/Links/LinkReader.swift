/// A URL taken apart by ``LinkReader``, before the router checks where it came from.
struct ReadLink {
    /// The scheme in lower case.
    var scheme = ""
    /// For http(s): the host in lower case without user, port or trailing dot ("" if none).
    var host: String?
    /// For http(s): the index of the source that accepts the host, if one does.
    var source: Int?
    /// Decoded segments; for a custom scheme the authority comes first.
    var segments: [String] = []
    var queryItems: [QueryItem] = []
    var fragment: String?
}

/// Reads URL text in one pass over its UTF-8 bytes, without Foundation's `URL`.
///
/// It follows RFC 3986 where the router needs it: the scheme ends at the first `:`, the
/// authority follows `//` and ends at `/`, `?` or `#`, the host follows the last `@`, the
/// query follows the first `?` and the fragment the first `#`. Path segments are split on
/// `/`, empty segments are dropped, `.` and `..` are resolved, and each segment is
/// percent-decoded; a segment whose escapes are not UTF-8 makes the URL malformed. Query
/// items and the fragment whose escapes are not UTF-8 are kept as written.
struct LinkReader: Sendable {
    /// Whether `+` in the query stands for a space.
    var plusAsSpace: Bool
    /// The accepted https hosts.
    var hosts: HostTable

    /// Reads `url` into `link` (which starts empty), or says why it cannot.
    ///
    /// It fills a caller's value instead of returning one, which spares a copy of every
    /// field on the hot path.
    func read(_ url: String, into link: inout ReadLink) -> RejectionReason? {
        var text = url
        return text.withUTF8 { read(bytes: $0, into: &link) }
    }

    private func read(bytes: UnsafeBufferPointer<UInt8>, into link: inout ReadLink) -> RejectionReason? {
        let count = bytes.count
        var index = 0
        guard count > 0, Self.isLetter(bytes[0]) else {
            return .malformed("it must start with a scheme such as 'https:'")
        }
        while index < count, Self.isSchemeCharacter(bytes[index]) { index += 1 }
        guard index < count, bytes[index] == UInt8(ascii: ":") else {
            return .malformed("it must start with a scheme such as 'https:'")
        }
        let scheme = Self.scheme(bytes, 0..<index)
        index += 1
        let isWeb = scheme == "https" || scheme == "http"

        link.scheme = scheme
        link.segments.reserveCapacity(8)
        if index + 1 < count, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
            index += 2
            let start = index
            while index < count, !Self.endsAuthority(bytes[index]) { index += 1 }
            if isWeb {
                switch Self.hostRange(bytes, start..<index) {
                case .success(let range): (link.host, link.source) = hosts.lookup(bytes, range)
                case .failure(let reason): return reason
                }
            } else if index > start {
                guard let segment = decode(bytes, start..<index, plusAsSpace: false) else {
                    return .malformed("the host '\(Self.text(bytes, start..<index))' is not valid UTF-8 once percent-decoded")
                }
                link.segments.append(segment)
            }
        } else if isWeb {
            link.host = ""
        }

        var segmentStart = index
        while true {
            let atEnd = index == count || bytes[index] == UInt8(ascii: "?") || bytes[index] == UInt8(ascii: "#")
            if atEnd || bytes[index] == UInt8(ascii: "/") {
                if index > segmentStart {
                    let range = segmentStart..<index
                    if range.count == 1 && bytes[range.lowerBound] == UInt8(ascii: ".") {
                        // "." names the current segment.
                    } else if range.count == 2 && bytes[range.lowerBound] == UInt8(ascii: ".")
                        && bytes[range.lowerBound + 1] == UInt8(ascii: ".") {
                        if !link.segments.isEmpty { link.segments.removeLast() }
                    } else if let segment = decode(bytes, range, plusAsSpace: false) {
                        link.segments.append(segment)
                    } else {
                        return .malformed("path segment '\(Self.text(bytes, range))' is not valid UTF-8 once percent-decoded")
                    }
                }
                if atEnd { break }
                segmentStart = index + 1
            }
            index += 1
        }

        if index < count, bytes[index] == UInt8(ascii: "?") {
            index += 1
            var itemStart = index
            while true {
                let atEnd = index == count || bytes[index] == UInt8(ascii: "#")
                if atEnd || bytes[index] == UInt8(ascii: "&") {
                    if index > itemStart { link.queryItems.append(queryItem(bytes, itemStart..<index)) }
                    if atEnd { break }
                    itemStart = index + 1
                }
                index += 1
            }
        }
        if index < count, bytes[index] == UInt8(ascii: "#") {
            let range = (index + 1)..<count
            link.fragment = decode(bytes, range, plusAsSpace: false) ?? Self.text(bytes, range)
        }
        return nil
    }

    private func queryItem(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> QueryItem {
        var equals = range.lowerBound
        while equals < range.upperBound, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
        let nameRange = range.lowerBound..<equals
        let valueRange = equals < range.upperBound ? (equals + 1)..<range.upperBound : range.upperBound..<range.upperBound
        let name = decode(bytes, nameRange, plusAsSpace: plusAsSpace) ?? Self.text(bytes, nameRange)
        let value = decode(bytes, valueRange, plusAsSpace: plusAsSpace) ?? Self.text(bytes, valueRange)
        return QueryItem(name: name, value: value)
    }

    private func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, plusAsSpace: Bool) -> String? {
        PercentEncoding.decode(UnsafeBufferPointer(rebasing: bytes[range]), plusAsSpace: plusAsSpace)
    }

    /// Where the host of an authority is: after the last `@`, before the port, without a
    /// trailing dot.
    private static func hostRange(_ bytes: UnsafeBufferPointer<UInt8>, _ authority: Range<Int>) -> Result<Range<Int>, RejectionReason> {
        var start = authority.lowerBound
        var index = authority.lowerBound
        while index < authority.upperBound {
            if bytes[index] == UInt8(ascii: "@") { start = index + 1 }
            index += 1
        }
        var end = start
        if start < authority.upperBound, bytes[start] == UInt8(ascii: "[") {
            while end < authority.upperBound, bytes[end] != UInt8(ascii: "]") { end += 1 }
            guard end < authority.upperBound else {
                return .failure(.malformed("the IPv6 host '\(text(bytes, authority))' has no closing ']'"))
            }
            end += 1
        } else {
            while end < authority.upperBound, bytes[end] != UInt8(ascii: ":") { end += 1 }
        }
        if end < authority.upperBound {
            guard bytes[end] == UInt8(ascii: ":") else {
                return .failure(.malformed("unexpected text after the host in '\(text(bytes, authority))'"))
            }
            for position in (end + 1)..<authority.upperBound where !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                return .failure(.malformed("the port '\(text(bytes, (end + 1)..<authority.upperBound))' is not a number"))
            }
        }
        if end > start, bytes[end - 1] == UInt8(ascii: ".") { end -= 1 }
        return .success(start..<end)
    }

    private static func endsAuthority(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isSchemeCharacter(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The scheme in lower case; `https` and `http` without building a string.
    private static func scheme(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let https: StaticString = "https"
        if range.count == 5 || range.count == 4 {
            var same = true
            for offset in 0..<range.count where bytes[range.lowerBound + offset] | 0x20 != https.utf8Start[offset] {
                same = false
                break
            }
            if same { return range.count == 5 ? "https" : "http" }
        }
        return HostTable.lowercased(bytes, range)
    }
}
