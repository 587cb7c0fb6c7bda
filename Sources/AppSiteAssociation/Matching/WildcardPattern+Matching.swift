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

    /// Matches by carrying the set of input positions the pattern so far can end at.
    /// Cost: (pattern tokens + total length of variable alternatives) × input length.
    func positionSetMatch(_ subject: MatchSubject) -> Bool {
        var positions = [Bool](repeating: false, count: subject.count + 1)
        positions[0] = true
        positions = Self.advance(positions, through: tokens, subject: subject, caseInsensitive: caseInsensitive)
        return positions[subject.count]
    }

    static func advance(_ start: [Bool], through tokens: [Token], subject: MatchSubject, caseInsensitive: Bool) -> [Bool] {
        var current = start
        for token in tokens {
            var next = [Bool](repeating: false, count: current.count)
            var any = false
            switch token {
            case .literal(let bytes):
                for position in current.indices where current[position] && subject.hasLiteral(bytes, at: position) {
                    next[position + bytes.count] = true
                    any = true
                }
            case .anyCharacter:
                // Not the virtual trailing slash, as in `greedyMatch`.
                for position in current.indices where current[position] && position < subject.bytes.count {
                    next[subject.scalarEnd(from: position)] = true
                    any = true
                }
            case .characterClass(let characterClass):
                for position in current.indices where current[position] && position < subject.count {
                    let (scalar, end) = subject.scalar(at: position)
                    if characterClass.contains(scalar, caseInsensitive: caseInsensitive) {
                        next[end] = true
                        any = true
                    }
                }
            case .anyRun:
                if let first = current.firstIndex(of: true) {
                    for position in first...subject.count where subject.isScalarBoundary(position) {
                        next[position] = true
                    }
                    any = true
                }
            case .choice(let alternatives):
                for alternative in alternatives {
                    let reached = advance(current, through: alternative, subject: subject, caseInsensitive: caseInsensitive)
                    for position in reached.indices where reached[position] {
                        next[position] = true
                        any = true
                    }
                }
            case .never:
                break
            }
            guard any else { return next }
            current = next
        }
        return current
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
