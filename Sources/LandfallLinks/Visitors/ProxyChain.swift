/// The addresses a request passed through, as proxies wrote them in `X-Forwarded-For` (or a
/// header like it) or `Forwarded` (RFC 7239), and the client's address read from them the way
/// only trusted proxies can vouch for.
///
/// Each proxy appends the address it received the request from, so the list reads from the
/// client on the left to the last proxy on the right, and anything left of an entry appended
/// by a trusted proxy may have been written by the client itself. The client is therefore
/// found from the right: the connection's peer when it is not a trusted proxy (the header is
/// then the client's own and is ignored), else the rightmost entry that is not a trusted
/// proxy. Rotating made-up addresses at the left of the header changes nothing.
///
/// ```swift
/// let proxies = TrustedProxies([try IPAddressRange(parsing: "10.0.0.0/8")])
/// let chain = ProxyChain(xForwardedFor: ["198.51.100.9, 203.0.113.7, 10.0.0.2"])
/// proxies.client(peer: IPAddress("10.0.0.1"), chain: chain)  // 203.0.113.7
/// ```
public struct ProxyChain: Hashable, Sendable {
    /// One hop: an address, or an entry that is none (`unknown`, an obfuscated `_name`, text).
    public enum Entry: Hashable, Sendable {
        case address(IPAddress)
        case unreadable
    }

    /// The hops, the client's side first.
    public let entries: [Entry]

    /// The longest header value read; a longer chain is unreadable as a whole.
    public static let maximumLength = 4096

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// Reads the values of `X-Forwarded-For` (or `X-Real-IP` and the like) in the order they
    /// came: comma-separated addresses, IPv6 ones bare or in brackets, with or without a port.
    public init(xForwardedFor values: [String]) {
        var entries: [Entry] = []
        for value in values {
            guard value.utf8.count <= Self.maximumLength else {
                entries.append(.unreadable)
                continue
            }
            for piece in value.split(separator: ",", omittingEmptySubsequences: false) {
                entries.append(Self.node(piece.trimmingSpaces))
            }
        }
        self.init(entries: entries)
    }

    /// Reads the values of `Forwarded` (RFC 7239) in the order they came: the `for` parameter
    /// of each element (`for=192.0.2.60`, `for="[2001:db8:cafe::17]:4711"`); an element
    /// without one is unreadable.
    public init(forwarded values: [String]) {
        var entries: [Entry] = []
        for value in values {
            guard value.utf8.count <= Self.maximumLength else {
                entries.append(.unreadable)
                continue
            }
            for element in Self.split(Substring(value), on: ",") {
                let forValue = Self.split(element, on: ";").lazy.compactMap { pair -> Substring? in
                    let pair = pair.trimmingSpaces
                    guard let equals = pair.firstIndex(of: "="), pair[..<equals].lowercased() == "for" else { return nil }
                    return pair[pair.index(after: equals)...]
                }.first
                guard var node = forValue else {
                    entries.append(.unreadable)
                    continue
                }
                if node.count >= 2, node.first == "\"", node.last == "\"" { node = node.dropFirst().dropLast() }
                entries.append(Self.node(node))
            }
        }
        self.init(entries: entries)
    }

    /// An address, perhaps `[v6]`, `[v6]:port` or `v4:port`.
    static func node(_ text: Substring) -> Entry {
        var text = text
        if text.first == "[" {
            guard let close = text.firstIndex(of: "]") else { return .unreadable }
            let after = text[text.index(after: close)...]
            guard after.isEmpty || after.first == ":" && isPort(after.dropFirst()) else { return .unreadable }
            text = text[text.index(after: text.startIndex)..<close]
        } else if let colon = text.firstIndex(of: ":"), text.lastIndex(of: ":") == colon, text.contains(".") {
            guard isPort(text[text.index(after: colon)...]) else { return .unreadable }
            text = text[..<colon]
        }
        return IPAddress(text).map(Entry.address) ?? .unreadable
    }

    static func isPort(_ text: Substring) -> Bool {
        (1...5).contains(text.count) && text.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// `text` split on `separator` outside double quotes.
    static func split(_ text: Substring, on separator: Character) -> [Substring] {
        var pieces: [Substring] = []
        var start = text.startIndex
        var quoted = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" {
                quoted.toggle()
            } else if character == "\\", quoted, text.index(after: index) < text.endIndex {
                index = text.index(after: index)
            } else if character == separator, !quoted {
                pieces.append(text[start..<index])
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        pieces.append(text[start...])
        return pieces
    }
}

/// The proxies in front of the server whose forwarding headers are believed.
public struct TrustedProxies: Hashable, Sendable {
    /// Their addresses.
    public let ranges: [IPAddressRange]

    public init(_ ranges: [IPAddressRange]) {
        self.ranges = ranges
    }

    /// Whether `address` is one of them.
    public func contains(_ address: IPAddress) -> Bool {
        ranges.contains { $0.contains(address) }
    }

    /// The client's address: `peer` when it is not a trusted proxy; else, walking `chain` from
    /// the right, the first address that is not a trusted proxy (or the leftmost address, when
    /// every one is), stopping at an unreadable entry (which no trusted proxy writes) with the
    /// last address read. A `peer` of `nil` (a connection without an IP address, such as an
    /// in-process test) counts as a trusted proxy. `nil` when there is no address at all.
    public func client(peer: IPAddress?, chain: ProxyChain) -> IPAddress? {
        if let peer, !contains(peer) { return peer }
        var client = peer
        for entry in chain.entries.reversed() {
            guard case .address(let address) = entry else { break }
            client = address
            if !contains(address) { break }
        }
        return client
    }
}

private extension Substring {
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        return self[first...last]
    }
}
