/// The host a request names (its `Host` header, or the authority of an absolute request
/// line), split into name and port and checked.
struct RequestHost: Sendable, Hashable {
    /// The name, lowercased, without a trailing dot.
    let name: String
    /// The port, if the header has one.
    let port: Int?

    /// Parses `authority`; `nil` when it is not `name` or `name:port` with a name made of
    /// letters, digits, `-` and `.` (or a bracketed IPv6 address) and a port of 1 to 65535.
    init?(_ authority: String?) {
        guard let authority, !authority.isEmpty, authority.utf8.count <= 255 else { return nil }
        var name = Substring(authority)
        var port: Int?
        // Byte comparisons throughout: this runs on every request (Character look-ups, with
        // their grapheme breaking, cost a tenth of the association endpoint's time).
        if name.utf8.first == UInt8(ascii: "[") {
            guard let close = name.utf8.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            let rest = name[name.utf8.index(after: close)...]
            if !rest.isEmpty {
                guard rest.utf8.first == UInt8(ascii: ":"), let value = Self.port(rest.dropFirst()) else { return nil }
                port = value
            }
            name = name[...close]
            guard name.dropFirst().dropLast().allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
        } else {
            if let colon = name.utf8.firstIndex(of: UInt8(ascii: ":")) {
                guard let value = Self.port(name[name.utf8.index(after: colon)...]) else { return nil }
                port = value
                name = name[..<colon]
            }
            if name.utf8.last == UInt8(ascii: ".") { name = name[..<name.utf8.index(before: name.endIndex)] }
            var hasUppercase = false
            for byte in name.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
                    continue
                case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    hasUppercase = true
                default:
                    return nil
                }
            }
            guard !name.isEmpty else { return nil }
            self.name = hasUppercase ? name.lowercased() : String(name)
            self.port = port
            return
        }
        self.name = name.lowercased()
        self.port = port
    }

    /// A port of 1 to 65535 written in ASCII digits only (`Int` alone would also read `+443`).
    private static func port(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let value = Int(text), (1...65535).contains(value) else {
            return nil
        }
        return value
    }

    /// `name` or `name:port`, as a URL writes it.
    var authority: String { port.map { "\(name):\($0)" } ?? name }
}
