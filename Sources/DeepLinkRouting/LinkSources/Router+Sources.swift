extension Router {
    typealias CompiledSources = (
        sources: [LinkSource],
        exactHosts: [String: Int],
        subdomainSuffixes: [(suffix: String, source: Int)],
        schemes: [String: Int]
    )

    /// Validates and normalizes the sources into the lookup tables routing uses.
    static func compile(_ sources: [LinkSource]) throws(RouterError) -> CompiledSources {
        guard !sources.isEmpty else {
            throw RouterError(code: .noSources,
                              message: "a router needs at least one host or scheme; without one it rejects every link")
        }
        var normalized: [LinkSource] = []
        var exactHosts: [String: Int] = [:]
        var suffixes: [(suffix: String, source: Int)] = []
        var schemes: [String: Int] = [:]
        for (index, source) in sources.enumerated() {
            let label = "sources[\(index)]"
            switch source {
            case .host(let rawHost, let includingWWW):
                let host = try normalizedHost(rawHost, label: label)
                normalized.append(.host(host, includingWWW: includingWWW))
                if exactHosts[host] == nil { exactHosts[host] = index }
                if includingWWW {
                    let alias = host.hasPrefix("www.") ? String(host.dropFirst(4)) : "www." + host
                    if !alias.isEmpty, exactHosts[alias] == nil { exactHosts[alias] = index }
                }
            case .subdomains(let rawDomain):
                let domain = try normalizedHost(rawDomain, label: label)
                normalized.append(.subdomains(of: domain))
                suffixes.append((suffix: "." + domain, source: index))
            case .scheme(let rawScheme):
                let scheme = rawScheme.lowercased()
                guard let first = scheme.unicodeScalars.first, ("a"..."z").contains(first),
                      scheme.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) })
                else {
                    throw RouterError(code: .invalidSource,
                                      message: "\(label): '\(rawScheme)' is not a scheme: write a letter followed by letters, digits, '+', '-' or '.' ('myapp', not 'myapp://')")
                }
                guard scheme != "https" && scheme != "http" else {
                    throw RouterError(code: .invalidSource,
                                      message: "\(label): \(scheme) is not a custom scheme; list the hosts whose \(scheme) links are accepted instead")
                }
                normalized.append(.scheme(scheme))
                if schemes[scheme] == nil { schemes[scheme] = index }
            }
        }
        return (normalized, exactHosts, suffixes, schemes)
    }

    private static func normalizedHost(_ raw: String, label: String) throws(RouterError) -> String {
        var host = raw.lowercased()
        if host.hasSuffix(".") { host.removeLast() }
        let allowed = host.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "."
                || scalar == "_" || scalar.value > 0x7F
        }
        guard !host.isEmpty, allowed, !host.hasPrefix("."), !host.contains("..") else {
            throw RouterError(code: .invalidSource,
                              message: "\(label): '\(raw)' is not a host name (write 'example.com', "
                                  + "not a URL; '*.' is only allowed at the start of a wildcard)")
        }
        return host
    }
}
