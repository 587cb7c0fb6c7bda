/// Decides where a short link may send people: the open-redirect protection of every link.
///
/// A destination is accepted when it is an absolute `http` or `https` URL on one of the
/// site's own hosts (the site host, its aliases, the interstitial host) or when its
/// normalized text matches an ``AllowlistPattern`` as a whole. Everything that could lead a
/// browser somewhere else than it appears to is refused first, whatever the allowlist says:
/// other schemes (`javascript:`, `data:`, ...), control characters and spaces, backslashes,
/// scheme-relative and authority-less forms (`//evil.com`, `https:evil.com`), user names
/// (`https://ours.com@evil.com`), percent-escapes in the host, non-ASCII hosts (IDN
/// look-alikes), encoded control characters (`%0d%0a`), double encoding (`%252f`), dot
/// segments, trailing-dot hosts, ports other than the default on the site's hosts, and any
/// URL on the link host itself (a loop). IP addresses (in any of their number forms) and
/// `xn--` hosts are refused unless a pattern allows them.
///
/// The server checks a destination when a link is created or changed (a 400 with the
/// refusal's message) and again before every redirect, since the configuration may have
/// changed since.
///
/// ```swift
/// let policy = try DestinationPolicy(
///     siteHosts: ["daily.example.com", "www.daily.example.com", "open.dailypuzzle.app"],
///     linkHosts: ["go.daily.example.com"],
///     allowlistPatterns: [#"^https://shop\.example\.org/.*$"#])
/// policy.check("https://daily.example.com/puzzle/2026-11-21")   // .success, on the site host
/// policy.check("https://shop.example.org/winter")                // .success, allowlisted
/// policy.check("https://daily.example.com.evil.com/")            // .failure(.notAllowed)
/// policy.check("https://go.daily.example.com/abc")               // .failure(.linkHostLoop)
/// ```
public struct DestinationPolicy: Sendable {
    /// The longest destination accepted, in UTF-8 bytes.
    public static let maximumLength = 2048

    /// The site's own hosts, in lower case: destinations on them are accepted without a pattern.
    public let siteHosts: [String]
    /// The link host and any name standing for it, in lower case: destinations on them are refused.
    public let linkHosts: [String]
    /// The patterns that allow external destinations, in order.
    public let allowlist: [AllowlistPattern]

    /// Creates a policy from compiled patterns.
    ///
    /// - Parameters:
    ///   - siteHosts: The site's hosts: the site host, its aliases and the interstitial host.
    ///   - linkHosts: The link host (and development names standing for it).
    ///   - allowlist: Patterns for external destinations.
    public init(siteHosts: [String], linkHosts: [String], allowlist: [AllowlistPattern] = []) {
        self.siteHosts = siteHosts.map(Self.hostForComparison)
        self.linkHosts = linkHosts.map(Self.hostForComparison)
        self.allowlist = allowlist
    }

    /// Creates a policy, compiling the allowlist's patterns.
    ///
    /// - Throws: ``AllowlistPatternError`` for the first pattern that is not a regular
    ///   expression or that would allow any host; it names the pattern and why.
    public init(siteHosts: [String], linkHosts: [String], allowlistPatterns: [String]) throws(AllowlistPatternError) {
        var patterns: [AllowlistPattern] = []
        for source in allowlistPatterns {
            patterns.append(try AllowlistPattern(source))
        }
        self.init(siteHosts: siteHosts, linkHosts: linkHosts, allowlist: patterns)
    }

    /// Checks a destination: the normalized destination, or why it is refused.
    public func check(_ text: String) -> Result<Destination, DestinationRefusal> {
        do {
            return .success(try destination(text))
        } catch {
            return .failure(error)
        }
    }

