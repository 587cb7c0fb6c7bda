import X509

/// `tls.host`: whether the leaf's subject alternative names cover the host, by the rules of
/// RFC 6125 that iOS and Android apply (`*.example.com` covers one label, the common name is
/// not read).
extension CertificateChecks {
    /// How many names a detail lists before "and N more" (all are in the notes).
    static let listedNames = 8

    /// `tls.host`.
    static func hostCheck(_ leaf: Certificate, host: String) -> DoctorCheck {
        let host = normalized(host)
        let names = subjectNames(of: leaf)
        if names.isEmpty {
            let commonName = leaf.subject.commonNames.first.map { " (its common name \($0) is not read)" } ?? ""
            return DoctorCheck(
                id: "tls.host", status: .fail, title: hostTitle,
                detail: "the certificate names no host: it has no subject alternative names\(commonName)",
                fix: "issue a certificate with \(host) as a subject alternative name (every public certificate authority does)")
        }
        if let name = names.first(where: { covers($0, host: host) }) {
            let detail = normalized(name) == host
                ? "the certificate names \(host)"
                : "the certificate covers \(host) with \(name)"
            return DoctorCheck(id: "tls.host", status: .pass, title: hostTitle, detail: detail)
        }
        var listed = names.prefix(listedNames).joined(separator: ", ")
        if names.count > listedNames { listed += " and \(names.count - listedNames) more" }
        let example = nearMiss(names, host: host).map { " (\($0))" } ?? ""
        return DoctorCheck(
            id: "tls.host", status: .fail, title: hostTitle,
            detail: "the certificate does not cover \(host); it names \(listed)",
            notes: names.count > listedNames ? names : [],
            fix: "issue a certificate that names \(host)\(example)")
    }

    /// The DNS names and IP addresses the certificate names, in its order.
    static func subjectNames(of certificate: Certificate) -> [String] {
        guard let names = try? certificate.extensions.subjectAlternativeNames else { return [] }
        return names.compactMap { name in
            switch name {
            case let .dnsName(dnsName): dnsName
            case let .ipAddress(address): IPAddressText.text(for: Array(address.bytes))
            default: nil
            }
        }
    }

    /// Whether the name from a certificate covers the host (both compared in lower case, without
    /// a trailing dot): equal, or a wildcard `*.<rest>` whose `*` stands for exactly one label of
    /// the host, and `<rest>` has at least two labels (`*.com` covers nothing). An IP address host
    /// is covered only by the same address.
    static func covers(_ name: String, host: String) -> Bool {
        let name = normalized(name)
        let host = normalized(host)
        if let hostAddress = IPAddressText.bytes(for: host) {
            return IPAddressText.bytes(for: name) == hostAddress
        }
        if name == host { return true }
        guard name.hasPrefix("*.") else { return false }
        let rest = name.dropFirst(2)
        guard rest.contains("."), !rest.contains("*"), host.hasSuffix("." + rest) else { return false }
        let label = host.dropLast(rest.count + 1)
        return !label.isEmpty && !label.contains(".")
    }

    /// Why a close name does not cover the host, for the fix: `www.` differs, or a wildcard
    /// does not cover its own base or deeper names.
    static func nearMiss(_ names: [String], host: String) -> String? {
        for name in names.map(normalized) {
            if name == "www." + host {
                return "a certificate for \(name) does not cover \(host)"
            }
            if host == "www." + name {
                return "a certificate for \(name) does not cover \(host); name both"
            }
            if name.hasPrefix("*.") {
                let rest = String(name.dropFirst(2))
                if host == rest {
                    return "\(name) covers the names one label below \(rest), not \(rest) itself; name both"
                }
                if host.hasSuffix("." + rest) {
                    return "\(name) covers one label only: it covers x.\(rest), not \(host)"
                }
            }
        }
        return nil
    }

    /// Lower case, without a trailing dot.
    static func normalized(_ name: String) -> String {
        let lowered = name.lowercased()
        return lowered.hasSuffix(".") ? String(lowered.dropLast()) : lowered
    }
}

extension DistinguishedName {
    /// The common names (CN) of the name, outermost first.
    var commonNames: [String] {
        flatMap { $0 }.filter { $0.type == .RDNAttributeType.commonName }.map { $0.value.description }
    }
}
