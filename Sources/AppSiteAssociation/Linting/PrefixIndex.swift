/// Rules indexed by the literal start of their path pattern, so that finding the rules that
/// might cover a path does not compare it with every rule.
///
/// A pattern can only cover another when its literal prefix is a prefix of the other's literal
/// prefix; ``collectCandidates(forPrefix:limit:into:)`` finds exactly those entries. A trie over pattern tokens,
/// stored in flat arrays (first child, next sibling) so that building it allocates little.
struct PrefixIndex {
    private var nodeToken: [UInt16] = [0]
    private var firstChild: [Int32] = [-1]
    private var nextSibling: [Int32] = [-1]
    private var firstEntry: [Int32] = [-1]
    private var entryValue: [Int32] = []
    private var entryNext: [Int32] = []

    /// Adds `value` under `prefix`.
    mutating func insert(_ value: Int, prefix: ArraySlice<UInt16>) {
        var node = 0
        for token in prefix {
            node = childCreatingIfNeeded(of: node, token: token)
        }
        entryValue.append(Int32(truncatingIfNeeded: value))
        entryNext.append(firstEntry[node])
        firstEntry[node] = Int32(entryValue.count - 1)
    }

    /// Appends the values whose prefix is a prefix of `prefix` (including the empty one), at
    /// most `limit` of them (the latest added first).
    func collectCandidates(forPrefix prefix: ArraySlice<UInt16>, limit: Int, into result: inout [Int]) {
        var node = 0
        var index = prefix.startIndex
        var remaining = limit
        while remaining > 0 {
            var entry = firstEntry[node]
            while entry >= 0 && remaining > 0 {
                result.append(Int(entryValue[Int(entry)]))
                remaining -= 1
                entry = entryNext[Int(entry)]
            }
            guard index < prefix.endIndex else { return }
            let next = child(of: node, token: prefix[index])
            guard next >= 0 else { return }
            node = next
            index += 1
        }
    }

    private func child(of node: Int, token: UInt16) -> Int {
        var candidate = firstChild[node]
        while candidate >= 0 {
            if nodeToken[Int(candidate)] == token { return Int(candidate) }
            candidate = nextSibling[Int(candidate)]
        }
        return -1
    }

    private mutating func childCreatingIfNeeded(of node: Int, token: UInt16) -> Int {
        let existing = child(of: node, token: token)
        if existing >= 0 { return existing }
        nodeToken.append(token)
        firstChild.append(-1)
        nextSibling.append(firstChild[node])
        firstEntry.append(-1)
        let created = nodeToken.count - 1
        firstChild[node] = Int32(created)
        return created
    }
}
