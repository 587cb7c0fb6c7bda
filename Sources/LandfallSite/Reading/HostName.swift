/// Checks of the host names a site configuration lists.
enum HostName {
    /// What is wrong with `text` as a host name, or `nil` when it is one: lowercase or
    /// uppercase letters, digits, `-` and `.`, labels of 1 to 63 characters, no scheme, port,
    /// path or wildcard. IPv4 addresses are accepted (for development names).
    static func problem(in text: String) -> String? {
        if text.isEmpty { return "a host name must not be empty" }
        if text.contains("://") {
            let host = text.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first.map(String.init) ?? ""
            return "'\(text)' has a scheme; write the host name only: \(host)"
        }
        if text.contains("*") { return "'\(text)' has a wildcard; list each host the site answers on" }
        if let colon = text.firstIndex(of: ":") { return "'\(text)' has a port; write the host name only: \(text[..<colon])" }
        if let slash = text.firstIndex(of: "/") { return "'\(text)' has a path; write the host name only: \(text[..<slash])" }
        if text.hasSuffix(".") { return "'\(text)' ends with '.'; write \(text.dropLast())" }
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        for label in labels {
            if label.isEmpty { return "'\(text)' has an empty label (two dots in a row, or a leading dot)" }
            if label.count > 63 { return "'\(text)': the label '\(label)' is longer than 63 characters" }
            if label.hasPrefix("-") || label.hasSuffix("-") { return "'\(text)': the label '\(label)' starts or ends with '-'" }
            if let bad = label.unicodeScalars.first(where: { !($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")) }) {
                return "'\(text)' contains '\(bad)'; a host name has letters, digits, '-' and '.' only (write internationalized names in their xn-- form)"
            }
        }
        return nil
    }

    /// The last two labels (`example.com` for `www.example.com`): near enough to tell two
    /// hosts on the same site apart from hosts on different sites, without a public suffix list.
    static func registrableDomain(of host: String) -> String {
        let labels = host.split(separator: ".")
        if labels.count == 4, labels.allSatisfy({ Int($0) != nil }) { return host }
        return labels.suffix(2).joined(separator: ".")
    }
}
