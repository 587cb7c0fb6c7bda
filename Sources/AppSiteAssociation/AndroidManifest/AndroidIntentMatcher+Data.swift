extension AndroidIntentMatcher {
    /// Why a filter's data does not match a link, in words.
    struct Mismatch: Error {
        var reason: String
    }

    /// `IntentFilter.matchData` for a link (no MIME type): how it matched, or why not.
    func matchData(_ filter: AndroidIntentFilter, _ link: Link) -> Result<String, Mismatch> {
        func undecided(_ attributes: [String]) -> Result<String, Mismatch> {
            let values = filter.unresolved.filter { value in attributes.contains { value.hasPrefix("android:\($0)=") } }
            return .failure(Mismatch(reason: "cannot be decided offline: \(values.joined(separator: ", ")) \(values.count == 1 ? "is" : "are") not resolvable offline"))
        }
        guard filter.schemes.contains(link.scheme) else {
            if filter.hasUnresolved("scheme") { return undecided(["scheme"]) }
            if filter.schemes.isEmpty { return .failure(Mismatch(reason: "has no android:scheme, so it matches no link")) }
            let near = filter.schemes.first { $0.lowercased() == link.scheme }
            return .failure(Mismatch(reason: "scheme \(link.scheme) is not \(Self.list(filter.schemes))"
                + (near.map { " (\($0) differs in case; Android compares schemes exactly)" } ?? "")))
        }
        var how = "scheme \(link.scheme)"
        var sspMatched = false
        if !filter.schemeSpecificParts.isEmpty {
            if let entry = filter.schemeSpecificParts.first(where: { $0.pattern.matches(link.schemeSpecificPart) }) {
                sspMatched = true
                how += ", ssp \(entry)"
            } else if filter.authorities.isEmpty {
                return .failure(Mismatch(reason: "scheme-specific part \(link.schemeSpecificPart) matches none of \(Self.list(filter.schemeSpecificParts.map(\.description)))"))
            }
        }
        if !sspMatched, filter.authorities.isEmpty, filter.hasUnresolved("host") {
            return undecided(["host", "port"])
        }
        if !sspMatched, !filter.authorities.isEmpty {
            guard let authority = filter.authorities.first(where: { Self.hostMatches($0.host, link.url.host) && ($0.port == nil || $0.port == link.port) }) else {
                if filter.hasUnresolved("host") || filter.hasUnresolved("port") { return undecided(["host", "port"]) }
                let hosts = filter.authorities.filter { Self.hostMatches($0.host, link.url.host) }
                if let withPort = hosts.first {
                    return .failure(Mismatch(reason: "port \(link.port < 0 ? "(none)" : String(link.port)) is not \(withPort.port.map(String.init) ?? "")"
                        + (link.port < 0 ? "; a link without a port has none, even for https" : "")))
                }
                return .failure(Mismatch(reason: "host \(link.url.host) is not \(Self.list(filter.authorities.map(\.description)))"
                    + (filter.authorities.contains { $0.host.hasPrefix("*.") && link.url.host.lowercased() == AndroidManifest.verificationHost(of: $0.host) }
                       ? " (a *. host matches subdomains only)" : "")))
            }
            how += ", host \(authority)"
            let groups = androidVersion >= Self.firstVersionWithRelativeFilterGroups ? filter.relativeFilterGroups : []
            if !filter.paths.isEmpty || !groups.isEmpty {
                if let entry = filter.paths.first(where: { $0.pattern.matches(link.path) }) {
                    how += ", \(entry)"
                } else if let group = groups.first(where: { group in group.rules.allSatisfy { matches($0, link) } }) {
                    guard group.allow else {
                        return .failure(Mismatch(reason: "the <uri-relative-filter-group android:allow=\"false\"> at line \(group.line) matches \(link.url.text), so the filter refuses it"))
                    }
                    how += ", <uri-relative-filter-group> at line \(group.line)"
                } else {
                    var reason = "path \(link.path) matches none of \(Self.list(filter.paths.map(\.description)))"
                    if filter.paths.isEmpty { reason = "path \(link.path) is not allowed: the filter has no path rules" }
                    if !groups.isEmpty { reason += ", and no <uri-relative-filter-group> matches" }
                    if !filter.relativeFilterGroups.isEmpty, groups.isEmpty {
                        reason += " (Android \(androidVersion) ignores its <uri-relative-filter-group>)"
                    }
                    if filter.hasUnresolved("path") || filter.unresolved.contains(where: { $0.contains("path") }) {
                        reason += "; some path values are not resolvable offline"
                    }
                    return .failure(Mismatch(reason: reason))
                }
            }
        } else if sspMatched == false, !filter.paths.isEmpty {
            how += " (no host, so its path rules are never consulted)"
        }
        if !filter.mimeTypes.isEmpty {
            return .failure(Mismatch(reason: "has android:mimeType \(filter.mimeTypes.joined(separator: ", ")); a link has no type, so the filter never matches one"))
        }
        return .success(how)
    }

    /// One rule of a `<uri-relative-filter-group>` against the link (`UriRelativeFilter.matchData`).
    func matches(_ rule: AndroidRelativeFilterGroup.Rule, _ link: Link) -> Bool {
        switch rule.part {
        case .path: rule.pattern.matches(link.path)
        case .query: link.queryParameters.contains { rule.pattern.matches($0) }
        case .fragment: link.fragment.map(rule.pattern.matches) ?? false
        }
    }

    /// `AuthorityEntry.match` for the host: ignoring case, a leading `*` making the rest a suffix.
    static func hostMatches(_ pattern: String, _ host: String) -> Bool {
        let host = host.lowercased()
        if pattern.hasPrefix("*") {
            return host.hasSuffix(pattern.dropFirst().lowercased())
        }
        return host == pattern.lowercased()
    }

    /// `a`, `a or b`, `a, b or c`.
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "(none)" }
        return items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1]
    }
}
