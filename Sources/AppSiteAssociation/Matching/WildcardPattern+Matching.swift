extension WildcardPattern {
    /// Whether the pattern matches all of `input` (already lower-cased if the pattern is case-insensitive).
    public func matches(_ input: String) -> Bool {
        var text = input
        return text.withUTF8 { matches(MatchSubject(bytes: $0)) }
    }

    /// Whether the pattern matches all of `subject`.
    @inline(__always)
    func matches(_ subject: MatchSubject) -> Bool {
        if let program = storage.program {
            return program.withUnsafeBufferPointer { Self.greedyMatch($0, subject) }
        }
        return positionSetMatch(subject)
    }

    /// The classic glob matcher for `*` and `?`: walk both strings, remember the last `*`, and on
    /// a mismatch let that `*` swallow one more character. Each restart moves the remembered
    /// input position forward, so the work is bounded by pattern length × input length.
    static func greedyMatch(_ program: UnsafeBufferPointer<UInt16>, _ subject: MatchSubject) -> Bool {
        let count = subject.count
        var p = 0
        var i = 0
        var star = -1
        var mark = 0
        while i < count {
            if p < program.count {
                let op = program[p]
                if op == anyRunOp {
                    star = p
                    mark = i
                    p += 1
                    continue
                }
                // `?` never stands for the virtual trailing slash (rule 5: `/id/????` does not match `/id/481`).
                if op == anyCharacterOp, i < subject.bytes.count {
                    i = subject.scalarEnd(from: i)
                    p += 1
                    continue
                }
                if op == UInt16(subject[i]) {
                    i += 1
                    p += 1
                    continue
                }
            }
            guard star >= 0 else { return false }
            p = star + 1
            mark = subject.scalarEnd(from: mark)
            i = mark
        }
        while p < program.count, program[p] == anyRunOp { p += 1 }
        return p == program.count
    }

    /// Matches by carrying the set of input positions the pattern so far can end at, as a
    /// bit set on the stack. Cost: (pattern tokens + total length of variable alternatives) ×
    /// input length, with no allocation for inputs of ordinary length.
    func positionSetMatch(_ subject: MatchSubject) -> Bool {
        let words = (subject.count + 1 + 63) / 64
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: words * 4) { scratch in
            scratch.initialize(repeating: 0)
            let sets = PositionSets(scratch: scratch, words: words)
            sets.current.initialize(repeating: 0)
            sets.current[0] = 1
            let reached = Self.advance(sets, tokens: storage.tokens, subject: subject, caseInsensitive: caseInsensitive, alternative: false)
            return reached && sets.current[subject.count >> 6] & (1 << UInt64(subject.count & 63)) != 0
        }
    }

    /// Four bit sets over input positions `0...count`: the current and next sets of the pattern,
    /// and the same pair for trying one alternative of a variable.
    struct PositionSets {
        let scratch: UnsafeMutableBufferPointer<UInt64>
        let words: Int

        var current: UnsafeMutableBufferPointer<UInt64> { UnsafeMutableBufferPointer(rebasing: scratch[0..<words]) }
        var next: UnsafeMutableBufferPointer<UInt64> { UnsafeMutableBufferPointer(rebasing: scratch[words..<(2 * words)]) }
        /// The sets used while trying one alternative of a variable.
        var alternative: PositionSets { PositionSets(scratch: UnsafeMutableBufferPointer(rebasing: scratch[(2 * words)...]), words: words) }
    }

    /// Steps `sets.current` through `tokens`; returns false as soon as no position is left.
    static func advance(_ sets: PositionSets, tokens: [Token], subject: MatchSubject, caseInsensitive: Bool, alternative: Bool) -> Bool {
        let current = sets.current
        let next = sets.next
        for token in tokens {
            next.update(repeating: 0)
            var any = false
            func set(_ position: Int) {
                next[position >> 6] |= 1 << UInt64(position & 63)
                any = true
            }
            func forEachPosition(_ body: (Int) -> Void) {
                for word in 0..<current.count {
                    var bits = current[word]
                    while bits != 0 {
                        body(word << 6 | bits.trailingZeroBitCount)
                        bits &= bits - 1
                    }
                }
            }
            switch token {
            case .literal(let bytes):
                forEachPosition { position in
                    if subject.hasLiteral(bytes, at: position) { set(position + bytes.count) }
                }
            case .anyCharacter:
                // Not the virtual trailing slash, as in `greedyMatch`.
                forEachPosition { position in
                    if position < subject.bytes.count { set(subject.scalarEnd(from: position)) }
                }
            case .characterClass(let characterClass):
                forEachPosition { position in
                    guard position < subject.count else { return }
                    let (scalar, end) = subject.scalar(at: position)
                    if characterClass.contains(scalar, caseInsensitive: caseInsensitive) { set(end) }
                }
            case .anyRun:
                if let word = current.firstIndex(where: { $0 != 0 }) {
                    let first = word << 6 | current[word].trailingZeroBitCount
                    for position in first...subject.count where subject.isScalarBoundary(position) { set(position) }
                }
            case .choice(let alternatives):
                // Alternatives hold no variables (values may not contain them), so one level of
                // scratch sets is enough.
                precondition(!alternative, "variable values cannot contain variables")
                let inner = sets.alternative
                for tokens in alternatives {
                    // Most values are plain words: compare them in place, with no inner pass.
                    if tokens.count == 1, case .literal(let bytes) = tokens[0] {
                        forEachPosition { position in
                            if subject.hasLiteral(bytes, at: position) { set(position + bytes.count) }
                        }
                        continue
                    }
                    _ = inner.current.update(fromContentsOf: current)
                    if advance(inner, tokens: tokens, subject: subject, caseInsensitive: caseInsensitive, alternative: true) {
                        for word in 0..<next.count where inner.current[word] != 0 {
                            next[word] |= inner.current[word]
                            any = true
                        }
                    }
                }
            case .never:
                break
            }
            guard any else { return false }
            _ = current.update(fromContentsOf: next)
        }
        return true
    }
}

