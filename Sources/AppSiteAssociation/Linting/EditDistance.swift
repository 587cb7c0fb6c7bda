/// How many edits turn one word into another: the distance behind every "did you mean" in
/// Landfall (misspelt keys, relations, namespaces, YAML keys, route-table keys).
public enum EditDistance {
    /// The optimal-string-alignment distance: insertions, deletions, substitutions, and swaps of
    /// two neighbours, each counting one.
    ///
    /// With a `limit`, it gives up early and returns a number above `limit` as soon as the
    /// distance must exceed it, so long or hostile words cost little.
    ///
    /// ```swift
    /// EditDistance.between(Array("exlude".unicodeScalars), Array("exclude".unicodeScalars)) // 1
    /// ```
    public static func between(_ lhs: [Unicode.Scalar], _ rhs: [Unicode.Scalar], limit: Int = .max) -> Int {
        if lhs.isEmpty { return rhs.count }
        if rhs.isEmpty { return lhs.count }
        if limit < .max, abs(lhs.count - rhs.count) > limit { return limit + 1 }
        var beforePrevious = [Int](repeating: 0, count: rhs.count + 1)
        var previous = Array(0...rhs.count)
        var current = [Int](repeating: 0, count: rhs.count + 1)
        for i in 1...lhs.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...rhs.count {
                let cost = lhs[i - 1] == rhs[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, lhs[i - 1] == rhs[j - 2], lhs[i - 2] == rhs[j - 1] {
                    value = min(value, beforePrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[rhs.count]
    }
}