    /// Checks a destination and returns it normalized.
    ///
    /// - Throws: ``DestinationRefusal`` with a stable code and a message a person can act on.
    public func destination(_ text: String) throws(DestinationRefusal) -> Destination {
        func refuse(_ code: DestinationRefusal.Code, _ message: String) -> DestinationRefusal {
            DestinationRefusal(code, destination: text, message: message)
        }
        guard !text.isEmpty else { throw refuse(.empty, "the destination is empty; give an absolute https URL") }
        guard text.utf8.count <= Self.maximumLength else {
            throw refuse(.tooLong, "the destination is \(text.utf8.count) bytes long; at most \(Self.maximumLength) are accepted")
        }
        try Self.checkCharacters(of: text, refuse)

        // The scheme.
        guard let colon = text.firstIndex(of: ":"), Self.isScheme(text[..<colon]) else {
            if text.hasPrefix("//") {
                throw refuse(.notAbsolute, "the destination starts with '//' and has no scheme (a browser would keep the current one and go to another host); write https://...")
            }
            throw refuse(.notAbsolute, "the destination is not an absolute URL; write it with https:// and the host")
        }
        let scheme = text[..<colon].lowercased()
        guard scheme == "https" || scheme == "http" else {
            throw refuse(.notHTTP, "the destination's scheme is '\(text[..<colon])'; only http and https destinations are accepted")
        }
        let afterScheme = text[text.index(after: colon)...]
        guard afterScheme.hasPrefix("//") else {
            throw refuse(.missingAuthority, "'\(scheme):' must be followed by '//' and the host (a browser reads '\(text)' as a link to another host); write \(scheme)://host/path")
        }
        let afterSlashes = afterScheme.dropFirst(2)
        let authorityEnd = afterSlashes.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? afterSlashes.endIndex
        let authority = afterSlashes[..<authorityEnd]
        let rest = afterSlashes[authorityEnd...]

        // The host and port.
        let (host, port, isIPLiteral) = try authorityParts(authority, scheme: scheme, refuse)

        // The path, query and fragment.
        let pathEnd = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? rest.endIndex
        var query: Substring?
        var fragment: Substring?
        let afterPath = rest[pathEnd...]
        if let hash = afterPath.firstIndex(of: "#") {
            fragment = afterPath[afterPath.index(after: hash)...]
            if afterPath.first == "?" { query = afterPath[afterPath.index(after: afterPath.startIndex)..<hash] }
        } else if afterPath.first == "?" {
            query = afterPath.dropFirst()
        }
        var path = try Self.normalized(rest[..<pathEnd], part: .path, refuse)
        if path.isEmpty { path = "/" }
        if let segment = path.split(separator: "/", omittingEmptySubsequences: false).first(where: { $0 == "." || $0 == ".." }) {
            throw refuse(.dotSegments, "the destination's path has a '\(segment)' segment, which a browser resolves away to another path; write the path it leads to")
        }
        var normalizedQuery: String?
        if let query { normalizedQuery = try Self.normalized(query, part: .query, refuse) }
        var normalizedFragment: String?
        if let fragment { normalizedFragment = try Self.normalized(fragment, part: .fragment, refuse) }

        var normalized = "\(scheme)://\(host)"
        if let port { normalized += ":\(port)" }
        normalized += path
        if let normalizedQuery { normalized += "?\(normalizedQuery)" }
        if let normalizedFragment { normalized += "#\(normalizedFragment)" }

        func destination(_ approval: Destination.Approval) -> Destination {
            Destination(text: normalized, scheme: scheme, host: host, port: port, path: path, query: normalizedQuery,
                        fragment: normalizedFragment, approval: approval)
        }
        if siteHosts.contains(host) {
            if let port {
                throw refuse(.nonDefaultPort, "the destination names port \(port) on the site's host \(host); links to the site use the default port, so leave ':\(port)' out")
            }
            return destination(.siteHost(host))
        }
        if let pattern = allowlist.first(where: { $0.matches(normalized) }) {
            return destination(.allowlist(pattern.source))
        }
        if isIPLiteral || Self.isNumericHost(host) {
            throw refuse(.ipAddress, "the destination's host \(host) is an IP address; destinations are named hosts, unless a pattern under links.allowlist allows the address")
        }
        if host.split(separator: ".").contains(where: { $0.hasPrefix("xn--") }) {
            throw refuse(.punycodeHost, "the destination's host \(host) is an internationalized name in its xn-- form, which can imitate another host; it is not one of the site's hosts and matches no pattern under links.allowlist")
        }
        throw refuse(.notAllowed, "the destination's host \(host) is not one of the site's hosts (\(siteHosts.joined(separator: ", "))) and \(normalized) matches no allowlist pattern; to allow it, add a pattern under links.allowlist, such as ^\(scheme)://\(Self.escapedForPattern(host))\(port.map { ":\($0)" } ?? "")/.*$")
    }

