/// The two ways iOS may transform a URL part before comparing it with a pattern.
enum TextTransforms {
    /// Lower-cases UTF-8 text the same way case-insensitive patterns are lower-cased.
    static func foldCase(_ bytes: [UInt8]) -> [UInt8] {
        if bytes.allSatisfy({ $0 < 0x80 }) {
            return bytes.map { ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) ? $0 + 32 : $0 }
        }
        return Array(String(decoding: bytes, as: UTF8.self).lowercased().utf8)
    }

    /// Decodes `%XX` escapes (either hex case); a `%` not followed by two hex digits stays as it is.
    /// `+` is left alone: iOS does not treat it as a space.
    static func percentDecode(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "%")) else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                result.append(high << 4 | low)
                index += 3
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension WildcardPattern {
    /// Lower-cases input for a case-insensitive pattern, exactly as the pattern's text was.
    public static func foldCase(_ input: String) -> String {
        String(decoding: TextTransforms.foldCase(Array(input.utf8)), as: UTF8.self)
    }
}
