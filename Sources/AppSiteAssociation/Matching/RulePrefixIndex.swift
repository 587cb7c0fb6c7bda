/// Rules filed by the literal text their path pattern starts with (the bytes before its first
/// wildcard or variable), so that a URL's path finds the few rules that can match it by
/// walking its own bytes instead of trying every rule.
///
/// A pattern matches a path only when the path starts with the pattern's literal prefix. So
/// the rules filed under the prefixes of a path — a trie walked byte by byte along it, plus
/// the rules filed under the empty prefix (patterns that start with a wildcard, rules without
/// a path pattern) — are all the rules that can match, and ``candidates(count:byte:)`` lists
/// them in ascending order: trying them in that order finds the same first match as trying
/// every rule in order. A path of length L costs at most L steps plus the rules found, however
/// many rules there are.
///
/// ```swift
/// var index = RulePrefixIndex()
/// index.file(0, under: Array("/a/".utf8))   // /a/*
/// index.file(1, under: Array("/b".utf8))    // /b
/// index.file(2, under: [])                  // *.html
/// let path = Array("/a/x/".utf8)
/// index.candidates(count: path.count) { path[$0] } // [0, 2]
/// ```
struct RulePrefixIndex: Sendable {
    /// The trie's edges: `node << 8 | byte` to the child node. Node 0 is the root (the empty prefix).
    private var children: [Int: Int32] = [:]
    /// The rules whose prefix ends at each node, in the order filed.
    private var filed: [[Int32]] = [[]]

    /// An empty index.
    init() {}

    /// True when every rule is filed under the empty prefix: no walk is needed.
    var isRootOnly: Bool { children.isEmpty }

    /// Files `rule` (a position in the caller's rule list) under `prefix`. File rules in
    /// ascending order.
    mutating func file(_ rule: Int, under prefix: some Sequence<UInt8>) {
        var node = 0
        for byte in prefix {
            let key = node << 8 | Int(byte)
            if let child = children[key] {
                node = Int(child)
            } else {
                filed.append([])
                children[key] = Int32(filed.count - 1)
                node = filed.count - 1
            }
        }
        filed[node].append(Int32(rule))
    }

    /// The rules filed under every prefix of the subject whose `count` bytes `byte` gives
    /// (the empty prefix included), in ascending order.
    func candidates(count: Int, byte: (Int) -> UInt8) -> [Int] {
        var found: [Int] = filed[0].map(Int.init)
        var sources = found.isEmpty ? 0 : 1
        var node = 0
        var offset = 0
        while offset < count, let child = children[node << 8 | Int(byte(offset))] {
            node = Int(child)
            if !filed[node].isEmpty {
                found += filed[node].lazy.map(Int.init)
                sources += 1
            }
            offset += 1
        }
        // Each node's rules are ascending; rules from several nodes interleave.
        if sources > 1 { found.sort() }
        return found
    }
}
