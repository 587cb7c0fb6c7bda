/// The shapes of the strings in an `assetlinks.json` file: package names, certificate
/// fingerprints and web origins, with the reason a string does not have its shape.
enum AssetLinksFormat {
    // MARK: Package names

    /// Why `name` is not a Java-style package name (dot-separated segments of ASCII letters,
    /// digits and `_`, each starting with a letter, at least two of them), or `nil` when it is.
    static func packageNameProblem(_ name: String) -> String? {
        guard !name.isEmpty else { return "the package name is empty" }
        let segments = name.split(separator: ".", omittingEmptySubsequences: false)
        if segments.count < 2 {
            return "\"\(name)\" has one segment; a package name has at least two, such as \"com.example.app\""
        }
        for segment in segments {
            guard let first = segment.unicodeScalars.first else {
                return "\"\(name)\" has an empty segment (a dot at an end, or two dots in a row)"
            }
            if let bad = segment.unicodeScalars.first(where: { !isPackageCharacter($0) }) {
                return "\"\(name)\" contains \(describe(bad)); only letters, digits and _ are allowed"
            }
            if !isASCIILetter(first) {
                return "segment \"\(segment)\" of \"\(name)\" starts with \(describe(first)); each segment must start with a letter"
            }
        }
        return nil
    }

    static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    static func isPackageCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isASCIILetter(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
    }

    static func describe(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case " ": return "a space"
        case "\u{21}"..."\u{7E}": return "\"\(scalar)\""
        default: return "U+" + String(scalar.value, radix: 16, uppercase: true)
        }
    }

    // MARK: Fingerprints

    /// What is wrong with a `sha256_cert_fingerprints` entry.
    enum FingerprintProblem: Equatable {
        /// Right shape, lower-case hex; `fixed` is the upper-case form.
        case lowercase(fixed: String)
        /// 64 hex digits with no colons; `fixed` is the colon-separated upper-case form.
        case withoutColons(fixed: String)
        /// Hex pairs, but not 32 of them.
        case wrongLength(bytes: Int)
        /// Not hex pairs separated by colons at all.
        case malformed(String)
    }

    /// The number of bytes in a SHA-256 digest.
    static let fingerprintByteCount = 32

    /// The problem with `text` as a SHA-256 fingerprint, or `nil` when it is 32 upper-case hex
    /// pairs separated by colons.
    static func fingerprintProblem(_ text: String) -> FingerprintProblem? {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { return .malformed("the fingerprint is empty") }
        if let bad = scalars.first(where: { !isHexDigit($0) && $0 != ":" }) {
            let hint = bad == "-" || bad == " " ? "; separate the bytes with colons" : ""
            return .malformed("\"\(text.count > 120 ? String(text.prefix(120)) + "..." : text)\" contains \(describe(bad)); a fingerprint is hex digits separated by colons\(hint)")
        }
        let hex = scalars.filter { $0 != ":" }
        if !scalars.contains(":") {
            guard hex.count % 2 == 0 else { return .malformed("the fingerprint has an odd number (\(hex.count)) of hex digits") }
            if hex.count == fingerprintByteCount * 2 {
                return .withoutColons(fixed: grouped(hex))
            }
            return .wrongLength(bytes: hex.count / 2)
        }
        let groups = text.split(separator: ":", omittingEmptySubsequences: false)
        if let group = groups.first(where: { $0.count != 2 }) {
            return .malformed(group.isEmpty
                ? "the fingerprint has an empty byte (a colon at an end, or two colons in a row)"
                : "\"\(group)\" is not one byte; write each byte as two hex digits")
        }
        if groups.count != fingerprintByteCount { return .wrongLength(bytes: groups.count) }
        if scalars.contains(where: { ("a"..."f").contains($0) }) { return .lowercase(fixed: text.uppercased()) }
        return nil
    }

    /// The fingerprint in upper case without colons, for comparing two fingerprints written
    /// differently (`14:6d:...` and `146D...` are the same certificate).
    static func fingerprintKey(_ text: String) -> String {
        String(text.uppercased().unicodeScalars.filter { $0 != ":" })
    }

    static func isHexDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
    }

    static func grouped(_ hex: [Unicode.Scalar]) -> String {
        var text = ""
        for (index, scalar) in hex.enumerated() {
            if index > 0, index % 2 == 0 { text += ":" }
            text.unicodeScalars.append(scalar)
        }
        return text.uppercased()
    }

    // MARK: Sites

    /// Why `site` is not an https origin, and the origin meant when one can be seen.
    static func siteProblem(_ site: String) -> (problem: String, origin: String?)? {
        let url: LinkURL
        do {
            url = try LinkURL(parsing: site)
        } catch {
            return ("\"\(site)\" is not a URL: \(error.reason)", nil)
        }
        let port = url.port.map { ":\($0)" } ?? ""
        let origin = "https://\(url.host.lowercased())\(port)"
        if url.scheme != "https" {
            return ("the site uses \(url.scheme); App Links and shared sign-in need an https origin", origin)
        }
        if site.contains("@") { return ("the site has user information; write only the origin", origin) }
        if !url.path.isEmpty { return ("the site has a path (\(url.path)); write only the origin", origin) }
        if url.query != nil { return ("the site has a query; write only the origin", origin) }
        if url.fragment != nil { return ("the site has a fragment; write only the origin", origin) }
        return nil
    }

    /// Whether `text` is an https URL (for include entries).
    static func isHTTPSURL(_ text: String) -> Bool {
        guard let url = try? LinkURL(parsing: text) else { return false }
        return url.scheme == "https"
    }
}
