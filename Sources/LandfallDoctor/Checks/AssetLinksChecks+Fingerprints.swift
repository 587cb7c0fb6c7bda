import AppSiteAssociation

/// `assetlinks.fingerprint`: whether the certificate an app is signed with is listed for it.
extension AssetLinksChecks {
    /// A SHA-256 certificate fingerprint as 32 bytes, however it was written: `14:6D:...:E5`,
    /// `14:6d:...:e5` or `146de9...e5`.
    struct Fingerprint: Sendable, Hashable, CustomStringConvertible {
        /// The 32 bytes of the digest.
        var bytes: [UInt8]

        /// The number of bytes in a SHA-256 digest.
        static let byteCount = 32

        /// Reads `text`, or says what is wrong with it.
        static func parse(_ text: String) -> Result<Fingerprint, FingerprintError> {
            let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
            let trimmed = String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
            func fail(_ reason: String) -> Result<Fingerprint, FingerprintError> { .failure(FingerprintError(input: text, reason: reason)) }
            guard !trimmed.isEmpty else { return fail("it is empty") }
            if let bad = trimmed.unicodeScalars.first(where: { $0 != ":" && hexValue($0) == nil }) {
                let hint = bad == "-" || bad == " " ? "; separate the bytes with colons, or write none" : ""
                return fail("it contains \(describe(bad)); a fingerprint is hex digits, in pairs separated by colons\(hint)")
            }
            let hex: [Unicode.Scalar]
            if trimmed.contains(":") {
                let groups = trimmed.split(separator: ":", omittingEmptySubsequences: false)
                if let group = groups.first(where: { $0.count != 2 }) {
                    return fail(group.isEmpty ? "it has an empty byte (a colon at an end, or two colons in a row)"
                                              : "\"\(group)\" is not one byte; write each byte as two hex digits")
                }
                hex = groups.flatMap(\.unicodeScalars)
            } else {
                guard trimmed.unicodeScalars.count % 2 == 0 else {
                    return fail("it has an odd number (\(trimmed.unicodeScalars.count)) of hex digits")
                }
                hex = Array(trimmed.unicodeScalars)
            }
            guard hex.count == byteCount * 2 else {
                let bytes = hex.count / 2
                let sha1 = bytes == 20 ? " (20 bytes is a SHA-1 fingerprint; give the SHA-256 one)" : ""
                return fail("it is \(bytes) bytes long; a SHA-256 fingerprint has \(byteCount)\(sha1)")
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(byteCount)
            for index in stride(from: 0, to: hex.count, by: 2) {
                guard let high = hexValue(hex[index]), let low = hexValue(hex[index + 1]) else { return fail("it is not hexadecimal") }
                bytes.append(high << 4 | low)
            }
            return .success(Fingerprint(bytes: bytes))
        }

        /// `14:6D:E9:...:E5`, as `keytool` and Play Console print it and the file should list it.
        var description: String {
            bytes.map { byte in
                let digits = String(byte, radix: 16, uppercase: true)
                return digits.count == 1 ? "0" + digits : digits
            }.joined(separator: ":")
        }

        /// `14:6D:E9…44:E5`: short enough for a title.
        var abbreviated: String {
            let parts = description.split(separator: ":")
            return parts.prefix(3).joined(separator: ":") + "…" + parts.suffix(2).joined(separator: ":")
        }

        static func hexValue(_ scalar: Unicode.Scalar) -> UInt8? {
            switch scalar {
            case "0"..."9": UInt8(scalar.value - 48)
            case "a"..."f": UInt8(scalar.value - 87)
            case "A"..."F": UInt8(scalar.value - 55)
            default: nil
            }
        }

        static func describe(_ scalar: Unicode.Scalar) -> String {
            switch scalar {
            case " ": "a space"
            case "\u{21}"..."\u{7E}": "'\(Character(scalar))'"
            default: "U+" + String(scalar.value, radix: 16, uppercase: true)
            }
        }
    }

    /// Why a fingerprint given to the doctor is not a SHA-256 fingerprint.
    struct FingerprintError: Error, Sendable, Hashable {
        /// The text given.
        var input: String
        /// What is wrong with it.
        var reason: String
    }

    /// One fingerprint a statement granting App Links lists.
    struct ListedFingerprint: Sendable {
        var packageName: String
        var text: String
        var path: JSONPath
    }

