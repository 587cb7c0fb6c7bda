/// The accepted https hosts, compared with a URL's host bytes without building a string.
///
/// Exact hosts (with their `www.` aliases) and subdomain suffixes are kept as lower-case
/// bytes; a host matches when its bytes, lower-cased, are equal (or end with `.domain`).
struct HostTable: Sendable {
    struct Entry: Sendable {
        /// The host (or `.domain` suffix) in lower case.
        let text: String
        let bytes: [UInt8]
        /// The index of the source in the router's list.
        let source: Int
    }

    let exact: [Entry]
    let suffixes: [Entry]

    init(exactHosts: [String: Int], subdomainSuffixes: [(suffix: String, source: Int)]) {
        self.exact = exactHosts.sorted { $0.key < $1.key }
            .map { Entry(text: $0.key, bytes: Array($0.key.utf8), source: $0.value) }
        self.suffixes = subdomainSuffixes.map { Entry(text: $0.suffix, bytes: Array($0.suffix.utf8), source: $0.source) }
    }

    /// The host in lower case and the source that accepts it, if any.
    func lookup(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (host: String, source: Int?) {
        for entry in exact where entry.bytes.count == range.count
            && Self.equalIgnoringCase(bytes, range.lowerBound, entry.bytes) {
            return (entry.text, entry.source)
        }
        for entry in suffixes where range.count > entry.bytes.count
            && Self.equalIgnoringCase(bytes, range.upperBound - entry.bytes.count, entry.bytes) {
            return (Self.lowercased(bytes, range), entry.source)
        }
        return (Self.lowercased(bytes, range), nil)
    }

    /// The source that accepts a host written in lower case, if any.
    func source(forHost host: String) -> Int? {
        var text = host
        return text.withUTF8 { lookup($0, 0..<$0.count).source }
    }

    private static func equalIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ expected: [UInt8]) -> Bool {
        for offset in expected.indices where lower(bytes[start + offset]) != expected[offset] {
            return false
        }
        return true
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }

    static func lowercased(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        guard slice.contains(where: { $0 &- UInt8(ascii: "A") < 26 }) else { return String(decoding: slice, as: UTF8.self) }
        return String(decoding: slice.map(lower), as: UTF8.self)
    }
}
