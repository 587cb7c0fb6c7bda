import Foundation

/// A host the doctor examines, read from what a user typed: `example.com`, `example.com:8443`,
/// or a URL such as `https://example.com/puzzle/2026-11-20` (whose page is then also checked
/// as a `--url`).
///
/// ```swift
/// let target = try DoctorTarget(parsing: "https://daily.example.com/puzzle/2026-11-20")
/// target.host     // "daily.example.com"
/// target.port     // 443
/// target.pageURL  // "https://daily.example.com/puzzle/2026-11-20"
/// target.url(for: .appleAssociation) // "https://daily.example.com/.well-known/apple-app-site-association"
/// ```
public struct DoctorTarget: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The host, in lower case, without a trailing dot.
    public var host: String
    /// The HTTPS port: 443 unless the target names another (phones only ever use 443).
    public var port: Int
    /// The page URL, when the target was a URL naming a page rather than the site.
    public var pageURL: String?
    /// A development or staging server checked over plain http (`landfall doctor --local`):
    /// every check that needs no TLS, which is not what Apple's CDN or Android's verifier see.
    public var isLocal: Bool

    /// Creates a target from its parts.
    public init(host: String, port: Int = 443, pageURL: String? = nil, isLocal: Bool = false) {
        self.host = host
        self.port = port
        self.pageURL = pageURL
        self.isLocal = isLocal
    }

    /// Reads a development or staging server for `--local`: `http://host:port` (port 80 when
    /// absent), or `host:port`. A page URL is checked as a `--url` too, as with an https target.
    ///
    /// ```swift
    /// let target = try DoctorTarget(local: "http://go.localhost:8080")
    /// target.url(for: .appleAssociation) // "http://go.localhost:8080/.well-known/apple-app-site-association"
    /// ```
    ///
    /// - Throws: ``DoctorTargetError``: an `https` URL (check it without `--local`), another
    ///   scheme, an empty or malformed host, a bad port.
    public init(local text: String) throws(DoctorTargetError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw DoctorTargetError("--local is empty; give a server such as http://localhost:8080") }
        var address = trimmed
        if let schemeEnd = trimmed.range(of: "://") {
            let scheme = trimmed[..<schemeEnd.lowerBound].lowercased()
            guard scheme == "http" else {
                if scheme == "https" {
                    throw DoctorTargetError("--local \(text): --local is for plain http servers; check an https host without it: "
                                            + "landfall doctor \(trimmed[schemeEnd.upperBound...].prefix { $0 != "/" })")
                }
                throw DoctorTargetError("--local \(text): the scheme \(scheme) is not http; give a server such as http://localhost:8080")
            }
        } else {
            guard !trimmed.contains("/") else {
                throw DoctorTargetError("--local \(text) has a path but no scheme; give http://host:port or host:port")
            }
            address = "http://" + trimmed
        }
        guard let components = URLComponents(string: address), let host = components.host, !host.isEmpty else {
            throw DoctorTargetError("--local \(text) is not an http URL with a host")
        }
        let port = components.port ?? 80
        try Self.check(host: host, port: port, in: "--local \(text)")
        let path = components.percentEncodedPath
        let isSite = path.isEmpty || path == "/" || WellKnownFile.allCases.contains { $0.path == path }
        self.init(host: Self.normalized(host), port: port, pageURL: isSite && components.query == nil ? nil : address, isLocal: true)
    }

    /// Reads a host, `host:port`, or an `https` URL.
    ///
    /// - Throws: ``DoctorTargetError`` saying what is wrong: an `http` URL (phones fetch these
    ///   files over HTTPS only), another scheme, an empty or malformed host, a bad port.
    public init(parsing text: String) throws(DoctorTargetError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw DoctorTargetError("the target is empty; give a host such as example.com") }
        if let schemeEnd = trimmed.range(of: "://") {
            let scheme = trimmed[..<schemeEnd.lowerBound].lowercased()
            guard scheme == "https" else {
                if scheme == "http" {
                    throw DoctorTargetError("\(text): iOS and Android fetch association files over HTTPS only; "
                                            + "give https://\(trimmed[schemeEnd.upperBound...]) or just the host "
                                            + "(or --local \(trimmed) for a development server)")
                }
                throw DoctorTargetError("\(text): the scheme \(scheme) is not https; give a host such as example.com or an https URL")
            }
            guard let components = URLComponents(string: trimmed), let host = components.host, !host.isEmpty else {
                throw DoctorTargetError("\(text) is not a URL with a host")
            }
            let port = components.port ?? 443
            try Self.check(host: host, port: port, in: text)
            let path = components.percentEncodedPath
            let isSite = path.isEmpty || path == "/" || WellKnownFile.allCases.contains { $0.path == path }
            self.init(host: Self.normalized(host), port: port,
                      pageURL: isSite && components.query == nil ? nil : trimmed)
            return
        }
        guard !trimmed.contains("/") else {
            throw DoctorTargetError("\(text) has a path but no scheme; give the host (example.com) or a full https:// URL")
        }
        var host = trimmed
        var port = 443
        if let colon = trimmed.lastIndex(of: ":") {
            host = String(trimmed[..<colon])
            guard let number = Int(trimmed[trimmed.index(after: colon)...]) else {
                throw DoctorTargetError("\(text): '\(trimmed[trimmed.index(after: colon)...])' is not a port number")
            }
            port = number
        }
        try Self.check(host: host, port: port, in: text)
        self.init(host: Self.normalized(host), port: port)
    }

    /// `https://host` (with `:port` unless 443); for a ``isLocal`` target `http://host` (with
    /// `:port` unless 80).
    public var origin: String {
        if isLocal { return port == 80 ? "http://\(host)" : "http://\(host):\(port)" }
        return port == 443 ? "https://\(host)" : "https://\(host):\(port)"
    }

    /// The URL a phone fetches `file` from on this host.
    public func url(for file: WellKnownFile) -> String { origin + file.path }

    /// `host` (with `:port` unless 443); the origin of a ``isLocal`` target.
    public var description: String {
        if isLocal { return origin }
        return port == 443 ? host : "\(host):\(port)"
    }

    /// Whether the host is a loopback name (`localhost`, or a name under `.localhost`, which
    /// RFC 6761 keeps for this machine): `--local` reaches it at 127.0.0.1 without asking DNS.
    public var isLoopbackName: Bool { host == "localhost" || host.hasSuffix(".localhost") }

    /// A host as the doctor compares hosts: lower case, without a trailing dot.
    static func normalized(_ host: String) -> String {
        let lower = host.lowercased()
        return lower.hasSuffix(".") ? String(lower.dropLast()) : lower
    }

    private static func check(host: String, port: Int, in text: String) throws(DoctorTargetError) {
        guard (1...65535).contains(port) else { throw DoctorTargetError("\(text): port \(port) is outside 1-65535") }
        guard !host.isEmpty else { throw DoctorTargetError("\(text): the host is empty") }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.")
        if let bad = host.first(where: { !allowed.contains($0) }) {
            throw DoctorTargetError("\(text): '\(bad)' cannot appear in a host name (letters, digits, - and . only; "
                                    + "write internationalised names in their xn-- form)")
        }
        guard !host.hasPrefix("."), !host.contains("..") else {
            throw DoctorTargetError("\(text): the host \(host) has an empty label")
        }
    }
}

/// Why a doctor target could not be read; ``message`` says what to type instead.
public struct DoctorTargetError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, for people.
    public var message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    /// ``message``.
    public var description: String { message }
}
