/// The syntactic check Firebase Dynamic Links made of its URL parameters: an absolute `http` or
/// `https` URL with a host. Whether the destination is *allowed* is the destination policy's
/// question, asked separately.
enum AbsoluteHTTPURL {
    /// Whether `text` starts with `http://` or `https://` (any case), has a non-empty host, and
    /// holds no spaces or control characters.
    static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard !bytes.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else { return false }
        let lowered = bytes.prefix(8).map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
        let schemeLength: Int
        if lowered.starts(with: Array("https://".utf8)) {
            schemeLength = 8
        } else if lowered.starts(with: Array("http://".utf8)) {
            schemeLength = 7
        } else {
            return false
        }
        let authority = bytes[schemeLength...].prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        let hostAndPort = authority.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false).last ?? authority[...]
        let host = hostAndPort.prefix { $0 != UInt8(ascii: ":") || hostAndPort.first == UInt8(ascii: "[") }
        return !host.isEmpty
    }
}
