import DeepLinkRouting

extension ReactNavigationLinking {
    /// A route pattern's paths in React Navigation 7's syntax, shortest first: the first is the
    /// screen's `path`, the others its `alias` list.
    ///
    /// - No leading slash; a parameter is `:name`; a catch-all is `*` (React Navigation matches
    ///   the rest of the path with it but does not capture it).
    /// - An optional group that holds one parameter and nothing else is `:name?`
    ///   (`/p/:id(/:page)` is `p/:id/:page?`), unless the path would then be only optional
    ///   parameters; every other optional group is expanded, one path per combination.
    /// - Literal text is written as a link carries it: percent-encoded but for RFC 3986's path
    ///   characters, and `:`, `(`, `)` and `?`, which React Navigation's syntax reads, encoded too.
    ///   React Navigation compares the text as the link spells it, so a link that writes a
    ///   literal differently (`%7E` for `~`) does not match.
    ///
    /// ```swift
    /// ReactNavigationLinking.paths(for: try RoutePattern("/docs(/*rest)"))        // ["docs", "docs/*"]
    /// ReactNavigationLinking.paths(for: try RoutePattern("/p/:id(/:page)"))       // ["p/:id/:page?"]
    /// ReactNavigationLinking.paths(for: try RoutePattern("/a(/b/:c)(/d)"))        // ["a", "a/d", "a/b/:c", "a/b/:c/d"]
    /// ```
    public static func paths(for pattern: RoutePattern) -> [String] {
        let collapsed = expansions(pattern.elements, collapsing: true)
        let shortest = collapsed.first ?? []
        let onlyOptional = shortest.allSatisfy { $0.hasSuffix("?") }
        let chosen = onlyOptional && !shortest.isEmpty ? expansions(pattern.elements, collapsing: false) : collapsed
        var seen: Set<String> = []
        return chosen.map { $0.joined(separator: "/") }.filter { seen.insert($0).inserted }
    }

    /// The segments of every expansion, all groups absent first (as ``RoutePattern/expansions``
    /// orders them); with `collapsing`, a group of one parameter is one `:name?` segment.
    private static func expansions(_ elements: [PatternElement], collapsing: Bool) -> [[String]] {
        var results: [[String]] = [[]]
        for element in elements {
            switch element {
            case .segment(let segment):
                results = results.map { $0 + [written(segment)] }
            case .optionalGroup(let inner):
                if collapsing, inner.count == 1, case .segment(.parameter(let name)) = inner[0] {
                    results = results.map { $0 + [":\(name)?"] }
                } else {
                    let innerExpansions = expansions(inner, collapsing: collapsing)
                    results = results.flatMap { prefix in [prefix] + innerExpansions.map { prefix + $0 } }
                }
            }
        }
        return results
    }

    private static func written(_ segment: PatternSegment) -> String {
        switch segment {
        case .literal(let text): encodedLiteral(text)
        case .parameter(let name): ":\(name)"
        case .catchAll: "*"
        }
    }

    /// The characters a literal keeps as they are: RFC 3986's `pchar` but for the ones React
    /// Navigation's path syntax reads (`:`, `(`, `)`).
    private static let plainCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'*+,;=@".utf8)

    /// `text` percent-encoded (UTF-8, upper-case hex) but for ``plainCharacters``.
    static func encodedLiteral(_ text: String) -> String {
        var output = ""
        for byte in text.utf8 {
            if plainCharacters.contains(byte) {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                output += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return output
    }
}
