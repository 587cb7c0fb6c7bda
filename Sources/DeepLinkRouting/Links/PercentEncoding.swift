/// Percent-decoding for incoming URLs and pattern literals, percent-encoding for generated ones.
enum PercentEncoding {
    /// Where a strict decode failed, as a character offset into the decoded text.
    struct Failure: Error {
        let offset: Int
        let message: String
    }

    /// Decodes `%XX` escapes in pattern text, rejecting malformed escapes and non-UTF-8 results.
    static func decodeStrictly(_ characters: ArraySlice<Character>) -> Result<String, Failure> {
        var bytes: [UInt8] = []
        var index = characters.startIndex
        var firstEscape: Int?
        while index < characters.endIndex {
            let character = characters[index]
            let offset = index - characters.startIndex
            if character == "%" {
                firstEscape = firstEscape ?? offset
                guard index + 2 < characters.endIndex,
                      let high = hexValue(characters[index + 1]),
                      let low = hexValue(characters[index + 2])
                else {
                    return .failure(Failure(offset: offset, message: "'%' must be followed by two hexadecimal digits"))
                }
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(contentsOf: character.utf8)
                index += 1
            }
        }
        guard isValidUTF8(bytes) else {
            return .failure(Failure(offset: firstEscape ?? 0, message: "the percent-escapes do not form valid UTF-8"))
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// Decodes `%XX` escapes (and `+` as a space when asked); a malformed escape is kept as
    /// written, as browsers do. Returns nil when the decoded bytes are not valid UTF-8.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool) -> String? {
        var needsDecoding = false
        for byte in bytes where byte == UInt8(ascii: "%") || (plusAsSpace && byte == UInt8(ascii: "+")) {
            needsDecoding = true
            break
        }
        if !needsDecoding { return String(decoding: bytes, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                output.append(high << 4 | low)
                index += 3
            } else if plusAsSpace && byte == UInt8(ascii: "+") {
                output.append(UInt8(ascii: " "))
                index += 1
            } else {
                output.append(byte)
                index += 1
            }
        }
        guard isValidUTF8(output) else { return nil }
        return String(decoding: output, as: UTF8.self)
    }

    /// Encodes every byte except the RFC 3986 unreserved characters `A-Z a-z 0-9 - . _ ~`.
    static func encode(_ string: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(string.utf8.count)
        for byte in string.utf8 {
            if isUnreserved(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Encodes one path segment; `.` and `..` are escaped so they are not read as dot-segments.
    static func encodeSegment(_ segment: String) -> String {
        switch segment {
        case ".": "%2E"
        case "..": "%2E%2E"
        default: encode(segment)
        }
    }

    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func hexValue(_ character: Character) -> UInt8? {
        guard let ascii = character.asciiValue else { return nil }
        return hexValue(ascii)
    }
}
