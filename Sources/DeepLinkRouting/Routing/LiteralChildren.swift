/// The literal edges out of one trie node, found without hashing: most nodes have a handful
/// of children, compared one by one (comparing small strings is cheaper than hashing them);
/// a node with many children spreads them over buckets chosen by first byte and length.
struct LiteralChildren: Sendable {
    /// Above this many children, lookups go through buckets.
    static let linearLimit = 6
    private static let bucketCount = 64

    private var keys: [String] = []
    private var targets: [Int] = []
    /// For a node with many children: bucket → indices into `keys`.
    private var buckets: [[Int]] = []

    var isEmpty: Bool { keys.isEmpty }

    /// The child nodes, in insertion order.
    var nodes: [Int] { targets }

    subscript(key: String) -> Int? {
        get {
            if buckets.isEmpty {
                for index in keys.indices where keys[index] == key {
                    return targets[index]
                }
                return nil
            }
            for index in buckets[Self.bucket(of: key)] where keys[index] == key {
                return targets[index]
            }
            return nil
        }
        set {
            guard let node = newValue, self[key] == nil else { return }
            keys.append(key)
            targets.append(node)
            if keys.count > Self.linearLimit {
                buckets = Array(repeating: [], count: Self.bucketCount)
                for (index, key) in keys.enumerated() { buckets[Self.bucket(of: key)].append(index) }
            }
        }
    }

    private static func bucket(of key: String) -> Int {
        let utf8 = key.utf8
        let first = Int(utf8.first ?? 0)
        let last = Int(utf8.last ?? 0)
        return (first &* 31 &+ last &+ utf8.count &* 7) & (bucketCount - 1)
    }
}
