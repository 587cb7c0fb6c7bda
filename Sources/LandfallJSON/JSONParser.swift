/// A strict RFC 8259 JSON parser that keeps member order, duplicate keys, number literals and
/// source locations (see ``JSONValue``).
///
/// It refuses what a lenient parser would guess at (comments, trailing commas, single quotes,
/// `NaN`, control characters in strings, invalid UTF-8) and nesting deeper than
/// ``JSONParser/maximumDepth``, so a hostile file cannot exhaust the stack.
public struct JSONParser: Sendable {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 256

    /// The result of a parse: the value and whether the document started with a byte-order mark.
    public struct Document: Sendable {
        /// The top-level value.
        public var value: JSONValue
        /// True when the bytes started with a UTF-8 byte-order mark (EF BB BF), which was skipped.
        public var hadByteOrderMark: Bool
    }

    /// Creates a parser.
    public init() {}

    /// Parses a whole document. A UTF-8 byte-order mark is skipped and reported in the result.
    ///
    /// - Throws: ``JSONParseError`` naming the line and column of the first problem.
    public func parseDocument<Bytes: Collection>(_ bytes: Bytes) throws(JSONParseError) -> Document
    where Bytes.Element == UInt8 {
        let array = Array(bytes)
        var hadBOM = false
        var start = 0
        if array.count >= 3, array[0] == 0xEF, array[1] == 0xBB, array[2] == 0xBF {
            hadBOM = true
            start = 3
        }
        var reader = Reader(bytes: array, position: start)
        let value = try reader.parseTopLevel()
        return Document(value: value, hadByteOrderMark: hadBOM)
    }
}

extension JSONValue {
    /// Parses JSON text. See ``JSONParser``.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try JSONParser().parseDocument(Array(text.utf8)).value
    }
}

private struct Reader {
    let bytes: [UInt8]
    var position: Int
    var line = 1
    var lineStart: Int
    /// UTF-8 continuation bytes seen since `lineStart`, so columns count scalars, not bytes.
    var continuationBytesOnLine = 0
    var depth = 0

    init(bytes: [UInt8], position: Int) {
        self.bytes = bytes
        self.position = position
        self.lineStart = position
    }

    var location: SourceLocation {
        SourceLocation(offset: position, line: line, column: position - lineStart - continuationBytesOnLine + 1)
    }

    func fail(_ message: String) -> JSONParseError {
        JSONParseError(message: message, location: location)
    }

