import Foundation
import LandfallJSON

extension AssociatedDomain {
    /// What reading one entry found: the entry, when it could be read, and every problem.
    public struct Reading: Sendable, Hashable {
        /// The entry; `nil` when an error made it unreadable.
        public var domain: AssociatedDomain?
        /// The problems, errors first; an entry with only warnings still has a ``domain``.
        public var diagnostics: [Diagnostic]

        /// Creates a reading.
        public init(domain: AssociatedDomain?, diagnostics: [Diagnostic]) {
            self.domain = domain
            self.diagnostics = diagnostics
        }
    }

    /// Reads an entry such as `applinks:example.com`, reporting each malformed form with a code
    /// from ``EntitlementsLintCode`` and, as the fix, the entry written correctly.
    ///
    /// Reading stops at the first error (a scheme, port, path, trailing slash or dot, empty host,
    /// misplaced `*`, unknown `?mode=` or service, whitespace); upper case in the host is a
    /// warning, and the entry is read with the host lower-cased.
    ///
    /// ```swift
    /// AssociatedDomain.read("applinks:example.com:8443").diagnostics.first?.code
    /// // "entitlements.port"
    /// ```
    ///
    /// - Parameters:
    ///   - entry: The entry as written in the entitlement.
    ///   - path: Where the entry is, for the diagnostics (such as
    ///     `["com.apple.developer.associated-domains", 2]`).
    public static func read(_ entry: String, path: JSONPath? = nil) -> Reading {
        EntryReader(entry: entry, path: path).read()
    }

    /// Reads an entry, throwing the first error ``read(_:path:)`` finds; warnings are dropped.
    ///
    /// - Throws: ``AssociatedDomainError`` naming the problem and the corrected entry.
    public init(parsing entry: String) throws(AssociatedDomainError) {
        let reading = Self.read(entry)
        guard let domain = reading.domain else {
            let diagnostic = reading.diagnostics.first { $0.severity == .error }
                ?? Diagnostic(code: EntitlementsLintCode.emptyHost.rawValue, severity: .error, message: "\"\(entry)\" is not an entry")
            throw AssociatedDomainError(diagnostic: diagnostic)
        }
        self = domain
    }
}

/// The steps of reading one entry, each failing with its own code and the corrected entry.
private struct EntryReader {
    let entry: String
    let path: JSONPath?

    func read() -> AssociatedDomain.Reading {
        // Whitespace first: everything after it would be judged on the wrong text.
        if entry.unicodeScalars.contains(where: { $0.properties.isWhitespace }) {
            let compact = String(String.UnicodeScalarView(entry.unicodeScalars.filter { !$0.properties.isWhitespace }))
            return fail(.whitespace, "\"\(printable(entry))\" contains spaces, tabs or line breaks", fix: "write \(suggestion(for: compact))")
        }
        guard let colon = entry.firstIndex(of: ":") else {
            return fail(.missingService, "\"\(entry)\" has no service prefix", fix: "write applinks:\(cleanHost(entry)) for universal links (or webcredentials:, appclips:, activitycontinuation:)")
        }
        let prefix = String(entry[..<colon])
        let rest = String(entry[entry.index(after: colon)...])
        if ["http", "https"].contains(prefix.lowercased()) {
            return fail(.scheme, "\"\(entry)\" is a URL; the entitlement names a host, without a scheme", fix: "write applinks:\(cleanHost(rest))")
        }
        guard let service = AssociatedDomain.Service(rawValue: prefix) else {
            let known = AssociatedDomain.Service.allCases.map(\.rawValue)
            if let closest = NameSuggestion.closest(to: prefix, among: known) {
                return fail(.unknownService, "\"\(prefix):\" is not a service iOS reads", fix: "did you mean \"\(closest)\"? write \(closest):\(cleanRest(rest))")
            }
            return fail(.unknownService, "\"\(prefix):\" is not a service iOS reads", fix: "use one of \(known.map { "\($0):" }.joined(separator: ", ")), such as applinks:\(cleanHost(rest))")
        }
        let corrected = "\(service.rawValue):\(cleanRest(rest))"
        if rest.contains("://") || rest.hasPrefix("//") {
            return fail(.scheme, "\"\(entry)\" has a URL scheme; the entitlement names a host only", fix: "write \(corrected)")
        }

        var hostPart = rest
        var query: String?
        if let mark = rest.firstIndex(of: "?") {
            hostPart = String(rest[..<mark])
            query = String(rest[rest.index(after: mark)...])
        }
        if let slash = hostPart.firstIndex(of: "/") {
            let tail = hostPart[slash...]
            if tail.allSatisfy({ $0 == "/" }) {
                return fail(.trailingSlash, "\"\(entry)\" ends with a slash; the entitlement names a host only", fix: "write \(corrected)")
            }
            return fail(.path, "\"\(entry)\" has a path (\(tail)); the entitlement names a host, and paths belong in the association file's components", fix: "write \(corrected)")
        }
        if hostPart.contains(":") {
            return fail(.port, "\"\(entry)\" has a port; iOS fetches the association file over HTTPS on port 443 only", fix: "write \(corrected) and serve the file on port 443")
        }

        var mode: AssociatedDomain.Mode?
        if let query {
            let modes = AssociatedDomain.Mode.allCases.map(\.rawValue)
            let choices = "?mode=developer, ?mode=managed or ?mode=developer+managed"
            let bare = "\(service.rawValue):\(cleanHost(hostPart))"
            if query.hasPrefix("mode=") {
                let value = String(query.dropFirst(5))
                if let known = AssociatedDomain.Mode(rawValue: value) {
                    mode = known
                } else if let closest = NameSuggestion.closest(to: value, among: modes) {
                    return fail(.invalidMode, "\"?mode=\(value)\" is not a mode iOS reads", fix: "did you mean \"\(closest)\"? write \(bare)?mode=\(closest)")
                } else {
                    return fail(.invalidMode, "\"?mode=\(value)\" is not a mode iOS reads", fix: "use \(choices), or write \(bare) with no mode")
                }
            } else {
                return fail(.invalidMode, "\"?\(query)\" is not a query iOS reads; only ?mode= is", fix: "write \(bare), or add \(choices)")
            }
        }

        if hostPart.isEmpty || hostPart == "*." {
            return fail(.emptyHost, "\"\(entry)\" names no host", fix: "write \(service.rawValue):example.com with the host that serves the association file")
        }
        if hostPart.hasSuffix(".") {
            return fail(.trailingDot, "\"\(entry)\" ends its host with a dot, so it equals no link's host", fix: "write \(corrected)")
        }
        let isWildcard = hostPart.hasPrefix("*.")
        let host = isWildcard ? String(hostPart.dropFirst(2)) : hostPart
        if host.contains("*") {
            let apex = Self.apex(ofMisplacedWildcard: host)
            let wildcardEntry = "\(service.rawValue):*.\(apex.isEmpty ? "example.com" : apex.lowercased())"
            return fail(.invalidWildcard, "\"\(entry)\" has a * that is not a leading \"*.\"; iOS reads only *.host as a wildcard", fix: "write \(wildcardEntry) to cover every subdomain, or list each host")
        }
        if let problem = hostProblem(host) {
            return fail(.invalidHost, "\"\(entry)\": \(problem.message)", fix: problem.fix)
        }

        let lowered = host.lowercased()
        let domain = AssociatedDomain(service: service, host: lowered, isWildcard: isWildcard, mode: mode)
        var diagnostics: [Diagnostic] = []
        if lowered != host {
            diagnostics.append(Diagnostic(EntitlementsLintCode.uppercaseHost, path: path, location: nil,
                message: "\"\(entry)\" has upper-case letters in its host; hosts compare without case, but the entry must name the host exactly as served",
                fix: "write \(domain) in lower case"))
        }
        return AssociatedDomain.Reading(domain: domain, diagnostics: diagnostics)
    }