/// The bytes a pattern is matched against: a buffer, optionally followed by one virtual `/`
/// (so a path can be tried with and without its trailing slash without copying).
///
/// With `foldingASCII`, upper-case ASCII letters read as lower-case: the cheap way to compare
/// ASCII input with a case-insensitive pattern without copying it.
struct MatchSubject {
    let bytes: UnsafeBufferPointer<UInt8>
    let count: Int
    let foldsASCII: Bool

    init(bytes: UnsafeBufferPointer<UInt8>, appendingSlash: Bool = false, foldingASCII: Bool = false) {
        self.bytes = bytes
        self.count = bytes.count + (appendingSlash ? 1 : 0)
        self.foldsASCII = foldingASCII
    }

    @inline(__always)
    subscript(index: Int) -> UInt8 {
        guard index < bytes.count else { return UInt8(ascii: "/") }
        let byte = bytes[index]
        return foldsASCII && byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }

    /// The index after the character that starts at `index` (continuation bytes are skipped).
    @inline(__always)
    func scalarEnd(from index: Int) -> Int {
        var end = index + 1
        while end < count, self[end] & 0xC0 == 0x80, end - index < 4 { end += 1 }
        return end
    }

    func isScalarBoundary(_ index: Int) -> Bool {
        index == count || self[index] & 0xC0 != 0x80
    }

    func hasLiteral(_ literal: [UInt8], at position: Int) -> Bool {
        guard position + literal.count <= count else { return false }
        for offset in literal.indices where self[position + offset] != literal[offset] { return false }
        return true
    }

    /// The character at `index` (U+FFFD for invalid UTF-8) and the index after it.
    func scalar(at index: Int) -> (Unicode.Scalar, Int) {
        let end = scalarEnd(from: index)
        let scalars = (index..<end).map { self[$0] }
        let decoded = String(decoding: scalars, as: UTF8.self).unicodeScalars
        return (decoded.first ?? "\u{FFFD}", end)
    }

    var string: String { String(decoding: (0..<count).map { self[$0] }, as: UTF8.self) }
}
