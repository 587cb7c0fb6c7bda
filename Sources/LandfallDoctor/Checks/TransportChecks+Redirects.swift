import Foundation

/// `http.redirect`: the file must be served at its URL itself; the chain of hops is listed so
/// a person sees where the redirect leads and what each hop changes.
extension TransportChecks {
    static let redirectTitle = "No redirects"

    /// `http.redirect`.
    static func redirectCheck(_ trail: FetchTrail, file: WellKnownFile) -> DoctorCheck {
        guard let first = trail.first, first.isRedirect, let location = first.header("Location") else {
            return DoctorCheck(id: "http.redirect", status: .pass, title: redirectTitle,
                               detail: "\(trail.first?.url ?? file.path) answers without redirecting")
        }
        let hops = redirectHops(trail)
        var fix = "serve the file at \(first.url) itself with status 200; \(file.reader) never follows redirects for it"
        if let firstHop = hops.first {
            if firstHop.changes == [.addsWWW] {
                fix += "; exempt /.well-known/ from the redirect to \(hostName(of: firstHop.target) ?? "www.")"
            } else if firstHop.changes == [.removesWWW] {
                fix += "; exempt /.well-known/ from the redirect to \(hostName(of: firstHop.target) ?? "the bare host")"
            }
        }
        return DoctorCheck(id: "http.redirect", status: .fail, title: redirectTitle,
                           detail: "\(first.url) answers \(first.status) with Location \(location)",
                           notes: chainNotes(trail, hops: hops), fix: fix)
    }

    /// One redirect: the response's status, the URL it points to (its `Location` resolved
    /// against the URL asked for) and what changes.
    struct RedirectHop: Hashable {
        var status: Int
        var target: String
        var changes: [URLChange]
    }

    /// What a redirect changes in the URL.
    enum URLChange: Hashable {
        case addsWWW, removesWWW, httpsToHTTP, httpToHTTPS, anotherHost(String), anotherPort
        case addsTrailingSlash, removesTrailingSlash, addsExtension(String), anotherPath, anotherQuery
        case loop

        var description: String {
            switch self {
            case .addsWWW: "adds www."
            case .removesWWW: "removes www."
            case .httpsToHTTP: "https → http"
            case .httpToHTTPS: "http → https"
            case let .anotherHost(host): "another host, \(host)"
            case .anotherPort: "another port"
            case .addsTrailingSlash: "another path: adds a trailing slash"
            case .removesTrailingSlash: "another path: removes the trailing slash"
            case let .addsExtension(suffix): "another path: adds \(suffix)"
            case .anotherPath: "another path"
            case .anotherQuery: "another query"
            case .loop: "a loop: back to a URL seen before"
            }
        }
    }

    /// The redirects of the trail, in order.
    static func redirectHops(_ trail: FetchTrail) -> [RedirectHop] {
        var seen: Set<String> = []
        var hops: [RedirectHop] = []
        for response in trail.responses {
            guard response.isRedirect, let location = response.header("Location") else { break }
            seen.insert(response.url)
            let target = resolve(location, against: response.url)
            // A loop still says how the hop changed the URL ("http → https, a loop").
            var changes = changesFrom(response.url, to: target)
            if changes.isEmpty || seen.contains(target) { changes.append(.loop) }
            hops.append(RedirectHop(status: response.status, target: target, changes: changes))
        }
        return hops
    }

    /// `1. 301 → https://www.example.com/… (adds www.)` per hop, then how the chain ends: the
    /// final response, the failure, or the hop limit.
    static func chainNotes(_ trail: FetchTrail, hops: [RedirectHop]) -> [String] {
        var notes = hops.enumerated().map { index, hop in
            "\(index + 1). \(hop.status) → \(hop.target) (\(hop.changes.map(\.description).joined(separator: ", ")))"
        }
        let end = hops.count + 1
        if trail.responses.count > hops.count {
            let final = trail.responses[hops.count]
            let type = final.mediaType ?? "no content type"
            let length = final.isTruncated ? "at least \(bytes(final.bodyLength))" : bytes(final.bodyLength)
            notes.append("\(end). \(final.status) \(type), \(length)")
        } else if let failure = trail.failure {
            notes.append("\(end). \(failure.message)")
        } else if trail.stoppedAtHopLimit {
            notes.append("\(end). stopped after \(hops.count) redirect\(hops.count == 1 ? "" : "s")")
        }
        return notes
    }

    /// `location` resolved against `base` (a `Location` may be relative), or as written when
    /// it does not parse.
    static func resolve(_ location: String, against base: String) -> String {
        guard let baseURL = URL(string: base), let resolved = URL(string: location, relativeTo: baseURL) else {
            return location
        }
        return resolved.absoluteString
    }

    /// What differs between two URLs, in the order scheme, host, port, path, query; empty when
    /// they are the same.
    static func changesFrom(_ source: String, to target: String) -> [URLChange] {
        guard let from = URLComponents(string: source), let to = URLComponents(string: target) else {
            return source == target ? [] : [.anotherPath]
        }
        var changes: [URLChange] = []
        let fromScheme = from.scheme?.lowercased(), toScheme = to.scheme?.lowercased()
        if fromScheme == "https", toScheme == "http" { changes.append(.httpsToHTTP) }
        if fromScheme == "http", toScheme == "https" { changes.append(.httpToHTTPS) }
        let fromHost = from.host?.lowercased() ?? "", toHost = to.host?.lowercased() ?? ""
        if toHost == "www." + fromHost {
            changes.append(.addsWWW)
        } else if fromHost == "www." + toHost {
            changes.append(.removesWWW)
        } else if fromHost != toHost {
            changes.append(.anotherHost(toHost))
        }
        // A scheme change changes the default port too; only a port written in a URL counts.
        if (from.port != nil || to.port != nil), effectivePort(from) != effectivePort(to) { changes.append(.anotherPort) }
        let fromPath = from.percentEncodedPath, toPath = to.percentEncodedPath
        if fromPath != toPath {
            if toPath == fromPath + "/" {
                changes.append(.addsTrailingSlash)
            } else if fromPath == toPath + "/" {
                changes.append(.removesTrailingSlash)
            } else if toPath.hasPrefix(fromPath), toPath.dropFirst(fromPath.count).hasPrefix("."),
                      !toPath.dropFirst(fromPath.count).contains("/") {
                changes.append(.addsExtension(String(toPath.dropFirst(fromPath.count))))
            } else {
                changes.append(.anotherPath)
            }
        }
        if from.percentEncodedQuery != to.percentEncodedQuery { changes.append(.anotherQuery) }
        return changes
    }

    /// The port, or the scheme's default.
    static func effectivePort(_ components: URLComponents) -> Int? {
        components.port ?? (components.scheme?.lowercased() == "http" ? 80 : components.scheme?.lowercased() == "https" ? 443 : nil)
    }

    /// The host of a URL, lower case.
    static func hostName(of url: String) -> String? {
        URLComponents(string: url)?.host?.lowercased()
    }
}
