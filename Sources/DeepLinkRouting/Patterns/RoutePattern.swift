/// A parsed route pattern such as `/puzzle/:date` or `/docs(/*path)`.
///
/// The syntax, one segment at a time:
///
/// | written | meaning |
/// | --- | --- |
/// | `/puzzle` | a literal segment (compared after percent-decoding the URL) |
/// | `/:date` | a parameter: any one non-empty segment, captured as `date` |
/// | `(/edit/:mode)` | an optional group: all of it or none of it; groups may nest |
/// | `/*rest` | a catch-all: one or more remaining segments, captured as `rest` (`a/b/c`) |
/// | `/*` | an anonymous catch-all that captures nothing |
///
/// A catch-all must be the last segment; to let it match nothing as well, put it in a group:
/// `/docs(/*path)` matches `/docs`, `/docs/a` and `/docs/a/b`. A trailing `/` in a pattern is
/// ignored (URLs are matched without their trailing slash). Literal text may be
/// percent-encoded (`/caf%C3%A9` is `/café`). Parameter names use letters, digits and `_`.
///
/// ```swift
/// let pattern = try RoutePattern("/required/:a(/optional/:b)")
/// pattern.parameterNames   // ["a", "b"]
/// pattern.expansions.count // 2
/// ```
///
/// - Throws: ``RoutePatternError`` naming the exact character for unbalanced parentheses,
///   empty or duplicate names, a catch-all that is not last, and the other mistakes in
///   ``RoutePatternError/Code``.
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    /// The most optional groups one pattern may have (each doubles the expansions).
    public static let maximumOptionalGroups = 8

    /// The pattern as written.
    public let text: String
    /// The parsed pattern.
    public let elements: [PatternElement]
    /// Every captured name, in the order they appear.
    public let parameterNames: [String]
    /// Every concrete shape the pattern can take, one per combination of optional groups,
    /// shortest combination (all groups absent) first.
    public let expansions: [[PatternSegment]]

    /// Parses a pattern.
    ///
    /// - Parameter text: The pattern, for example `/user/:userID(/posts/:post)`.
    /// - Throws: ``RoutePatternError`` pointing at the character at fault.
    public init(_ text: String) throws(RoutePatternError) {
        var parser = Parser(text: text)
        self.elements = try parser.parse()
        self.text = text
        self.parameterNames = parser.names
        self.expansions = Self.expand(elements)
    }

    /// The pattern as written.
    public var description: String { text }

    private static func expand(_ elements: [PatternElement]) -> [[PatternSegment]] {
        var results: [[PatternSegment]] = [[]]
        for element in elements {
            switch element {
            case .segment(let segment):
                results = results.map { $0 + [segment] }
            case .optionalGroup(let inner):
                let innerExpansions = expand(inner)
                results = results.flatMap { prefix in [prefix] + innerExpansions.map { prefix + $0 } }
            }
        }
        return results
    }
}

extension RoutePattern {
    /// A one-pass recursive-descent parser over the pattern's characters.
    struct Parser {
        let text: String
        let characters: [Character]
        var position = 0
        var names: [String] = []
        var groupCount = 0
        var catchAllOffset: Int?

        init(text: String) {
            self.text = text
            self.characters = Array(text)
        }

        mutating func parse() throws(RoutePatternError) -> [PatternElement] {
            guard let first = characters.first else {
                throw error(.emptyPattern, at: 0, "a pattern cannot be empty; write '/' for the root")
            }
            guard first == "/" || first == "(" else {
                throw error(.missingLeadingSlash, at: 0, "a pattern must start with '/'")
            }
            if characters == ["/"] { return [] }
            let elements = try parseSequence(depth: 0)
            if position < characters.count {
                throw error(.unbalancedParenthesis, at: position, "')' has no matching '('")
            }
            return elements
        }

