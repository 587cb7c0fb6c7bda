import Foundation

/// A claim URL, `https://<host>/v1/claims/lfc_…`: what a landing page's "Get the app"
/// button copies, so that the app's first launch can claim exactly the link the person
/// tapped (a strong match).
///
/// Reading it is pure: give it the pasteboard's text and the hosts to accept.
///
/// ```swift
/// let hosts = ["go.daily.example.com", "daily.example.com"]
/// ClaimURL("https://go.daily.example.com/v1/claims/lfc_3q2-7wEjRZ6Qb_pJkLm0xA", hosts: hosts)?.token
/// // "lfc_3q2-7wEjRZ6Qb_pJkLm0xA"
/// ClaimURL.first(in: "Tap: https://daily.example.com/v1/claims/lfc_3q2-7wEjRZ6Qb_pJkLm0xA.", hosts: hosts)?.token
/// // "lfc_3q2-7wEjRZ6Qb_pJkLm0xA"
/// ClaimURL("https://evil.example/v1/claims/lfc_3q2-7wEjRZ6Qb_pJkLm0xA", hosts: hosts)   // nil: another host
/// ```
///
/// Only `https` URLs on an accepted host (compared without case, a trailing dot ignored,
/// no user, no port unless the accepted host names one) whose path is exactly
/// `/v1/claims/<token>` are read, and the token must be well formed: `lfc_` and 22
/// base64url characters (16 bytes).
public struct ClaimURL: Sendable, Hashable, CustomStringConvertible {
    /// The host, in lower case.
    public let host: String
    /// The claim token, `lfc_…`.
    public let token: String

    /// The path every claim URL has before its token.
    public static let pathPrefix = "/v1/claims/"

    /// Reads a claim URL: the whole text (spaces around it apart) must be one.
    ///
    /// - Parameters:
    ///   - text: The text, e.g. the pasteboard's.
    ///   - hosts: The hosts whose claim URLs are accepted.
    public init?(_ text: String, hosts: [String]) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let scheme = "https://"
        guard trimmed.count > scheme.count, trimmed.prefix(scheme.count).lowercased() == scheme else { return nil }
        let rest = trimmed.dropFirst(scheme.count)
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        var host = rest[..<slash].lowercased()
        if host.hasSuffix(".") { host.removeLast() }
        let accepted = hosts.map { LinkClientConfiguration.normalizedHost($0) }
        guard !host.isEmpty, accepted.contains(host) else { return nil }
        let path = rest[slash...]
        guard path.hasPrefix(Self.pathPrefix) else { return nil }
        let token = String(path.dropFirst(Self.pathPrefix.count))
        guard Self.isToken(token) else { return nil }
        self.host = host
        self.token = token
    }

    /// The first claim URL on an accepted host anywhere in `text`, e.g. a message pasted
    /// with words around the link; punctuation right after the URL is not part of it.
    public static func first(in text: String, hosts: [String]) -> ClaimURL? {
        var searched = Substring(text)
        while let start = searched.range(of: "https://", options: .caseInsensitive) {
            let candidate = searched[start.lowerBound...].prefix { !$0.isWhitespace && !"<>\"'`".contains($0) }
            var trimmed = candidate
            while let last = trimmed.last, ".,;:!?)]}".contains(last) { trimmed = trimmed.dropLast() }
            if let url = ClaimURL(String(trimmed), hosts: hosts) { return url }
            searched = searched[start.upperBound...]
        }
        return nil
    }

    /// The claim token of a Google Play install referrer: the server's Play link carries
    /// `referrer=landfall_claim%3D<token>`, which the app reads back as `landfall_claim=<token>`
    /// (possibly among other `&`-separated parameters, possibly still percent-encoded).
    ///
    /// ```swift
    /// ClaimURL.token(inInstallReferrer: "landfall_claim=lfc_3q2-7wEjRZ6Qb_pJkLm0xA")  // "lfc_3q2-7wEjRZ6Qb_pJkLm0xA"
    /// ClaimURL.token(inInstallReferrer: "utm_source=google-play")                     // nil
    /// ```
    public static func token(inInstallReferrer referrer: String) -> String? {
        let decoded = referrer.removingPercentEncoding ?? referrer
        for item in decoded.split(separator: "&") {
            let parts = item.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0] == "landfall_claim" else { continue }
            let token = String(parts[1])
            return isToken(token) ? token : nil
        }
        return nil
    }

    /// Whether `text` is a well-formed claim token: `lfc_` and 22 characters of
    /// `A–Z a–z 0–9 - _`, the last of which carries no stray bits (16 bytes, one spelling).
    public static func isToken(_ text: String) -> Bool {
        let prefix = "lfc_"
        let bytes = Array(text.utf8)
        guard bytes.count == prefix.utf8.count + 22, text.hasPrefix(prefix) else { return false }
        var last: UInt8 = 0
        for byte in bytes.dropFirst(prefix.utf8.count) {
            guard let value = base64URLValue(byte) else { return false }
            last = value
        }
        return last & 0x0F == 0
    }

    /// The URL: `https://<host>/v1/claims/<token>`.
    public var description: String { "https://\(host)\(Self.pathPrefix)\(token)" }

    private static func base64URLValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }
}
