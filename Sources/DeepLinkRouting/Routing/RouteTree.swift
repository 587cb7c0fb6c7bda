/// The compiled form of a router's routes: a trie of path segments whose every terminal
/// carries a precomputed rank, searched depth-first with pruning.
///
/// Every expansion of every pattern (one per combination of optional groups) is a
/// *variant*. Variants are ranked once, when the tree is built: higher priority first, then
/// more specific (compared segment by segment: literal before parameter before catch-all),
/// then registration order. Matching finds the lowest-ranked variant that fits the path, its
/// parameter conversions and its typed query items; subtrees whose best rank cannot beat the
/// best match so far are skipped, so the search usually stops at the first hit.
struct RouteTree: Sendable {
    /// One concrete shape of one route.
    struct Variant: Sendable {
        let routeIndex: Int
        /// The name of each captured segment in order (nil for an anonymous catch-all).
        let captureNames: [String?]
        /// Query items this route types, minus names this variant captures from the path.
        let queryTypes: [(name: String, type: ParameterType)]
        let rank: Int
    }

    /// What the builder needs to know about one variant.
    struct Entry {
        let routeIndex: Int
        let segments: [PatternSegment]
        let caseSensitive: Bool
        let parameterTypes: [String: ParameterType]
        let queryTypes: [String: ParameterType]
        let priority: Int
    }

    struct ParameterEdge: Sendable {
        let type: ParameterType
        let node: Int
    }

    struct CatchAll: Sendable {
        let type: ParameterType
        let variant: Int
    }

    struct Node: Sendable {
        var exact: [String: Int] = [:]
        var folded: [String: Int] = [:]
        var parameters: [ParameterEdge] = []
        var catchAlls: [CatchAll] = []
        var terminals: [Int] = []
        var minRank = Int.max
    }

    /// A match: the variant, and the text and converted value of each captured segment.
    struct Found {
        let variant: Int
        let captures: [(text: String, value: any Sendable)]
    }

    private(set) var nodes: [Node] = [Node()]
    private(set) var variants: [Variant] = []
    /// Whether any literal compares without case (then segments are lower-cased once).
    private(set) var hasFoldedLiterals = false

    init(entries: [Entry]) {
        let order = entries.indices.sorted { Self.ranksBefore(entries[$0], entries[$1], $0, $1) }
        var rankOf = [Int](repeating: 0, count: entries.count)
        for (rank, index) in order.enumerated() { rankOf[index] = rank }

        for (index, entry) in entries.enumerated() {
            let captureNames = entry.segments.compactMap { segment -> String?? in
                switch segment {
                case .literal: nil
                case .parameter(let name): .some(name)
                case .catchAll(let name): .some(name)
                }
            }
            let queryTypes = entry.queryTypes
                .filter { !captureNames.contains($0.key) }
                .sorted { $0.key < $1.key }
                .map { (name: $0.key, type: $0.value) }
            let variantIndex = variants.count
            variants.append(Variant(routeIndex: entry.routeIndex, captureNames: captureNames,
                                    queryTypes: queryTypes, rank: rankOf[index]))
            insert(entry, as: variantIndex)
        }
        let ranks = variants.map(\.rank)
        for index in nodes.indices {
            nodes[index].terminals.sort { ranks[$0] < ranks[$1] }
            nodes[index].catchAlls.sort { ranks[$0.variant] < ranks[$1.variant] }
        }
        _ = computeMinRank(0)
        let minRanks = nodes.map(\.minRank)
        for index in nodes.indices {
            nodes[index].parameters.sort { minRanks[$0.node] < minRanks[$1.node] }
        }
    }

    private static func ranksBefore(_ lhs: Entry, _ rhs: Entry, _ lhsIndex: Int, _ rhsIndex: Int) -> Bool {
        if lhs.priority != rhs.priority { return lhs.priority > rhs.priority }
        for (left, right) in zip(lhs.segments, rhs.segments) {
            let leftKind = specificity(left)
            let rightKind = specificity(right)
            if leftKind != rightKind { return leftKind < rightKind }
        }
        if lhs.routeIndex != rhs.routeIndex { return lhs.routeIndex < rhs.routeIndex }
        return lhsIndex < rhsIndex
    }

    private static func specificity(_ segment: PatternSegment) -> Int {
        switch segment {
        case .literal: 0
        case .parameter: 1
        case .catchAll: 2
        }
    }