    private func fail(_ code: EntitlementsLintCode, _ message: String, fix: String) -> AssociatedDomain.Reading {
        AssociatedDomain.Reading(domain: nil, diagnostics: [Diagnostic(code, path: path, location: nil, message: message, fix: fix)])
    }

    /// A problem in the characters or labels of a host (without `*.`).
    private func hostProblem(_ host: String) -> (message: String, fix: String)? {
        if host.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
            return ("the host \"\(host)\" has an empty label (two dots in a row, or a leading dot)", "write the host with one dot between labels, such as example.com")
        }
        if host.unicodeScalars.contains(where: { !$0.isASCII }) {
            return ("the host \"\(host)\" has non-ASCII characters", "write the host in its ASCII (xn--) form, as DNS and the certificate name it")
        }
        let allowed = host.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || $0 == "." }
        if !allowed {
            return ("the host \"\(host)\" has characters no host name has", "write only the host name, such as example.com (letters, digits, - and .)")
        }
        return nil
    }

    /// The domain a misplaced wildcard means to cover: `*example.com` and `app*.example.com` mean
    /// `example.com`, as does `www.*.example.com`.
    private static func apex(ofMisplacedWildcard host: String) -> String {
        let unstarred = host.drop { $0 == "*" }
        if unstarred.first != ".", !unstarred.contains("*"), unstarred.contains(".") { return String(unstarred) }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard let last = labels.lastIndex(where: { $0.contains("*") }) else { return host }
        return labels[labels.index(after: last)...].joined(separator: ".")
    }

    /// The best guess at the host an entry means: no scheme, path, query, port or trailing dot,
    /// in lower case.
    private func cleanHost(_ text: String) -> String {
        var host = Substring(text)
        if let scheme = host.range(of: "://") { host = host[scheme.upperBound...] }
        while host.hasPrefix("/") { host = host.dropFirst() }
        if let end = host.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { host = host[..<end] }
        if let colon = host.lastIndex(of: ":") { host = host[..<colon] }
        while host.hasSuffix(".") { host = host.dropLast() }
        return host.isEmpty ? "example.com" : host.lowercased()
    }

    /// The best guess at what follows the service: the cleaned host and a valid mode, if any.
    private func cleanRest(_ rest: String) -> String {
        let host = cleanHost(rest)
        guard let mark = rest.firstIndex(of: "?") else { return host }
        let query = rest[rest.index(after: mark)...]
        if query.hasPrefix("mode="), let mode = AssociatedDomain.Mode(rawValue: String(query.dropFirst(5))) {
            return "\(host)?mode=\(mode.rawValue)"
        }
        return host
    }

    /// The corrected form of a whole entry.
    private func suggestion(for entry: String) -> String {
        guard let colon = entry.firstIndex(of: ":") else { return "applinks:\(cleanHost(entry))" }
        let prefix = String(entry[..<colon])
        let service = AssociatedDomain.Service(rawValue: prefix)?.rawValue ?? "applinks"
        return "\(service):\(cleanRest(String(entry[entry.index(after: colon)...])))"
    }

    /// An entry with its invisible characters spelt out.
    private func printable(_ text: String) -> String {
        text.replacingOccurrences(of: "\t", with: "\\t").replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
    }
}
