import Foundation
import LandfallJSON

/// A JSON file edited in place: values replaced and members appended by splicing text into the
/// original bytes, so that everything else (key order, spacing, how numbers and strings are
/// spelled, the final newline) stays byte for byte as it was.
///
/// New text is written with the file's own indentation unit (``indentation``), indented like the
/// line it goes into.
///
/// ```swift
/// var document = try JSONSourceDocument("{\n    \"a\": 1\n}\n", fileName: "app.json")
/// document.append([("b", .bool(true))], to: document.root)
/// document.text // "{\n    \"a\": 1,\n    \"b\": true\n}\n"
/// ```
struct JSONSourceDocument {
    /// The file's bytes, with its byte-order mark if it has one (source locations count it).
    let bytes: [UInt8]
    /// The parsed document; every value has its source location.
    let root: JSONValue
    /// The file's indentation unit: a tab, or the smallest run of leading spaces (two when no
    /// line is indented).
    let indentation: String
    /// The splices so far: a range of ``bytes`` and its replacement.
    private var edits: [(range: Range<Int>, text: String)] = []

    /// Parses `text`.
    ///
    /// - Throws: ``AppFileMergeError`` when it is not JSON, naming the line and column.
    init(_ text: String, fileName: String) throws(AppFileMergeError) {
        let all = Array(text.utf8)
        let document: JSONParser.Document
        do {
            document = try JSONParser().parseDocument(all)
        } catch {
            throw AppFileMergeError("\(fileName) is not valid JSON (\(error.location)): \(error.message)", line: error.location.line)
        }
        bytes = all
        root = document.value
        indentation = Self.indentation(of: bytes)
    }

    /// The edited file.
    var text: String {
        var result = bytes
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            result.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        }
        return String(decoding: result, as: UTF8.self)
    }

    // MARK: - Reading

    /// Where `value` starts in ``bytes`` (values read from the file always know).
    func start(of value: JSONValue) -> Int { value.location?.offset ?? 0 }

    /// Where `value` ends in ``bytes``: the offset just after its last byte.
    func end(of value: JSONValue) -> Int {
        var index = start(of: value)
        guard index < bytes.count else { return index }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""): index = endOfString(at: index) - 1
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default: break
                }
                index += 1
            }
            return index
        case UInt8(ascii: "\""):
            return endOfString(at: index)
        default:
            while index < bytes.count, !Self.endsScalar(bytes[index]) { index += 1 }
            return index
        }
    }

    /// The offset just after the string literal whose opening quote is at `index`.
    private func endOfString(at index: Int) -> Int {
        var position = index + 1
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\\"): position += 2
            case UInt8(ascii: "\""): return position + 1
            default: position += 1
            }
        }
        return position
    }

    private static func endsScalar(_ byte: UInt8) -> Bool {
        [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: " "), UInt8(ascii: "\t"),
         UInt8(ascii: "\r"), UInt8(ascii: "\n")].contains(byte)
    }

    /// The value's text as the file spells it.
    func source(of value: JSONValue) -> String {
        String(decoding: bytes[start(of: value)..<end(of: value)], as: UTF8.self)
    }

    /// The spaces and tabs that start the line holding `offset`.
    func indent(ofLineAt offset: Int) -> String {
        var lineStart = min(offset, bytes.count)
        while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        var end = lineStart
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return String(decoding: bytes[lineStart..<end], as: UTF8.self)
    }

    /// A tab when the first indented line starts with one, else the smallest run of leading
    /// spaces of any line, else two spaces.
    static func indentation(of bytes: [UInt8]) -> String {
        var smallest: Int?
        var lineStart = 0
        while lineStart < bytes.count {
            var index = lineStart
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
            let spaces = index - lineStart
            if index < bytes.count, bytes[index] == UInt8(ascii: "\t"), spaces == 0, smallest == nil { return "\t" }
            let blank = index >= bytes.count || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r")
            if spaces > 0, !blank { smallest = min(smallest ?? spaces, spaces) }
            while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            lineStart = index + 1
        }
        return String(repeating: " ", count: smallest ?? 2)
    }

    // MARK: - Writing

    /// `value` as pretty JSON in the file's indentation, every line after the first starting
    /// with `indent`.
    func written(_ value: JSONValue, indentedBy indent: String) -> String {
        var text = JSONWriter(indent: indentation).string(for: value)
        if text.hasSuffix("\n") { text.removeLast() }
        return text.replacingOccurrences(of: "\n", with: "\n" + indent)
    }

    /// Replaces `old` (a value of the file) with `new`, written in the file's indentation.
    mutating func replace(_ old: JSONValue, with new: JSONValue) {
        let start = start(of: old)
        edits.append((start..<end(of: old), written(new, indentedBy: indent(ofLineAt: start))))
    }

    /// An element of an array written by ``replace(_:withElements:)``: a new value, or one of the
    /// array's own elements kept as the file spells it.
    enum Element {
        case new(JSONValue)
        case kept(JSONValue)
    }

    /// Replaces the array `old` with `elements`, one per line; kept elements are copied as they
    /// are spelled.
    mutating func replace(_ old: JSONValue, withElements elements: [Element]) {
        let start = start(of: old)
        let outer = indent(ofLineAt: start)
        let inner = outer + indentation
        let text: String
        if elements.isEmpty {
            text = "[]"
        } else {
            let lines = elements.map { element -> String in
                switch element {
                case .new(let value): inner + written(value, indentedBy: inner)
                case .kept(let value): inner + source(of: value)
                }
            }
            text = "[\n" + lines.joined(separator: ",\n") + "\n" + outer + "]"
        }
        edits.append((start..<end(of: old), text))
    }

    /// Adds `members` at the end of `object` (a value of the file), indented like its members.
    mutating func append(_ members: [(String, JSONValue)], to object: JSONValue) {
        guard !members.isEmpty, let existing = object.objectMembers else { return }
        func member(_ key: String, _ value: JSONValue, indent: String) -> String {
            var text = indent
            JSONWriter.writeString(key, into: &text)
            return text + ": " + written(value, indentedBy: indent)
        }
        let objectStart = start(of: object)
        let outer = indent(ofLineAt: objectStart)
        if let last = existing.last {
            let keyOffset = last.keyLocation?.offset ?? objectStart
            let sameLine = !bytes[objectStart..<keyOffset].contains(UInt8(ascii: "\n"))
            let inner = sameLine ? outer + indentation : indent(ofLineAt: keyOffset)
            let text = members.map { ",\n" + member($0.0, $0.1, indent: inner) }.joined()
            let position = end(of: last.value)
            edits.append((position..<position, text))
        } else {
            let inner = outer + indentation
            let text = "{\n" + members.map { member($0.0, $0.1, indent: inner) }.joined(separator: ",\n") + "\n" + outer + "}"
            edits.append((objectStart..<end(of: object), text))
        }
    }
}
