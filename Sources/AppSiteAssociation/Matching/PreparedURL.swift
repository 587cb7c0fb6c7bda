/// Where a URL's parts sit in a byte buffer, as one rule compares them.
struct PartLayout {
    /// The path without one trailing `/`; rules try it with and without the slash.
    var path: Range<Int>
    /// The query after `?` (empty when there is none).
    var query: Range<Int>
    /// The fragment after `#` (empty when there is none).
    var fragment: Range<Int>
    /// Query items split at `&` and the first `=`, once some rule has needed them.
    var items: [(name: Range<Int>, value: Range<Int>)]?
}

/// The first 8 bytes of a path with its trailing slash (little-endian), as written and with
/// ASCII folded to lower case, to reject rules whose path starts differently in one comparison.
struct PathHead {
    var word: UInt64 = 0
    var foldedWord: UInt64 = 0
    /// The length of the path with its trailing slash.
    var count: Int = 0

    init(_ path: UnsafeBufferPointer<UInt8>) {
        count = path.count + 1
        if path.count >= 8, let base = path.baseAddress {
            word = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self))
        } else {
            for offset in 0..<path.count { word |= UInt64(path[offset]) << UInt64(offset * 8) }
            word |= UInt64(UInt8(ascii: "/")) << UInt64(path.count * 8)
        }
        foldedWord = Self.foldASCII(word)
    }

    /// Lower-cases the ASCII letters of eight bytes at once.
    static func foldASCII(_ word: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        let heptets = word & ~high
        let atLeastA = heptets &+ ones &* UInt64(0x80 - 0x41)
        let aboveZ = heptets &+ ones &* UInt64(0x80 - 0x5B)
        let upper = (atLeastA ^ aboveZ) & ~word & high
        return word | (upper >> 2)
    }

    /// False when a rule's path pattern cannot match, whether or not the trailing slash is used:
    /// the path without it is a prefix of the path with it.
    @inline(__always)
    func admits(_ rule: MatchProgram.Rule, folding: Bool) -> Bool {
        guard rule.pathHeadCount > 0 else { return true }
        guard Int(rule.pathHeadCount) <= count else { return false }
        return ((folding ? foldedWord : word) & rule.pathHeadMask) == rule.pathHead
    }
}

/// A URL's path, query and fragment ready for matching, in each form a rule may ask for: as
/// written (borrowing the URL's own bytes, no copy), and case-folded and/or percent-decoded
/// (built the first time a rule needs them).
struct PreparedURL {
    /// The URL's UTF-8 bytes; valid for the duration of the evaluation that created this value.
    let raw: UnsafeBufferPointer<UInt8>
    /// Whether the URL is all ASCII, so case folding needs no copy.
    let isASCII: Bool
    private(set) var rawLayout: PartLayout
    /// The start of the raw path, for quick rejection.
    let pathHead: PathHead
    /// The path as written, trailing slash included (transformed forms strip it after decoding).
    private let fullPath: Range<Int>
    /// Transformed forms by variant index 1 (folded), 2 (decoded), 3 (both).
    private var transformed: [TransformedURL?] = []

    struct TransformedURL {
        var bytes: [UInt8]
        var layout: PartLayout
    }

    static func variantIndex(folded: Bool, decoded: Bool) -> Int { (folded ? 1 : 0) | (decoded ? 2 : 0) }

    init(_ url: LinkURL, bytes: UnsafeBufferPointer<UInt8>) {
        raw = bytes
        isASCII = url.isASCII
        fullPath = url.pathRange
        var path = url.pathRange
        if path.count > 0, bytes[path.upperBound - 1] == UInt8(ascii: "/") { path = path.lowerBound..<(path.upperBound - 1) }
        let end = bytes.count
        rawLayout = PartLayout(path: path, query: url.queryRange ?? end..<end, fragment: url.fragmentRange ?? end..<end)
        pathHead = PathHead(bytes.slice(path))
    }

    /// Splits the raw query into items, once.
    mutating func splitRawItems() {
        if rawLayout.items == nil { rawLayout.items = Self.items(in: raw, query: rawLayout.query) }
    }

    /// Calls `body` with the bytes and layout of transformed variant `index` (1 folded,
    /// 2 decoded, 3 both), building it the first time.
    mutating func withTransformed<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>, borrowing PartLayout) -> Result) -> Result {
        if transformed.isEmpty { transformed = [nil, nil, nil, nil] }
        if transformed[index] == nil {
            transformed[index] = makeTransformed(folded: index & 1 != 0, decoded: index & 2 != 0)
        }
        let variant = transformed[index]!  // set just above
        return variant.bytes.withUnsafeBufferPointer { body($0, variant.layout) }
    }

    private func makeTransformed(folded: Bool, decoded: Bool) -> TransformedURL {
        func transform(_ range: Range<Int>) -> [UInt8] {
            let original = Array(raw[range])
            let plain = decoded ? TextTransforms.percentDecode(original) : original
            return folded ? TextTransforms.foldCase(plain) : plain
        }
        var bytes: [UInt8] = []
        func append(_ part: [UInt8]) -> Range<Int> {
            let start = bytes.count
            bytes += part
            return start..<bytes.count
        }
        var pathBytes = transform(fullPath)
        if pathBytes.last == UInt8(ascii: "/") { pathBytes.removeLast() }
        let path = append(pathBytes)
        let query = append(transform(rawLayout.query))
        let fragment = append(transform(rawLayout.fragment))
        var items: [(name: Range<Int>, value: Range<Int>)] = []
        for item in Self.items(in: raw, query: rawLayout.query) {
            items.append((append(transform(item.name)), append(transform(item.value))))
        }
        return TransformedURL(bytes: bytes, layout: PartLayout(path: path, query: query, fragment: fragment, items: items))
    }

    /// Splits a raw query into items at `&`, and each item into name and value at its first `=`.
    static func items(in bytes: UnsafeBufferPointer<UInt8>, query: Range<Int>) -> [(name: Range<Int>, value: Range<Int>)] {
        var items: [(name: Range<Int>, value: Range<Int>)] = []
        var start = query.lowerBound
        while start < query.upperBound {
            var end = start
            while end < query.upperBound, bytes[end] != UInt8(ascii: "&") { end += 1 }
            if end > start {
                var equals = start
                while equals < end, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
                items.append(equals < end ? (start..<equals, (equals + 1)..<end) : (start..<end, end..<end))
            }
            start = end + 1
        }
        return items
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// The bytes in `range` as a buffer of their own.
    @inline(__always)
    func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: self[range])
    }

    /// Whether the bytes in `range` equal `other`; with `foldingASCII`, upper-case ASCII
    /// letters in `range` read as lower-case.
    @inline(__always)
    func bytes(_ range: Range<Int>, equal other: UnsafeBufferPointer<UInt8>, foldingASCII: Bool) -> Bool {
        guard range.count == other.count else { return false }
        var index = range.lowerBound
        for byte in other {
            var mine = self[index]
            if foldingASCII, mine &- UInt8(ascii: "A") < 26 { mine |= 0x20 }
            if mine != byte { return false }
            index += 1
        }
        return true
    }
}
