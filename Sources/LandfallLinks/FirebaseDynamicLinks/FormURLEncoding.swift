/// `application/x-www-form-urlencoded` as browsers read and write query strings (the WHATWG URL
/// standard's rules): `&`-separated `name=value` pairs, `+` for a space, percent escapes for bytes
/// of UTF-8.
enum FormURLEncoding {
    /// The name-value pairs of a query string (without its `?`), in order, duplicates kept.
    ///
    /// Empty pieces (`a=1&&b=2`) are skipped, a piece without `=` has an empty value, a `%` not
    /// followed by two hex digits is kept as it is, and bytes that are not UTF-8 become U+FFFD.
    static func pairs(_ query: String) -> [(name: String, value: String)] {
        query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true).map { piece in
            if let equals = piece.firstIndex(of: UInt8(ascii: "=")) {
                return (decode(piece[..<equals]), decode(piece[piece.index(after: equals)...]))
            }
            return (decode(piece), "")
        }
    }

    /// One name or value, decoded.
    static func decode(_ bytes: Substring.UTF8View.SubSequence) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                output.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"),
                      let high = bytes.index(index, offsetBy: 1, limitedBy: bytes.endIndex), high < bytes.endIndex,
                      let low = bytes.index(high, offsetBy: 1, limitedBy: bytes.endIndex), low < bytes.endIndex,
                      let highValue = hexValue(bytes[high]), let lowValue = hexValue(bytes[low]) {
                output.append(highValue << 4 | lowValue)
                index = low
            } else {
                output.append(byte)
            }
            index = bytes.index(after: index)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// One name or value, encoded so that ``decode(_:)`` gives it back: unreserved characters
    /// (`A-Z a-z 0-9 - . _ ~`) as they are, a space as `+`, every other byte as `%XX`.
    static func encode(_ text: String) -> String {
        var output = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                output += "+"
            default:
                output += "%"
                output += String(byte >> 4, radix: 16, uppercase: true)
                output += String(byte & 0x0F, radix: 16, uppercase: true)
            }
        }
        return output
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
