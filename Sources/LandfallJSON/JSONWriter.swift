/// Writes ``JSONValue`` trees as text, deterministically: members in the order they are held,
/// `/` not escaped, non-ASCII written as UTF-8, and no trailing spaces.
///
/// ```swift
/// JSONWriter.pretty.string(for: .object([("a", .array([]))]))
/// // {
/// //   "a": []
/// // }
/// ```
public struct JSONWriter: Sendable {
    /// Two-space indentation, one member or element per line, a final newline.
    public static let pretty = JSONWriter(indent: "  ")
    /// Everything on one line with no spaces.
    public static let compact = JSONWriter(indent: nil)

    /// The indentation unit, or `nil` for compact output.
    public var indent: String?

    /// Creates a writer; `indent == nil` writes compact JSON.
    public init(indent: String?) {
        self.indent = indent
    }

    /// The JSON text for a value (pretty output ends with a newline).
    public func string(for value: JSONValue) -> String {
        var output = ""
        write(value, level: 0, into: &output)
        if indent != nil { output += "\n" }
        return output
    }

    private func newline(_ level: Int, into output: inout String) {
        guard let indent else { return }
        output += "\n"
        for _ in 0..<level { output += indent }
    }

    private func write(_ value: JSONValue, level: Int, into output: inout String) {
        switch value.kind {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): Self.writeString(text, into: &output)
        case .array(let elements):
            guard !elements.isEmpty else { output += "[]"; return }
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                newline(level + 1, into: &output)
                write(element, level: level + 1, into: &output)
            }
            newline(level, into: &output)
            output += "]"
        case .object(let members):
            guard !members.isEmpty else { output += "{}"; return }
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                newline(level + 1, into: &output)
                Self.writeString(member.key, into: &output)
                output += indent == nil ? ":" : ": "
                write(member.value, level: level + 1, into: &output)
            }
            newline(level, into: &output)
            output += "}"
        }
    }

    /// Appends `text` as a JSON string literal, escaped as ``string(for:)`` escapes strings.
    ///
    /// ```swift
    /// var output = "code: "
    /// JSONWriter.writeString("say \"hi\"", into: &output)   // code: "say \"hi\""
    /// ```
    public static func writeString(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
