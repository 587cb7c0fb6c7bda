/// A compiled association-file pattern: `*` matches zero or more characters (crossing `/`),
/// `?` exactly one, `$(name)` one of a substitution variable's values; everything else is
/// literal, with no escapes.
///
/// Matching runs in time proportional to pattern × input, never worse: a pattern without
/// variables uses a greedy matcher that backs up only to the last `*`, and a pattern with
/// variables is matched by stepping a set of input positions through the pattern, so a hostile
/// pattern such as `*a*a*a*a*a*a*a*a*b` cannot blow up.
///
/// ```swift
/// let pattern = WildcardPattern("/help/*")
/// pattern.matches("/help/faq") // true
/// ```
public struct WildcardPattern: Sendable, Hashable, CustomStringConvertible {
    /// One step of a compiled pattern.
    enum Token: Sendable, Hashable {
        /// These bytes, exactly.
        case literal([UInt8])
        /// `?`: any one character.
        case anyCharacter
        /// `*`: any run of characters, possibly empty.
        case anyRun
        /// A built-in class variable: one character of the class.
        case characterClass(CharacterClass)
        /// A substitution variable: any one of these alternatives (each without variables).
        case choice([[Token]])
        /// An undefined variable: matches nothing.
        case never
    }

    /// A `$(...)` reference found in the pattern text.
    public struct VariableReference: Sendable, Hashable {
        /// The text between `$(` and `)`.
        public var name: String
        /// Whether the name is defined by the file or built in.
        public var isDefined: Bool
    }

    /// Everything compiled, held in one immutable object so that copying a pattern (as the
    /// matcher does for every rule it tries) costs one reference count, not one per array.
    final class Storage: Sendable {
        let source: String
        let caseInsensitive: Bool
        let variables: [VariableReference]
        let malformedReferences: [String]
        let tokens: [Token]
        let program: [UInt16]?

        init(source: String, caseInsensitive: Bool, variables: [VariableReference], malformedReferences: [String], tokens: [Token]) {
            self.source = source
            self.caseInsensitive = caseInsensitive
            self.variables = variables
            self.malformedReferences = malformedReferences
            self.tokens = tokens
            self.program = WildcardPattern.program(for: tokens)
        }
    }

    let storage: Storage

    /// The pattern as written.
    public var source: String { storage.source }
    /// Whether the pattern was compiled to compare case-insensitively (its text is lower-cased;
    /// the input must be lower-cased too).
    public var caseInsensitive: Bool { storage.caseInsensitive }
    /// The variables the pattern refers to, in order.
    public var variables: [VariableReference] { storage.variables }
    /// The first few `$(` sequences that are not well-formed references (no `)`, an empty name,
    /// or a name containing `$` or `(`); they are matched as literal text.
    public var malformedReferences: [String] { storage.malformedReferences }

    var tokens: [Token] { storage.tokens }
    /// For patterns without variables: bytes 0...255 are literals, ``anyCharacterOp`` and ``anyRunOp`` wildcards.
    var program: [UInt16]? { storage.program }

    static let anyCharacterOp: UInt16 = 256
    static let anyRunOp: UInt16 = 257

    /// Compiles `source`.
    ///
    /// - Parameters:
    ///   - source: the pattern as the file writes it (`*`, `?` and `$(NAME)` variables).
    ///   - variables: the substitution variables in scope (the built-ins by default).
    ///   - caseSensitive: when false, the pattern (and variable values) compare case-insensitively;
    ///     inputs must then be lower-cased with ``foldCase(_:)`` before matching.
    public init(_ source: String, variables: SubstitutionTable = .builtinsOnly, caseSensitive: Bool = true) {
        var references: [VariableReference] = []
        var tokens: [Token] = []
        let split = VariableReferences(in: source)
        for piece in split.pieces {
            switch piece {
            case .text(let text):
                tokens += Self.tokens(forText: caseSensitive ? text : text.lowercased())
            case .variable(let name):
                let meaning = variables.meaning(of: name)
                references.append(VariableReference(name: name, isDefined: meaning != nil))
                switch meaning {
                case nil:
                    tokens.append(.never)
                case .characterClass(let characterClass)?:
                    tokens.append(.characterClass(characterClass))
                case .values(let values)?:
                    tokens.append(.choice(values.map { Self.tokens(forText: caseSensitive ? $0 : $0.lowercased()) }))
                }
            }
        }
        storage = Storage(source: source, caseInsensitive: !caseSensitive, variables: references,
                          malformedReferences: split.malformed.map(\.text), tokens: Self.merged(tokens))
    }

    /// `source`.
    public var description: String { source }

    /// Two patterns are equal when written and compiled alike.
    public static func == (lhs: WildcardPattern, rhs: WildcardPattern) -> Bool {
        lhs.source == rhs.source && lhs.caseInsensitive == rhs.caseInsensitive && lhs.tokens == rhs.tokens
    }

    /// Hashes the source and case setting.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(caseInsensitive)
    }

    /// True for a pattern that matches every input (`*`, `**`, ...). The empty pattern matches
    /// only the empty string (rule 6: `"#": ""` does not match `#top`), so it is not one.
    public var matchesEverything: Bool { !tokens.isEmpty && tokens.allSatisfy { $0 == .anyRun } }

    /// The literal bytes at the start of the pattern, before its first wildcard or variable.
    var literalPrefix: [UInt8] {
        if case .literal(let bytes)? = tokens.first { return bytes }
        return []
    }

    /// True when the pattern contains a `*` (directly or in a variable's value).
    public var containsAnyRun: Bool {
        tokens.contains { token in
            switch token {
            case .anyRun: true
            case .choice(let alternatives): alternatives.contains { $0.contains(.anyRun) }
            default: false
            }
        }
    }

    // MARK: Compiling

    /// Tokens for text with `*` and `?` wildcards and no variables.
    static func tokens(forText text: String) -> [Token] {
        var tokens: [Token] = []
        var literal: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "*"):
                if !literal.isEmpty { tokens.append(.literal(literal)); literal = [] }
                tokens.append(.anyRun)
            case UInt8(ascii: "?"):
                if !literal.isEmpty { tokens.append(.literal(literal)); literal = [] }
                tokens.append(.anyCharacter)
            default:
                literal.append(byte)
            }
        }
        if !literal.isEmpty { tokens.append(.literal(literal)) }
        return tokens
    }

    /// Joins adjacent literals and collapses runs of `*`.
    static func merged(_ tokens: [Token]) -> [Token] {
        var result: [Token] = []
        for token in tokens {
            switch (result.last, token) {
            case (.literal(let previous)?, .literal(let next)):
                result[result.count - 1] = .literal(previous + next)
            case (.anyRun?, .anyRun):
                continue
            default:
                result.append(token)
            }
        }
        return result
    }

    static func program(for tokens: [Token]) -> [UInt16]? {
        var program: [UInt16] = []
        for token in tokens {
            switch token {
            case .literal(let bytes): program += bytes.map(UInt16.init)
            case .anyCharacter: program.append(anyCharacterOp)
            case .anyRun: program.append(anyRunOp)
            case .characterClass, .choice, .never: return nil
            }
        }
        return program
    }
}
