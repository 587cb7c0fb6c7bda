/// Text with `{name}` placeholders filled from a route's parameters: `Puzzle for {date}`,
/// `puzzle/{date}`. `{{` writes a literal `{`, `}}` a literal `}`.
///
/// ```swift
/// let text = try PlaceholderText("Puzzle for {date}")
/// text.names                          // ["date"]
/// text.filled(with: ["date": "2025-10-25"]) // "Puzzle for 2025-10-25"
/// ```
public struct PlaceholderText: Sendable, Hashable, CustomStringConvertible {
    /// One piece of the text.
    public enum Piece: Sendable, Hashable {
        /// Text written as is.
        case literal(String)
        /// The value of the named parameter.
        case placeholder(String)
    }

    /// Why a text does not parse: the message and the character offset it points at.
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong.
        public var message: String
        /// The offset, in characters, of the character at fault.
        public var offset: Int
        /// The message with the offset.
        public var description: String { "\(message) (at character \(offset + 1))" }
    }

    /// The text as written.
    public let text: String
    /// The pieces, in order.
    public let pieces: [Piece]

    /// Parses a text.
    ///
    /// - Throws: ``ParseError`` for a `{` without its `}`, a lone `}`, or a name that is not
    ///   letters, digits and `_`.
    public init(_ text: String) throws(ParseError) {
        self.text = text
        var pieces: [Piece] = []
        var literal = ""
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "{" {
                if index + 1 < characters.count, characters[index + 1] == "{" {
                    literal.append("{")
                    index += 2
                    continue
                }
                guard let close = characters[(index + 1)...].firstIndex(of: "}") else {
                    throw ParseError(message: "'{' has no closing '}'", offset: index)
                }
                let name = String(characters[(index + 1)..<close])
                guard !name.isEmpty, name.unicodeScalars.allSatisfy(Self.isNameScalar) else {
                    throw ParseError(message: "'{\(name)}' is not a placeholder; write a parameter name of letters, digits and _, or '{{' for a brace",
                                     offset: index)
                }
                if !literal.isEmpty { pieces.append(.literal(literal)) }
                literal = ""
                pieces.append(.placeholder(name))
                index = close + 1
            } else if character == "}" {
                guard index + 1 < characters.count, characters[index + 1] == "}" else {
                    throw ParseError(message: "'}' without '{'; write '}}' for a brace", offset: index)
                }
                literal.append("}")
                index += 2
            } else {
                literal.append(character)
                index += 1
            }
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        self.pieces = pieces
    }

    /// The placeholder names, in order of appearance, each once.
    public var names: [String] {
        var seen: Set<String> = []
        return pieces.compactMap {
            guard case .placeholder(let name) = $0, seen.insert(name).inserted else { return nil }
            return name
        }
    }

    /// The text with each placeholder replaced by its value (empty when there is none).
    public func filled(with values: [String: String]) -> String {
        pieces.map {
            switch $0 {
            case .literal(let text): text
            case .placeholder(let name): values[name] ?? ""
            }
        }.joined()
    }

    /// The text as written.
    public var description: String { text }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
    }
}
