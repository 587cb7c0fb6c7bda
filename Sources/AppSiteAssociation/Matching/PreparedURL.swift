/// A URL's path, query and fragment as bytes, in each transformed form some rule needs:
/// as written, case-folded, percent-decoded, or both.
struct PreparedURL {
    struct Variant {
        /// The path without one trailing `/`; rules try it with and without the slash.
        var path: [UInt8]
        var query: [UInt8]
        var fragment: [UInt8]
        /// Query items split at `&` and the first `=`, when some rule names items.
        var items: [(name: [UInt8], value: [UInt8])]
    }

    var variants: [Variant?]

    static func variantIndex(folded: Bool, decoded: Bool) -> Int { (folded ? 1 : 0) | (decoded ? 2 : 0) }

    init(_ url: LinkURL, needed: [Bool], splitItems: Bool) {
        var path = Array(url.path.utf8)
        let query = Array((url.query ?? "").utf8)
        let fragment = Array((url.fragment ?? "").utf8)
        let rawItems = splitItems ? Self.items(of: query) : []
        variants = [nil, nil, nil, nil]
        for index in 0..<4 where needed[index] {
            let folded = index & 1 != 0
            let decoded = index & 2 != 0
            func transform(_ bytes: [UInt8]) -> [UInt8] {
                let plain = decoded ? TextTransforms.percentDecode(bytes) : bytes
                return folded ? TextTransforms.foldCase(plain) : plain
            }
            var variantPath = index == 0 ? path : transform(path)
            if variantPath.last == UInt8(ascii: "/") { variantPath.removeLast() }
            variants[index] = Variant(
                path: variantPath,
                query: index == 0 ? query : transform(query),
                fragment: index == 0 ? fragment : transform(fragment),
                items: index == 0 ? rawItems : rawItems.map { (transform($0.name), transform($0.value)) }
            )
        }
        path.removeAll()
    }

    /// Splits a raw query into items at `&`, and each item into name and value at its first `=`.
    static func items(of query: [UInt8]) -> [(name: [UInt8], value: [UInt8])] {
        guard !query.isEmpty else { return [] }
        return query.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true).map { item in
            if let equals = item.firstIndex(of: UInt8(ascii: "=")) {
                return (Array(item[item.startIndex..<equals]), Array(item[(equals + 1)...]))
            }
            return (Array(item), [])
        }
    }
}
