/// Every rule of a file flattened into plain arrays of integers, so that deciding a URL walks
/// the rules without touching a single reference count. Patterns without variables become
/// runs of ``WildcardPattern`` opcodes in one shared array; the rare pattern with variables
/// stays a ``WildcardPattern`` and is referred to by index.
struct MatchProgram: Sendable {
    /// How one pattern is stored.
    struct Pattern: Sendable {
        enum Kind: UInt8, Sendable {
            /// Absent, or a pattern that matches everything: no comparison needed.
            case any
            /// `ops[start ..< start + count]`, matched greedily.
            case program
            /// `complex[start]`, matched by position sets.
            case complex
        }

        var kind: Kind
        var start: Int32
        var count: Int32
        /// The literal bytes every match must start with: `ops[prefixStart ..< prefixStart + prefixCount]`.
        /// Checked first, so most rules are rejected after a byte or two.
        var prefixStart: Int32 = 0
        var prefixCount: Int32 = 0

        static let any = Pattern(kind: .any, start: 0, count: 0)
    }

    /// One query-dictionary entry: the item name's bytes in ``names`` and the value pattern.
    struct Item: Sendable {
        var nameStart: Int32
        var nameCount: Int32
        var pattern: Pattern
    }

    /// One rule, as plain values.
    struct Rule: Sendable {
        /// The first (up to 8) literal bytes of the path pattern, little-endian, with a mask of
        /// the bytes that count: one comparison with ``PathHead`` rejects most rules.
        var pathHead: UInt64 = 0
        var pathHeadMask: UInt64 = 0
        var pathHeadCount: Int32 = 0
        var path: Pattern
        var query: Pattern
        var fragment: Pattern
        var itemsStart: Int32
        var itemsCount: Int32
        var variant: UInt8
        var isExclusion: Bool
    }

    private(set) var rules: [Rule] = []
    private(set) var ops: [UInt16] = []
    private(set) var names: [UInt8] = []
    private(set) var items: [Item] = []
    private(set) var complex: [WildcardPattern] = []

    init(_ compiled: [CompiledRule]) {
        for rule in compiled {
            var flat = Rule(path: add(rule.path), query: .any, fragment: add(rule.fragment),
                            itemsStart: Int32(items.count), itemsCount: 0,
                            variant: UInt8(rule.variant), isExclusion: rule.isExclusion)
            switch rule.query {
            case .any:
                break
            case .whole(let pattern):
                flat.query = add(pattern)
            case .items(let entries):
                for entry in entries {
                    let start = Int32(names.count)
                    names += entry.name
                    items.append(Item(nameStart: start, nameCount: Int32(entry.name.count), pattern: add(entry.pattern)))
                }
                flat.itemsCount = Int32(entries.count)
            }
            if flat.path.kind != .any {
                let head = (rule.path?.literalPrefix ?? []).prefix(8)
                for (offset, byte) in head.enumerated() {
                    flat.pathHead |= UInt64(byte) << UInt64(offset * 8)
                    flat.pathHeadMask |= 0xFF << UInt64(offset * 8)
                }
                flat.pathHeadCount = Int32(head.count)
            }
            rules.append(flat)
        }
    }

    private mutating func add(_ pattern: WildcardPattern?) -> Pattern {
        guard let pattern, !pattern.matchesEverything else { return .any }
        let prefix = pattern.literalPrefix
        let prefixStart = Int32(ops.count)
        ops += prefix.map(UInt16.init)
        var flat: Pattern
        if let program = pattern.program {
            flat = Pattern(kind: .program, start: Int32(ops.count), count: Int32(program.count))
            ops += program
        } else {
            complex.append(pattern)
            flat = Pattern(kind: .complex, start: Int32(complex.count - 1), count: 0)
        }
        flat.prefixStart = prefixStart
        flat.prefixCount = Int32(prefix.count)
        return flat
    }
}

/// The program's arrays, borrowed for the length of one decision.
struct MatchProgramView {
    let rules: UnsafeBufferPointer<MatchProgram.Rule>
    let ops: UnsafeBufferPointer<UInt16>
    let names: UnsafeBufferPointer<UInt8>
    let items: UnsafeBufferPointer<MatchProgram.Item>
    let program: MatchProgram

    @inline(__always)
    func matches(_ pattern: MatchProgram.Pattern, _ subject: MatchSubject) -> Bool {
        guard startsWithPrefix(pattern, subject) else { return false }
        switch pattern.kind {
        case .any:
            return true
        case .program:
            let start = Int(pattern.start)
            return WildcardPattern.greedyMatch(UnsafeBufferPointer(rebasing: ops[start..<(start + Int(pattern.count))]), subject)
        case .complex:
            return program.complex[Int(pattern.start)].positionSetMatch(subject)
        }
    }

    /// Whether `subject` starts with the pattern's literal prefix (as far as the subject goes).
    @inline(__always)
    func startsWithPrefix(_ pattern: MatchProgram.Pattern, _ subject: MatchSubject) -> Bool {
        let count = Int(pattern.prefixCount)
        guard count > 0 else { return true }
        guard subject.count >= count else { return false }
        let start = Int(pattern.prefixStart)
        for offset in 0..<count where UInt16(subject[offset]) != ops[start + offset] {
            return false
        }
        return true
    }

    /// The name bytes of a query-dictionary entry.
    @inline(__always)
    func name(of item: MatchProgram.Item) -> UnsafeBufferPointer<UInt8> {
        let start = Int(item.nameStart)
        return UnsafeBufferPointer(rebasing: names[start..<(start + Int(item.nameCount))])
    }
}

extension MatchProgram {
    /// Calls `body` with the arrays borrowed as buffers.
    func withView<Result>(_ body: (MatchProgramView) -> Result) -> Result {
        rules.withUnsafeBufferPointer { rules in
            ops.withUnsafeBufferPointer { ops in
                names.withUnsafeBufferPointer { names in
                    items.withUnsafeBufferPointer { items in
                        body(MatchProgramView(rules: rules, ops: ops, names: names, items: items, program: self))
                    }
                }
            }
        }
    }
}