    func describeCurrent() -> String {
        guard position < bytes.count else { return "the end of the file" }
        let byte = bytes[position]
        switch byte {
        case 0x20...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0x0A: return "a line break"
        case 0x09: return "a tab"
        default: return "the byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0D:
                position += 1
            case 0x0A:
                position += 1
                line += 1
                lineStart = position
                continuationBytesOnLine = 0
            default:
                return
            }
        }
    }

    mutating func parseTopLevel() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        guard position < bytes.count else { throw fail("the file is empty; expected a JSON value") }
        let value = try parseValue()
        skipWhitespace()
        if position < bytes.count {
            throw fail("unexpected \(describeCurrent()) after the end of the JSON value")
        }
        return value
    }

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard position < bytes.count else { throw fail("expected a value, found the end of the file") }
        let start = location
        switch bytes[position] {
        case UInt8(ascii: "{"): return JSONValue(try parseObject(), location: start)
        case UInt8(ascii: "["): return JSONValue(try parseArray(), location: start)
        case UInt8(ascii: "\""): return JSONValue(.string(try parseString()), location: start)
        case UInt8(ascii: "t"): try expectLiteral("true"); return JSONValue(.bool(true), location: start)
        case UInt8(ascii: "f"): try expectLiteral("false"); return JSONValue(.bool(false), location: start)
        case UInt8(ascii: "n"): try expectLiteral("null"); return JSONValue(.null, location: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(.number(try parseNumber()), location: start)
        case UInt8(ascii: "'"):
            throw fail("strings must use double quotes, found a single quote")
        case UInt8(ascii: "/"):
            throw fail("JSON has no comments; found '/'")
        default:
            throw fail("expected a value (object, array, string, number, true, false or null), found \(describeCurrent())")
        }
    }

    mutating func expectLiteral(_ word: String) throws(JSONParseError) {
        let literal = Array(word.utf8)
        let matches = position + literal.count <= bytes.count
            && literal.indices.allSatisfy { bytes[position + $0] == literal[$0] }
        guard matches else { throw fail("expected '\(word)', found \(describeCurrent())") }
        position += literal.count
    }

    mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        if depth > JSONParser.maximumDepth {
            throw fail("arrays and objects are nested more than \(JSONParser.maximumDepth) levels deep")
        }
    }

    mutating func parseObject() throws(JSONParseError) -> JSONValue.Kind {
        try enterContainer()
        position += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                    throw fail("trailing comma before '}' is not allowed in JSON")
                }
                throw fail("expected a member name in double quotes, found \(describeCurrent())")
            }
            let keyLocation = location
            let key = try parseString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw fail("expected ':' after the member name \"\(key)\", found \(describeCurrent())")
            }
            position += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONMember(key: key, keyLocation: keyLocation, value: value))
            skipWhitespace()
            guard position < bytes.count else { throw fail("expected ',' or '}' to continue the object, found the end of the file") }
            switch bytes[position] {
            case UInt8(ascii: ","):
                position += 1
            case UInt8(ascii: "}"):
                position += 1
                depth -= 1
                return .object(members)
            default:
                throw fail("expected ',' or '}' after the value of \"\(key)\", found \(describeCurrent())")
            }
        }
    }

    mutating func parseArray() throws(JSONParseError) -> JSONValue.Kind {
        try enterContainer()
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                throw fail("trailing comma before ']' is not allowed in JSON")
            }
            elements.append(try parseValue())
            skipWhitespace()
            guard position < bytes.count else { throw fail("expected ',' or ']' to continue the array, found the end of the file") }
            switch bytes[position] {
            case UInt8(ascii: ","):
                position += 1
            case UInt8(ascii: "]"):
                position += 1
                depth -= 1
                return .array(elements)
            default:
                throw fail("expected ',' or ']' after an array element, found \(describeCurrent())")
            }
        }
    }

    mutating func parseNumber() throws(JSONParseError) -> String {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        func isDigit(_ index: Int) -> Bool {
            index < bytes.count && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")
        }
        guard isDigit(position) else { throw fail("expected a digit in the number, found \(describeCurrent())") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if isDigit(position) { throw fail("numbers may not have leading zeros") }
        } else {
            while isDigit(position) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard isDigit(position) else { throw fail("expected a digit after the decimal point, found \(describeCurrent())") }
            while isDigit(position) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard isDigit(position) else { throw fail("expected a digit in the exponent, found \(describeCurrent())") }
            while isDigit(position) { position += 1 }
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    mutating func parseString() throws(JSONParseError) -> String {
        position += 1  // opening quote
        let start = position
        // Fast path: most strings have no escapes and are taken straight from the bytes.
        while true {
            guard position < bytes.count else {
                throw fail("unterminated string: expected '\"' before the end of the file")
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: bytes[start..<position], as: UTF8.self)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            try scanCharacter(byte)
        }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: String(decoding: bytes[start..<position], as: UTF8.self).unicodeScalars)
        var runStart = position
        while true {
            guard position < bytes.count else {
                throw fail("unterminated string: expected '\"' before the end of the file")
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                if position > runStart {
                    scalars.append(contentsOf: String(decoding: bytes[runStart..<position], as: UTF8.self).unicodeScalars)
                }
                if byte == UInt8(ascii: "\"") {
                    position += 1
                    return String(scalars)
                }
                try parseEscape(into: &scalars)
                runStart = position
                continue
            }
            try scanCharacter(byte)
        }
    }

    /// Moves past one unescaped character of a string, refusing control characters and invalid UTF-8.
    @inline(__always)
    mutating func scanCharacter(_ byte: UInt8) throws(JSONParseError) {
        switch byte {
        case 0x00..<0x20:
            throw fail(byte == 0x0A
                ? "unterminated string: a line break inside a string must be written \\n"
                : "control character 0x\(String(byte, radix: 16, uppercase: true)) inside a string must be escaped")
        case 0x00..<0x80:
            position += 1
        default:
            try skipMultibyteScalar(lead: byte)
        }
    }

    /// Validates one multi-byte UTF-8 sequence and moves past it.
    mutating func skipMultibyteScalar(lead: UInt8) throws(JSONParseError) {
        let length: Int
        var minimum: UInt32
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(lead & 0x07)
        default: throw fail("invalid UTF-8 byte 0x\(String(lead, radix: 16, uppercase: true)) in a string")
        }
        guard position + length <= bytes.count else { throw fail("truncated UTF-8 sequence in a string") }
        for index in 1..<length {
            let next = bytes[position + index]
            guard next & 0xC0 == 0x80 else { throw fail("invalid UTF-8 sequence in a string") }
            scalar = scalar << 6 | UInt32(next & 0x3F)
        }
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else {
            throw fail("invalid UTF-8 sequence in a string")
        }
        position += length
        continuationBytesOnLine += length - 1
    }

    mutating func parseEscape(into scalars: inout String.UnicodeScalarView) throws(JSONParseError) {
        position += 1
        guard position < bytes.count else { throw fail("unterminated escape sequence at the end of the file") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
            let first = try parseHex4()
            if (0xD800...0xDBFF).contains(first) {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                    throw fail("a \\u escape for a high surrogate must be followed by a low surrogate")
                }
                position += 2
                let second = try parseHex4()
                guard (0xDC00...0xDFFF).contains(second) else {
                    throw fail("a \\u escape for a high surrogate must be followed by a low surrogate")
                }
                let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                scalars.append(Unicode.Scalar(value)!)  // in range by construction
            } else if (0xDC00...0xDFFF).contains(first) {
                throw fail("a lone low surrogate \\u escape is not a character")
            } else {
                scalars.append(Unicode.Scalar(first)!)  // not a surrogate, so a valid scalar
            }
        default:
            position -= 1
            throw fail("invalid escape '\\\(Character(Unicode.Scalar(byte)))' in a string")
        }
    }

    mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count else { throw fail("expected 4 hex digits after \\u, found the end of the file") }
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("expected 4 hex digits after \\u, found \(describeCurrent())")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }
}
