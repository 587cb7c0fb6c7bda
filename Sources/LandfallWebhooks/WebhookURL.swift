import Foundation

/// A webhook endpoint's URL, checked when the endpoint is added or changed; the addresses its
/// host resolves to are checked again at every delivery (``refusal(ofResolved:host:allowPrivateNetworks:)``),
/// since DNS can change after the check.
///
/// Without `allowPrivateNetworks` (`webhooks.allowPrivateNetworks` in `landfall.yml`) it must be
/// https, and neither an address nor a name inside a private network.
public struct WebhookURL: Sendable, Hashable {
    /// The URL with its scheme and host in lower case.
    public let text: String
    /// `https`, or `http` where private networks are allowed.
    public let scheme: String
    /// The host, without brackets for an IPv6 address.
    public let host: String
    /// The port: explicit, or 443 / 80.
    public let port: Int
    /// The path (`/` when empty) and the query.
    public let pathAndQuery: String

    /// The longest URL accepted.
    public static let maximumLength = 2_000
    /// Names that stand for this machine or a private network, refused like private addresses.
    static let privateNameSuffixes = [".localhost", ".internal", ".local", ".home.arpa"]

    /// Reads and checks `text`.
    ///
    /// - Throws: ``WebhookURLError`` naming the problem: not an absolute http(s) URL; http
    ///   without `allowPrivateNetworks`; user info; a fragment; no host; a port outside
    ///   1...65535 (however many digits); too long; spaces or control characters (C0, DEL and
    ///   C1); a host between brackets that is not an IPv6 address; a host outside ASCII or
    ///   percent-encoded; a name with an empty label (`hooks..example.com`, `localhost..`); a
    ///   host whose last label is a number but that is not an IPv4 address; an address or name
    ///   inside a private network (a single-label name, such as `intranet`, counts as one)
    ///   without `allowPrivateNetworks`.
    public init(_ text: String, allowPrivateNetworks: Bool) throws(WebhookURLError) {
        guard !text.isEmpty else { throw WebhookURLError("the URL is empty; expected an https URL such as https://hooks.example.com/landfall") }
        guard text.count <= Self.maximumLength else {
            throw WebhookURLError("the URL is \(text.count) characters long; at most \(Self.maximumLength) are accepted")
        }
        guard !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) else {
            throw WebhookURLError("the URL contains spaces or control characters; percent-encode them")
        }
        guard let components = URLComponents(string: text), let rawScheme = components.scheme else {
            throw WebhookURLError("'\(text.prefix(100))' is not an absolute URL; expected one such as https://hooks.example.com/landfall")
        }
        let scheme = rawScheme.lowercased()
        guard scheme == "https" || scheme == "http" else {
            throw WebhookURLError("the scheme is \(scheme); webhooks are sent over https")
        }
        guard scheme == "https" || allowPrivateNetworks else {
            throw WebhookURLError("webhooks are sent over https only (http is accepted only where webhooks.allowPrivateNetworks is true)")
        }
        guard components.user == nil, components.password == nil else {
            throw WebhookURLError("the URL has a user name or password; put credentials in the path or query, the signature authenticates Landfall")
        }
        guard components.fragment == nil else { throw WebhookURLError("the URL has a fragment (#…), which is never sent; remove it") }
        var host = (components.percentEncodedHost ?? "").lowercased()
        let bracketed = host.hasPrefix("[") && host.hasSuffix("]")
        if bracketed { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw WebhookURLError("the URL has no host") }
        guard !bracketed || IPv6.parse(Substring(host)) != nil else {
            throw WebhookURLError("the host \(host), between brackets, is not an IPv6 address; expected one such as [2606:4700::1111], or a name without brackets")
        }
        if let decoded = components.host, !decoded.unicodeScalars.allSatisfy(\.isASCII) {
            throw WebhookURLError("the host \(decoded.lowercased()) has characters outside ASCII; write it in its ASCII form (xn--…, as your DNS provider shows it)")
        }
        guard !host.contains("%") || bracketed else {
            throw WebhookURLError("the host \(host) is percent-encoded; write it as plain letters, digits, dots and hyphens")
        }
        // URLComponents reads a port too large for an Int as none: check the digits as written.
        let port: Int?
        if let range = components.rangeOfPort, let written = components.string?[range], !written.isEmpty {
            guard let number = Int(written), (1...65_535).contains(number) else {
                throw WebhookURLError("the port \(written) is outside 1...65535")
            }
            port = number
        } else {
            port = nil
        }
        // A trailing dot makes a name absolute ("localhost.", "127.0.0.1."): the same destination.
        let name = host.hasSuffix(".") ? String(host.dropLast()) : host
        let kind = NetworkAddressKind.classify(name)
        if kind == nil, name.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
            throw WebhookURLError("\(host) has an empty label (a dot at its start, or two in a row); expected a name such as hooks.example.com")
        }
        if kind == nil, Self.endsInANumber(name) {
            throw WebhookURLError("\(host) is neither an IPv4 address nor a name (its last label is a number); expected a name such as hooks.example.com or an address such as 203.0.113.9")
        }
        if !allowPrivateNetworks {
            if let kind {
                guard kind.isAllowedWithoutPrivateNetworks else {
                    throw WebhookURLError("\(host) is \(kind.phrase): webhooks are not sent into private networks unless webhooks.allowPrivateNetworks is true")
                }
            } else if name == "localhost" || name == "metadata.google.internal" || Self.privateNameSuffixes.contains(where: name.hasSuffix) || !name.contains(".") {
                throw WebhookURLError("\(host) names this machine or a private network: webhooks are not sent there unless webhooks.allowPrivateNetworks is true")
            }
        }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        let query = components.percentEncodedQuery.map { "?" + $0 } ?? ""
        let shownHost = host.contains(":") ? "[\(host)]" : host
        self.scheme = scheme
        self.host = host
        self.port = port ?? (scheme == "https" ? 443 : 80)
        self.pathAndQuery = path + query
        self.text = "\(scheme)://\(shownHost)\(port.map { ":\($0)" } ?? "")\(path)\(query)"
    }

    /// The delivery-time check: why the first of `addresses` (what `host` resolved to) that is
    /// not on the public internet is refused, or `nil` when all may be called (always, where
    /// private networks are allowed, if there is an address at all).
    public static func refusal(ofResolved addresses: [String], host: String, allowPrivateNetworks: Bool) -> WebhookURLError? {
        guard !addresses.isEmpty else { return WebhookURLError("\(host) resolved to no address") }
        guard !allowPrivateNetworks else { return nil }
        for address in addresses {
            let kind = NetworkAddressKind.classify(address) ?? .reserved
            if !kind.isAllowedWithoutPrivateNetworks {
                return WebhookURLError("\(host) resolves to \(address), \(kind.phrase): webhooks are not sent into private networks unless webhooks.allowPrivateNetworks is true")
            }
        }
        return nil
    }

    /// Whether the last label of `name` is a number (digits, or 0x and hexadecimal digits), which
    /// makes it an IPv4 address to URL parsers and resolvers; one that is not a valid address is
    /// refused rather than sent to a resolver that might read it its own way.
    static func endsInANumber(_ name: String) -> Bool {
        guard let last = name.split(separator: ".", omittingEmptySubsequences: false).last, !last.isEmpty else { return false }
        if last.allSatisfy({ ("0"..."9").contains($0) }) { return true }
        let lower = last.lowercased()
        return lower.hasPrefix("0x") && lower.dropFirst(2).allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }
}
