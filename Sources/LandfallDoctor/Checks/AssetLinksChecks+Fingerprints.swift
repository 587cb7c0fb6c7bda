import AppSiteAssociation
import LandfallJSON

/// `assetlinks.fingerprint`: whether the certificate an app is signed with is listed for it.
extension AssetLinksChecks {
    /// One fingerprint a statement granting App Links lists.
    struct ListedFingerprint: Sendable {
        var packageName: String
        var text: String
        var path: JSONPath
    }

    /// `Lists fingerprint 14:6D:E9…44:E5`.
    static func fingerprintTitle(_ text: String) -> String {
        guard let fingerprint = try? CertificateFingerprint(parsing: text) else { return "Lists fingerprint \(text)" }
        return "Lists fingerprint \(abbreviated(fingerprint))"
    }

    /// `14:6D:E9…44:E5`: short enough for a title.
    static func abbreviated(_ fingerprint: CertificateFingerprint) -> String {
        let parts = fingerprint.text.split(separator: ":")
        return parts.prefix(3).joined(separator: ":") + "…" + parts.suffix(2).joined(separator: ":")
    }

    /// `assetlinks.fingerprint`: `text` is listed by a statement granting App Links to
    /// `packageName` (to any package when `nil`), in a form Android reads.
    static func fingerprintCheck(_ text: String, packageName: String?, file: AssetLinksFile, places: StatementPlaces,
                                 report: LintReport) -> DoctorCheck {
        let title = fingerprintTitle(text)
        let fingerprint: CertificateFingerprint
        do {
            fingerprint = try CertificateFingerprint(parsing: text)
        } catch {
            return DoctorCheck(id: "assetlinks.fingerprint", status: .fail, title: title,
                               detail: "not a SHA-256 certificate fingerprint: \(error.message)",
                               fix: "give the SHA-256 fingerprint as `keytool -list -v` or Play Console prints it, such as "
                                   + "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5")
        }
        let all = listedFingerprints(file, places: places)
        let mine = all.filter { packageName == nil || $0.packageName == packageName }
        let subject = packageName ?? "any app"
        guard !mine.isEmpty || packageName == nil else {
            return DoctorCheck(id: "assetlinks.fingerprint", status: .skip, title: title,
                               detail: "no statement grants App Links to \(subject), so no fingerprint of it is listed")
        }
        let playHint = "with Play App Signing, use the app signing key's SHA-256 from Play Console → Setup → App integrity, not the upload key"
        let matches = mine.filter { fingerprint.matches($0.text) }
        guard let match = matches.first else {
            var detail = "\(fingerprint) is not listed for \(subject)"
            if let elsewhere = all.first(where: { fingerprint.matches($0.text) }) {
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
