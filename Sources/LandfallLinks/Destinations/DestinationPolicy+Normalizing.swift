import Foundation

extension DestinationPolicy {
    /// The part of a URL being normalized: each allows a slightly different set of characters.
    enum Part: String {
        case path, query, fragment
    }

    /// `text` normalized as `part` of a URL: percent-escapes of unreserved characters decoded
    /// and the others in upper-case hex, and characters a URL does not carry as they are
    /// (non-ASCII, `"`, `<`, `>`, `` ` ``, `^`, `{`, `|`, `}`, `[`, `]`, a second `#`)
    /// percent-encoded.
    ///
    /// - Throws: A refusal for a malformed escape, an encoded control character, or an
    ///   encoded percent sign followed by hexadecimal digits (double encoding).
    static func normalized(_ text: Substring, part: Part,
                           _ refuse: (DestinationRefusal.Code, String) -> DestinationRefusal) throws(DestinationRefusal) -> String {
        var result = ""
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "%" {
                guard index + 2 < scalars.count, isHexDigit(scalars[index + 1]), isHexDigit(scalars[index + 2]),
                      let byte = UInt8(String(scalars[index + 1]) + String(scalars[index + 2]), radix: 16) else {
                    let found = String(String.UnicodeScalarView(scalars[index..<min(index + 3, scalars.count)]))
                    throw refuse(.malformedEscape, "the destination's \(part.rawValue) has '\(found)', a '%' not followed by two hexadecimal digits; write a percent sign as %25")
                }
                if byte < 0x20 || byte == 0x7F {
                    throw refuse(.encodedControlCharacters, "the destination's \(part.rawValue) contains the encoded control character %\(hex(UInt32(byte)).suffix(2)), which can split a header or hide the end of the URL; remove it")
                }
                let decoded = Unicode.Scalar(byte)
                if isUnreserved(decoded) {
                    result.unicodeScalars.append(decoded)
                } else {
                    result += "%" + hex(UInt32(byte)).suffix(2)
                }
                index += 3
                continue
            }
            if isWrittenAsIs(scalar, in: part) {
                result.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 { result += "%" + hex(UInt32(byte)).suffix(2) }
            }
            index += 1
        }
        if let range = doubleEncoding(in: result) {
            throw refuse(.doubleEncoding, "the destination's \(part.rawValue) has '\(result[range])', a percent sign encoded twice (another decoder may turn it into '%\(result[range].dropFirst(3))'); write the character once-encoded")
        }
        return result
    }

    /// The first `%25` followed by two hexadecimal digits in `text`.
    private static func doubleEncoding(in text: String) -> Range<String.Index>? {
        var searchStart = text.startIndex
        while let range = text.range(of: "%25", range: searchStart..<text.endIndex) {
            let after = text[range.upperBound...].unicodeScalars.prefix(2)
            if after.count == 2, after.allSatisfy(isHexDigit) {
                return range.lowerBound..<text.index(range.upperBound, offsetBy: 2)
            }
            searchStart = range.upperBound
        }
        return nil
    }

    /// RFC 3986 unreserved characters: letters, digits, `-`, `.`, `_`, `~`.
    private static func isUnreserved(_ scalar: Unicode.Scalar) -> Bool {
        isASCIILetter(scalar) || ("0"..."9").contains(scalar) || "-._~".unicodeScalars.contains(scalar)
    }

    /// Whether `part` carries `scalar` unescaped: unreserved characters, sub-delimiters,
    /// `:`, `@`, `/`, and `?` outside the path.
    private static func isWrittenAsIs(_ scalar: Unicode.Scalar, in part: Part) -> Bool {
        if isUnreserved(scalar) || "!$&'()*+,;=:@/".unicodeScalars.contains(scalar) { return true }
        return scalar == "?" && part != .path
    }
}
