/// The compiled form of a router's routes: a trie of path segments whose every terminal
/// carries a precomputed rank, searched depth-first with pruning.
///
/// Every expansion of every pattern (one per combination of optional groups) is a
/// *variant*. Variants are ranked once, when the tree is built: higher priority first, then
/// more specific (compared segment by segment: literal before parameter before catch-all),
/// then registration order. Matching finds the lowest-ranked variant that fits the path, its
/// parameter conversions and its typed query items; subtrees whose best rank cannot beat the
/// best match so far are skipped, so the search usually stops at the first hit.
///
/// The hot path touches only integers and strings: parameter types are referred to by index
/// into ``types``, and no captured value is kept (a match records where its parameters are;
/// see ``CaptureLayout``).
struct RouteTree: Sendable {
    /// One concrete shape of one route.
    struct Variant: Sendable {
        let routeIndex: Int
        let rank: Int
        /// Query items this route types, minus names this variant captures from the path.
        let queryTypes: [(name: String, type: Int)]
        /// Where the captures are, for reading the parameters of a match.
        let layout: CaptureLayout
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
        let type: Int
        let isString: Bool
        let node: Int
    }

    struct CatchAll: Sendable {
        let type: Int
        let isString: Bool
        let variant: Int
    }

    struct Node: Sendable {
        var exact = LiteralChildren()
        var folded = LiteralChildren()
        var parameters: [ParameterEdge] = []
        var catchAlls: [CatchAll] = []
        var terminals: [Int] = []
        var minRank = Int.max
    }


    private(set) var nodes: [Node] = [Node()]
    private(set) var variants: [Variant] = []
    /// Every parameter type in use, found by name.
    private(set) var types: [ParameterType] = []
    /// Whether any literal compares without case (then segments are lower-cased once).
    private(set) var hasFoldedLiterals = false

    init(entries: [Entry]) {
        let order = entries.indices.sorted { Self.ranksBefore(entries[$0], entries[$1], $0, $1) }
        var rankOf = [Int](repeating: 0, count: entries.count)
        for (rank, index) in order.enumerated() { rankOf[index] = rank }

        for (index, entry) in entries.enumerated() {
            var depths: [Int] = []
            var captureTypes: [Int] = []
            var names: [String?] = []
            var endsWithCatchAll = false
            for (depth, segment) in entry.segments.enumerated() {
                switch segment {
                case .literal:
                    continue
                case .parameter(let name):
                    names.append(name)
                    captureTypes.append(typeIndex(entry.parameterTypes[name] ?? .string))
                case .catchAll(let name):
                    names.append(name)
                    captureTypes.append(typeIndex(name.flatMap { entry.parameterTypes[$0] } ?? .string))
                    endsWithCatchAll = true
                }
                depths.append(depth)
            }
            var queryTypes: [(name: String, type: Int)] = []
            for (name, type) in entry.queryTypes.sorted(by: { $0.key < $1.key }) where !names.contains(name) {
                queryTypes.append((name, typeIndex(type)))
            }
            let variantIndex = variants.count
            let layout = CaptureLayout(names: names, depths: depths, types: captureTypes.map { types[$0] },
                                       endsWithCatchAll: endsWithCatchAll,
                                       queryTypes: queryTypes.map { (name: $0.name, type: types[$0.type]) })
            variants.append(Variant(routeIndex: entry.routeIndex, rank: rankOf[index], queryTypes: queryTypes, layout: layout))
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

    /// The index of a type in ``types``, adding it if no type of that name is there yet.
    private mutating func typeIndex(_ type: ParameterType) -> Int {
        if let index = types.firstIndex(where: { $0.name == type.name }) { return index }
        types.append(type)
        return types.count - 1
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
                let type = typeIndex(entry.parameterTypes[name] ?? .string)
                if let edge = nodes[node].parameters.first(where: { $0.type == type }) {
                    node = edge.node
                } else {
                    nodes.append(Node())
                    nodes[node].parameters.append(ParameterEdge(type: type, isString: types[type].isString, node: nodes.count - 1))
                    node = nodes.count - 1
                }
            case .catchAll(let name):
                let type = typeIndex(name.flatMap { entry.parameterTypes[$0] } ?? .string)
                nodes[node].catchAlls.append(CatchAll(type: type, isString: types[type].isString, variant: variantIndex))
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
        for child in nodes[index].exact.nodes + nodes[index].folded.nodes
            + nodes[index].parameters.map(\.node) {
            best = min(best, computeMinRank(child))
        }
        nodes[index].minRank = best
        return best
    }

    // MARK: Matching

    /// The state of one search.
    private struct Search {
        let segments: [String]
        let folded: [String]
        let query: [QueryItem]
        var bestVariant = -1
        var bestRank = Int.max
    }

    /// The best variant for these decoded segments and query items, or nil.
    func match(segments: [String], query: [QueryItem]) -> Int? {
        var search = Search(
            segments: segments,
            folded: hasFoldedLiterals ? segments.map { $0.lowercased() } : [],
            query: query
        )
        visit(0, depth: 0, &search)
        return search.bestVariant >= 0 ? search.bestVariant : nil
    }

    private func visit(_ index: Int, depth: Int, _ search: inout Search) {
        if nodes[index].minRank >= search.bestRank { return }
        if depth == search.segments.count {
            for variant in nodes[index].terminals {
                if variants[variant].rank >= search.bestRank { break }
                if variants[variant].queryTypes.isEmpty || accepts(variant, search.query) {
                    search.bestVariant = variant
                    search.bestRank = variants[variant].rank
                    break
                }
            }
            return
        }
        if let next = nodes[index].exact[search.segments[depth]] {
            visit(next, depth: depth + 1, &search)
        }
        if hasFoldedLiterals, !nodes[index].folded.isEmpty, let next = nodes[index].folded[search.folded[depth]] {
            visit(next, depth: depth + 1, &search)
        }
        for position in nodes[index].parameters.indices {
            let edge = nodes[index].parameters[position]
            if nodes[edge.node].minRank >= search.bestRank { continue }
            guard edge.isString || types[edge.type].parse(search.segments[depth]) != nil else { continue }
            visit(edge.node, depth: depth + 1, &search)
        }
        if !nodes[index].catchAlls.isEmpty {
            var rest: String?
            for position in nodes[index].catchAlls.indices {
                let catchAll = nodes[index].catchAlls[position]
                let rank = variants[catchAll.variant].rank
                if rank >= search.bestRank { break }
                if !catchAll.isString {
                    let text = rest ?? search.segments[depth...].joined(separator: "/")
                    rest = text
                    if types[catchAll.type].parse(text) == nil { continue }
                }
                guard variants[catchAll.variant].queryTypes.isEmpty || accepts(catchAll.variant, search.query) else { continue }
                search.bestVariant = catchAll.variant
                search.bestRank = rank
                break
            }
        }
    }

    /// Whether every query item the variant types converts.
    private func accepts(_ variant: Int, _ query: [QueryItem]) -> Bool {
        for (name, type) in variants[variant].queryTypes {
            for item in query where item.name == name && types[type].parse(item.value) == nil {
                return false
            }
        }
        return true
    }

}
