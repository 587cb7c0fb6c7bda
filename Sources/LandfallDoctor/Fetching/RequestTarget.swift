import Foundation

/// A URL the doctor can request, taken apart: what to hand the HTTP client, and the host and
/// port for messages.
struct RequestTarget: Sendable, Hashable {
    /// The URL to request: as given, with the host in lower case (so that `--resolve`, whose
    /// names are lower case, applies to `Links.Example.com` too).
    var requestURL: String
    /// The host, without the brackets of an IPv6 literal.
    var host: String
    /// The port: the URL's, else 443 for https and 80 for http.
    var port: Int

    /// Takes `url` apart, or says why it cannot be requested.
    static func parse(_ url: String) -> Result<RequestTarget, FetchFailure> {
        guard var components = URLComponents(string: url) else {
            return .failure(.other(url: url, reason: "not a URL"))
        }
        let scheme = components.scheme?.lowercased()
        guard scheme == "https" || scheme == "http" else {
            return .failure(.other(url: url, reason: "only https:// and http:// URLs can be requested"))
        }
        guard let rawHost = components.host, !rawHost.isEmpty else {
            return .failure(.other(url: url, reason: "the URL has no host"))
        }
        var requestURL = url
        if rawHost != rawHost.lowercased(), !rawHost.contains(":") {
            components.host = rawHost.lowercased()
            requestURL = components.string ?? url
        }
        let host = rawHost.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        let port = components.port ?? (scheme == "https" ? 443 : 80)
        guard (1...65535).contains(port) else {
            return .failure(.other(url: url, reason: "the port \(port) is not between 1 and 65535"))
        }
        return .success(RequestTarget(requestURL: requestURL, host: host, port: port))
    }
}