    private mutating func insert(_ entry: Entry, as variantIndex: Int) {
        var node = 0
        for segment in entry.segments {
            switch segment {
            case .literal(let text):
                if entry.caseSensitive {
                    node = child(of: node, exact: text)
                } else {
                    hasFoldedLiterals = true
                    node = child(of: node, folded: text.lowercased())
                }
            case .parameter(let name):
                let type = entry.parameterTypes[name] ?? .string
                if let edge = nodes[node].parameters.first(where: { $0.type.name == type.name }) {
                    node = edge.node
                } else {
                    nodes.append(Node())
                    nodes[node].parameters.append(ParameterEdge(type: type, node: nodes.count - 1))
                    node = nodes.count - 1
                }
            case .catchAll(let name):
                let type = name.flatMap { entry.parameterTypes[$0] } ?? .string
                nodes[node].catchAlls.append(CatchAll(type: type, variant: variantIndex))
                return
            }
        }
        nodes[node].terminals.append(variantIndex)
    }

    private mutating func child(of node: Int, exact text: String) -> Int {
        if let next = nodes[node].exact[text] { return next }
        nodes.append(Node())
        nodes[node].exact[text] = nodes.count - 1
        return nodes.count - 1
    }

    private mutating func child(of node: Int, folded text: String) -> Int {
        if let next = nodes[node].folded[text] { return next }
        nodes.append(Node())
        nodes[node].folded[text] = nodes.count - 1
        return nodes.count - 1
    }

    private mutating func computeMinRank(_ index: Int) -> Int {
        var best = Int.max
        for variant in nodes[index].terminals { best = min(best, variants[variant].rank) }
        for catchAll in nodes[index].catchAlls { best = min(best, variants[catchAll.variant].rank) }
        for child in Array(nodes[index].exact.values) + Array(nodes[index].folded.values)
            + nodes[index].parameters.map(\.node) {
            best = min(best, computeMinRank(child))
        }
        nodes[index].minRank = best
        return best
    }

    // MARK: Matching

    private struct Search {
        let segments: [String]
        let folded: [String]
        let query: [QueryItem]
        var stack: [(text: String, value: any Sendable)] = []
        var best: [(text: String, value: any Sendable)] = []
        var bestVariant = -1
        var bestRank = Int.max
    }

    /// The best variant for these decoded segments and query items, or nil.
    func match(segments: [String], query: [QueryItem]) -> Found? {
        var search = Search(
            segments: segments,
            folded: hasFoldedLiterals ? segments.map { $0.lowercased() } : [],
            query: query
        )
        search.stack.reserveCapacity(segments.count)
        visit(0, depth: 0, &search)
        guard search.bestVariant >= 0 else { return nil }
        return Found(variant: search.bestVariant, captures: search.best)
    }

    private func visit(_ index: Int, depth: Int, _ search: inout Search) {
        if nodes[index].minRank >= search.bestRank { return }
        if depth == search.segments.count {
            for variant in nodes[index].terminals {
                if variants[variant].rank >= search.bestRank { break }
                if Self.accepts(variants[variant], search.query) {
                    search.bestVariant = variant
                    search.bestRank = variants[variant].rank
                    search.best = search.stack
                    break
                }
            }
            return
        }
        let segment = search.segments[depth]
        if let next = nodes[index].exact[segment] {
            visit(next, depth: depth + 1, &search)
        }
        if hasFoldedLiterals, !nodes[index].folded.isEmpty, let next = nodes[index].folded[search.folded[depth]] {
            visit(next, depth: depth + 1, &search)
        }
        for edge in nodes[index].parameters {
            if nodes[edge.node].minRank >= search.bestRank { continue }
            guard let value = edge.type.parse(segment) else { continue }
            search.stack.append((segment, value))
            visit(edge.node, depth: depth + 1, &search)
            search.stack.removeLast()
        }
        if !nodes[index].catchAlls.isEmpty {
            let rest = search.segments[depth...].joined(separator: "/")
            for catchAll in nodes[index].catchAlls {
                let variant = variants[catchAll.variant]
                if variant.rank >= search.bestRank { break }
                guard let value = catchAll.type.parse(rest), Self.accepts(variant, search.query) else { continue }
                search.bestVariant = catchAll.variant
                search.bestRank = variant.rank
                search.best = search.stack
                search.best.append((rest, value))
                break
            }
        }
    }

    private static func accepts(_ variant: Variant, _ query: [QueryItem]) -> Bool {
        for (name, type) in variant.queryTypes {
            for item in query where item.name == name && type.parse(item.value) == nil {
                return false
            }
        }
        return true
    }
}