    /// `Lists fingerprint 14:6D:E9…44:E5`.
    static func fingerprintTitle(_ text: String) -> String {
        switch Fingerprint.parse(text) {
        case .success(let fingerprint): "Lists fingerprint \(fingerprint.abbreviated)"
        case .failure: "Lists fingerprint \(text)"
        }
    }

    /// `assetlinks.fingerprint`: `text` is listed by a statement granting App Links to
    /// `packageName` (to any package when `nil`), in a form Android reads.
    static func fingerprintCheck(_ text: String, packageName: String?, file: AssetLinksFile, places: StatementPlaces,
                                 report: LintReport) -> DoctorCheck {
        let title = fingerprintTitle(text)
        let fingerprint: Fingerprint
        switch Fingerprint.parse(text) {
        case .failure(let error):
            return DoctorCheck(id: "assetlinks.fingerprint", status: .fail, title: title,
                               detail: "\"\(error.input)\" is not a SHA-256 certificate fingerprint: \(error.reason)",
                               fix: "give the SHA-256 fingerprint as `keytool -list -v` or Play Console prints it, such as "
                                   + "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5")
        case .success(let value):
            fingerprint = value
        }
        let all = listedFingerprints(file, places: places)
        let mine = all.filter { packageName == nil || $0.packageName == packageName }
        let subject = packageName ?? "any app"
        guard !mine.isEmpty || packageName == nil else {
            return DoctorCheck(id: "assetlinks.fingerprint", status: .skip, title: title,
                               detail: "no statement grants App Links to \(subject), so no fingerprint of it is listed")
        }
        let playHint = "with Play App Signing, use the app signing key's SHA-256 from Play Console → Setup → App integrity, not the upload key"
        let matches = mine.filter { (try? Fingerprint.parse($0.text).get()) == fingerprint }
        guard let match = matches.first else {
            var detail = "\(fingerprint) is not listed for \(subject)"
            if let elsewhere = all.first(where: { (try? Fingerprint.parse($0.text).get()) == fingerprint }) {
                detail += "; it is listed for \(elsewhere.packageName) at \(elsewhere.path)"
            }
            let target = packageName.flatMap { name in
                file.statements.indices.first { file.statements[$0].handlesAllURLs && file.statements[$0].target.packageName == name }
            }.map { "\(places.path(ofStatement: $0)).target.sha256_cert_fingerprints" } ?? "the statement's sha256_cert_fingerprints"
            return DoctorCheck(
                id: "assetlinks.fingerprint", status: .fail, title: title, detail: detail,
                notes: mine.isEmpty ? ["no fingerprint is listed"] : mine.map { "\($0.packageName): \($0.text) (\($0.path))" },
                fix: "add \"\(fingerprint)\" to \(target); \(playHint)"
            )
        }
        func refusal(_ listed: ListedFingerprint) -> Diagnostic? {
            report.diagnostics.first { $0.severity == .error && $0.path == listed.path }
        }
        guard let readable = matches.first(where: { refusal($0) == nil }) else {
            let problem = refusal(match)
            return DoctorCheck(
                id: "assetlinks.fingerprint", status: .fail, title: title,
                detail: "\(match.path) lists \"\(match.text)\" for \(match.packageName), but \(problem?.message ?? "Android does not read it")",
                fix: problem?.fix ?? "write it as \"\(fingerprint)\""
            )
        }
        return DoctorCheck(id: "assetlinks.fingerprint", status: .pass, title: title,
                           detail: "\(fingerprint) is listed for \(readable.packageName) at \(readable.path)")
    }

    /// Every fingerprint of every statement granting App Links to an Android app, with its path.
    static func listedFingerprints(_ file: AssetLinksFile, places: StatementPlaces) -> [ListedFingerprint] {
        file.statements.enumerated().flatMap { index, statement -> [ListedFingerprint] in
            guard statement.handlesAllURLs, let packageName = statement.target.packageName else { return [] }
            let base = places.path(ofStatement: index).appending("target").appending("sha256_cert_fingerprints")
            return statement.target.sha256CertFingerprints.enumerated().map { position, text in
                ListedFingerprint(packageName: packageName, text: text, path: base.appending(position))
            }
        }
    }
}