        private mutating func parseSequence(depth: Int) throws(RoutePatternError) -> [PatternElement] {
            var elements: [PatternElement] = []
            while position < characters.count {
                let character = characters[position]
                if let catchAll = catchAllOffset, character != ")" {
                    let rest = String(characters[position...])
                    throw error(.catchAllNotLast, at: catchAll,
                                "a catch-all must be the last segment, but '\(rest)' follows it")
                }
                switch character {
                case "/":
                    position += 1
                    if position == characters.count {
                        if depth == 0 { return elements }  // a trailing slash is ignored
                        break
                    }
                    switch characters[position] {
                    case "/":
                        throw error(.emptySegment, at: position, "empty segment: two '/' in a row can never match")
                    case "(", ")":
                        throw error(.emptySegment, at: position,
                                    "empty segment: '/' must be followed by a segment, not '\(characters[position])'")
                    default:
                        elements.append(.segment(try parseSegment()))
                    }
                case "(":
                    let open = position
                    position += 1
                    groupCount += 1
                    if groupCount > RoutePattern.maximumOptionalGroups {
                        throw error(.tooManyOptionalGroups, at: open,
                                    "at most \(RoutePattern.maximumOptionalGroups) optional groups are allowed in one pattern")
                    }
                    guard position < characters.count else {
                        throw error(.unbalancedParenthesis, at: open, "'(' is never closed")
                    }
                    if characters[position] == ")" {
                        throw error(.malformedGroup, at: open, "empty optional group '()'")
                    }
                    if characters[position] != "/" {
                        throw error(.malformedGroup, at: position,
                                    "an optional group must start with '/', not '\(characters[position])'")
                    }
                    let inner = try parseSequence(depth: depth + 1)
                    guard position < characters.count else {
                        throw error(.unbalancedParenthesis, at: open, "'(' is never closed")
                    }
                    position += 1  // the ')'
                    elements.append(.optionalGroup(inner))
                case ")":
                    if depth == 0 {
                        throw error(.unbalancedParenthesis, at: position, "')' has no matching '('")
                    }
                    return elements
                case "?", "#":
                    throw queryOrFragment(at: position)
                default:
                    throw error(.missingLeadingSlash, at: position,
                                "expected '/' before '\(character)': every segment starts with '/'")
                }
            }
            // At depth > 0 the caller reports the unclosed '(' with its own position.
            return elements
        }

        /// Parses one segment; `position` is on its first character (not `/`, `(` or `)`).
        private mutating func parseSegment() throws(RoutePatternError) -> PatternSegment {
            let start = position
            switch characters[start] {
            case ":":
                position += 1
                let name = try readName(after: start)
                guard let name else {
                    throw error(.emptyParameterName, at: start, "':' must be followed by a parameter name")
                }
                try register(name, at: start)
                return .parameter(name)
            case "*":
                position += 1
                let name = try readName(after: start)
                if let name { try register(name, at: start) }
                catchAllOffset = start
                return .catchAll(name)
            default:
                return .literal(try readLiteral())
            }
        }

        /// Reads `[A-Za-z_][A-Za-z0-9_]*` up to the end of the segment; nil if it is empty.
        private mutating func readName(after marker: Int) throws(RoutePatternError) -> String? {
            let start = position
            while position < characters.count {
                let character = characters[position]
                if try endsSegment(character) { break }
                let isLetter = character.isASCII && (character.isLetter || character == "_")
                let isDigit = character.isASCII && character.isNumber
                if !(isLetter || isDigit) {
                    throw error(.invalidParameterName, at: position,
                                "'\(character)' cannot appear in a parameter name; use letters, digits and '_'")
                }
                if position == start && isDigit {
                    throw error(.invalidParameterName, at: position, "a parameter name cannot start with a digit")
                }
                position += 1
            }
            return position == start ? nil : String(characters[start..<position])
        }

        /// True at the end of a segment (`/`, `(`, `)`); throws for a query, a fragment, or a
        /// parameter marker in the middle of a segment.
        private func endsSegment(_ character: Character) throws(RoutePatternError) -> Bool {
            if character == "/" || character == "(" || character == ")" { return true }
            if character == "?" || character == "#" { throw queryOrFragment(at: position) }
            if character == ":" || character == "*" {
                throw error(.parameterNotWholeSegment, at: position,
                            "'\(character)' can only begin a segment; a parameter takes its whole segment")
            }
            return false
        }

        private mutating func register(_ name: String, at offset: Int) throws(RoutePatternError) {
            if names.contains(name) {
                throw error(.duplicateParameterName, at: offset, "duplicate parameter name '\(name)'")
            }
            names.append(name)
        }

        private mutating func readLiteral() throws(RoutePatternError) -> String {
            let start = position
            while position < characters.count {
                let character = characters[position]
                if try endsSegment(character) { break }
                position += 1
            }
            let literal = characters[start..<position]
            guard literal.contains("%") else { return String(literal) }
            switch PercentEncoding.decodeStrictly(literal) {
            case .success(let decoded):
                return decoded
            case .failure(let failure):
                throw error(.invalidPercentEncoding, at: start + failure.offset, failure.message)
            }
        }

        private func queryOrFragment(at offset: Int) -> RoutePatternError {
            error(.queryOrFragmentInPattern, at: offset,
                  "'\(characters[offset])' is not allowed: a pattern describes the path only "
                      + "(query items are merged into the parameters automatically)")
        }

        private func error(_ code: RoutePatternError.Code, at offset: Int, _ message: String) -> RoutePatternError {
            RoutePatternError(code: code, pattern: text, offset: offset, message: message)
        }
    }
}