    /// The host of `authority` in lower case, its port (`nil` when absent or the default) and
    /// whether it is an IPv6 literal.
    private func authorityParts(_ authority: Substring, scheme: String,
                                _ refuse: (DestinationRefusal.Code, String) -> DestinationRefusal) throws(DestinationRefusal) -> (String, Int?, Bool) {
        guard !authority.isEmpty else {
            throw refuse(.emptyHost, "the destination has no host after '\(scheme)://'; write \(scheme)://host/path")
        }
        if let at = authority.lastIndex(of: "@") {
            throw refuse(.userInfo, "the destination has a user name before '@' ('\(authority[..<at])'), and a browser would go to the host after it; write the URL without user name or password")
        }
        if authority.contains("%") {
            throw refuse(.encodedHost, "the destination's host '\(authority)' contains a percent-escape, which can hide another host; write the host name plainly")
        }
        var hostText: Substring
        var portText: Substring?
        var isIPLiteral = false
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else {
                throw refuse(.invalidHost, "the destination's host '\(authority)' opens '[' without closing it")
            }
            hostText = authority[...close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.first == ":" else {
                    throw refuse(.invalidHost, "the destination's host '\(authority)' has text after ']'")
                }
                portText = after.dropFirst()
            }
            isIPLiteral = true
        } else if let colon = authority.firstIndex(of: ":") {
            hostText = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        } else {
            hostText = authority
        }
        guard !hostText.isEmpty else {
            throw refuse(.emptyHost, "the destination has no host before the port; write \(scheme)://host/path")
        }
        if let scalar = hostText.unicodeScalars.first(where: { !$0.isASCII }) {
            throw refuse(.nonASCIIHost, "the destination's host '\(hostText)' contains '\(scalar)' (U+\(Self.hex(scalar.value))), which is not ASCII and can imitate another host; hosts are accepted in ASCII only")
        }
        let host = hostText.lowercased()
        let bare = Self.hostForComparison(host)
        if linkHosts.contains(bare) {
            throw refuse(.linkHostLoop, "the destination is on the link host \(bare), so the short link would lead to a short link; give the page it should open instead")
        }
        var port: Int?
        if let portText {
            guard !portText.isEmpty, portText.count <= 5, portText.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }),
                  let number = Int(portText), (1...65_535).contains(number) else {
                throw refuse(.invalidPort, "the destination's port '\(portText)' is not a number from 1 to 65535; leave the port out for the default")
            }
            port = number == (scheme == "https" ? 443 : 80) ? nil : number
        }
        if host.hasSuffix(".") {
            throw refuse(.trailingDot, "the destination's host '\(host)' ends with '.'; write \(bare)")
        }
        if isIPLiteral {
            let inside = host.dropFirst().dropLast()
            guard !inside.isEmpty, inside.unicodeScalars.allSatisfy({ Self.isHexDigit($0) || $0 == ":" || $0 == "." }) else {
                throw refuse(.invalidHost, "the destination's host '\(host)' is not an IPv6 address")
            }
        } else if let problem = Self.hostNameProblem(host) {
            throw refuse(.invalidHost, problem)
        }
        return (host, port, isIPLiteral)
    }

    // MARK: checks on the text

    private static func checkCharacters(of text: String,
                                        _ refuse: (DestinationRefusal.Code, String) -> DestinationRefusal) throws(DestinationRefusal) {
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            let position = offset + 1
            let value = scalar.value
            if value < 0x20 || (0x7F...0x9F).contains(value) {
                throw refuse(.controlCharacters, "the destination contains the control character U+\(hex(value))\(controlName(value).map { " (\($0))" } ?? "") at position \(position); remove it (a browser or a header could read it as the end of the URL)")
            }
            switch scalar.properties.generalCategory {
            case .format:
                throw refuse(.controlCharacters, "the destination contains the invisible character U+\(hex(value)) at position \(position), which can make the URL look like another; remove it")
            case .spaceSeparator, .lineSeparator, .paragraphSeparator:
                throw refuse(.whitespace, "the destination contains a space (U+\(hex(value))) at position \(position); a URL has none: write a space in a path or query as %20")
            default:
                break
            }
            if scalar == "\\" {
                throw refuse(.backslash, "the destination contains '\\' at position \(position), which browsers read as '/' (so '\\\\evil.com' is a link to another host); write '/' or %5C")
            }
        }
    }

    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, isASCIILetter(first) else { return false }
        return text.unicodeScalars.allSatisfy { isASCIILetter($0) || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == "." }
    }

    /// What is wrong with `host` (lower case, not empty, ASCII) as a host name, or `nil`.
    private static func hostNameProblem(_ host: String) -> String? {
        if host.utf8.count > 253 { return "the destination's host is longer than 253 characters" }
        for label in host.split(separator: ".", omittingEmptySubsequences: false) {
            if label.isEmpty {
                return "the destination's host '\(host)' has an empty label (two dots in a row, or a leading dot)"
            }
            if label.count > 63 { return "the destination's host '\(host)' has a label longer than 63 characters" }
            if let bad = label.unicodeScalars.first(where: { !(isASCIILetter($0) || ("0"..."9").contains($0) || $0 == "-") }) {
                return "the destination's host '\(host)' contains '\(bad)'; a host name has letters, digits, '-' and '.' only"
            }
            if label.hasPrefix("-") || label.hasSuffix("-") {
                return "the destination's host '\(host)' has a label that starts or ends with '-'"
            }
        }
        return nil
    }

    /// Whether a browser would read `host` as an IPv4 address: its last label is a number
    /// (decimal, octal with a leading 0, or hexadecimal with 0x), as in `127.0.0.1`, `127.1`,
    /// `2130706433` and `0x7f000001`. No top-level domain is a number.
    static func isNumericHost(_ host: String) -> Bool {
        guard let last = host.split(separator: ".").last else { return false }
        if last.allSatisfy(\.isASCIIDigit) { return true }
        let lowered = last.lowercased()
        return lowered.hasPrefix("0x") && lowered.dropFirst(2).unicodeScalars.allSatisfy(isHexDigit)
    }

    static func hostForComparison(_ host: String) -> String {
        let lowered = host.lowercased()
        return lowered.hasSuffix(".") ? String(lowered.dropLast()) : lowered
    }

    static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    static func isHexDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static func controlName(_ value: UInt32) -> String? {
        switch value {
        case 0x00: "NUL"
        case 0x09: "tab"
        case 0x0A: "line feed"
        case 0x0D: "carriage return"
        case 0x7F: "DEL"
        default: nil
        }
    }

    /// `host` with its dots escaped for a regular expression.
    private static func escapedForPattern(_ host: String) -> String {
        host.split(separator: ".", omittingEmptySubsequences: false).joined(separator: "\\.")
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
