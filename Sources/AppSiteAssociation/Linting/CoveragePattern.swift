/// A pattern without substitution variables, prepared for the question "does every string this
/// other pattern matches also match me?".
///
/// The answer is sound but not complete: when ``covers(_:budget:)`` says yes, it is certain;
/// when it says no, the patterns may still overlap completely in ways it does not prove.
/// It aligns the two patterns token by token: a literal consumes only the same literal, `?`
/// consumes one ASCII literal or one `?`, and only `*` may consume the other pattern's `*`.
/// Literals are UTF-8 bytes; since `?` stands for one whole character, it is never allowed to
/// consume a byte of a multi-byte character, which keeps the answer sound.
struct CoveragePattern: Hashable {
    /// Tokens: a UTF-8 byte (0...255), or ``anyCharacter`` / ``anyRun``.
    let tokens: [UInt16]
    /// How many tokens at the start are literals (before the first wildcard).
    let literalPrefixCount: Int
    /// How many tokens at the end are literals (after the last wildcard).
    let literalSuffixCount: Int
    /// Whether any token is `*`.
    let hasAnyRun: Bool

    static let anyCharacter: UInt16 = 256
    static let anyRun: UInt16 = 257

    /// Prepares `source` as the matcher compiles it (lower-cased when case-insensitive), or
    /// returns `nil` when it refers to substitution variables (those are not compared).
    init?(_ source: String, caseSensitive: Bool) {
        let text = caseSensitive ? source : source.lowercased()
        var tokens: [UInt16] = []
        tokens.reserveCapacity(text.utf8.count)
        var firstWildcard: Int?
        var lastWildcard: Int?
        var hasAnyRun = false
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == UInt8(ascii: "$") && byte == UInt8(ascii: "(") { return nil }
            previous = byte
            switch byte {
            case UInt8(ascii: "*"):
                hasAnyRun = true
                if tokens.last == Self.anyRun { continue }
                tokens.append(Self.anyRun)
            case UInt8(ascii: "?"):
                tokens.append(Self.anyCharacter)
            default:
                tokens.append(UInt16(byte))
                continue
            }
            if firstWildcard == nil { firstWildcard = tokens.count - 1 }
            lastWildcard = tokens.count - 1
        }
        self.tokens = tokens
        self.literalPrefixCount = firstWildcard ?? tokens.count
        self.literalSuffixCount = lastWildcard.map { tokens.count - $0 - 1 } ?? tokens.count
        self.hasAnyRun = hasAnyRun
    }

    /// True for `*` (any run of `*`): it matches every string.
    var matchesEverything: Bool { tokens == [Self.anyRun] }

    /// Whether every string `other` matches is matched by this pattern too.
    ///
    /// - Parameter budget: work still allowed; decreased by the work done. When it runs out the
    ///   answer is `false` (unknown counts as no).
    func covers(_ other: CoveragePattern, budget: inout Int) -> Bool {
        if matchesEverything { return true }
        let mine = tokens
        let theirs = other.tokens
        guard hasAnyRun else {
            // Without `*` this pattern matches strings of one length: compare position by position.
            guard !other.hasAnyRun, mine.count == theirs.count else { return false }
            budget -= mine.count
            for index in mine.indices {
                let token = mine[index]
                if token == Self.anyCharacter ? !Self.isOneCharacter(theirs[index]) : token != theirs[index] { return false }
            }
            return true
        }
        // The literal prefix and suffix must be met by the same literals in `other`.
        let prefix = literalPrefixCount
        let suffix = literalSuffixCount
        guard theirs.count >= prefix + suffix else { return false }
        for index in 0..<prefix where mine[index] != theirs[index] { return false }
        for offset in 0..<suffix where mine[mine.count - 1 - offset] != theirs[theirs.count - 1 - offset] { return false }
        let middle = mine[prefix..<(mine.count - suffix)]
        let otherMiddle = theirs[prefix..<(theirs.count - suffix)]
        let cost = (middle.count + 1) * (otherMiddle.count + 1)
        guard budget >= cost else {
            budget = 0
            return false
        }
        budget -= cost
        return Self.alignmentExists(Array(middle), Array(otherMiddle))
    }

    /// Dynamic programming over (tokens of `mine` used, tokens of `theirs` used).
    /// Whether a token stands for exactly one character: `?` or an ASCII byte.
    @inline(__always)
    static func isOneCharacter(_ token: UInt16) -> Bool {
        token == anyCharacter || token < 0x80
    }

    private static func alignmentExists(_ mine: [UInt16], _ theirs: [UInt16]) -> Bool {
        let width = theirs.count + 1
        var row = [Bool](repeating: false, count: width)
        row[0] = true
        var next = [Bool](repeating: false, count: width)
        for token in mine {
            switch token {
            case anyRun:
                // `*` consumes any number of the other pattern's tokens.
                var reached = false
                for column in 0..<width {
                    reached = reached || row[column]
                    next[column] = reached
                }
            case anyCharacter:
                next[0] = false
                for column in 1..<width {
                    next[column] = row[column - 1] && isOneCharacter(theirs[column - 1])
                }
            default:
                next[0] = false
                for column in 1..<width {
                    next[column] = row[column - 1] && theirs[column - 1] == token
                }
            }
            swap(&row, &next)
            if !row.contains(true) { return false }
        }
        return row[width - 1]
    }
}

extension String {
    /// Whether the text contains `$(`, the start of a substitution variable reference.
    var containsVariableOpening: Bool {
        var previous: UInt8 = 0
        for byte in utf8 {
            if previous == UInt8(ascii: "$") && byte == UInt8(ascii: "(") { return true }
            previous = byte
        }
        return false
    }
}
