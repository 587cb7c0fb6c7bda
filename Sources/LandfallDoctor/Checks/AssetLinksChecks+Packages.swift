import AppSiteAssociation

/// `assetlinks.package` and `assetlinks.apps`: which Android apps a statement grants App Links.
extension AssetLinksChecks {
    /// `assetlinks.package`: a statement grants `delegate_permission/common.handle_all_urls` to
    /// `android_app` `packageName`.
    static func packageCheck(_ packageName: String, file: AssetLinksFile, places: StatementPlaces, host: String) -> DoctorCheck {
        let relation = AssetLinkStatement.handleAllURLs
        let naming = file.statements.indices.filter { file.statements[$0].target.packageName == packageName }
        let granting = naming.filter { file.statements[$0].handlesAllURLs }
        if !granting.isEmpty {
            let statementPaths = granting.map { places.path(ofStatement: $0).description }.joined(separator: ", ")
            return DoctorCheck(id: "assetlinks.package", status: .pass, title: packageTitle(packageName),
                               detail: "\(statementPaths) grants \(relation) to android_app \(packageName)")
        }
        if let first = naming.first {
            let path = places.path(ofStatement: first)
            return DoctorCheck(
                id: "assetlinks.package", status: .fail, title: packageTitle(packageName),
                detail: "\(naming.map { places.path(ofStatement: $0).description }.joined(separator: ", ")) names android_app \(packageName) "
                    + "but grants only \(file.statements[first].relations.joined(separator: ", ")), not \(relation), which App Links need",
                fix: "add \"\(relation)\" to \(path).relation"
            )
        }
        let granted = AssetLinksMatcher(file).packageNames
        let listed = granted.isEmpty ? "it grants App Links to no app" : "it grants App Links to \(granted.joined(separator: ", "))"
        var detail = "no statement grants \(relation) to android_app \(packageName); \(listed)"
        var fix = "add a statement {\"relation\": [\"\(relation)\"], \"target\": {\"namespace\": \"android_app\", "
            + "\"package_name\": \"\(packageName)\", \"sha256_cert_fingerprints\": [\"<SHA-256 of the app signing key>\"]}}"
        if let closest = NameSuggestion.closest(to: packageName, among: granted),
           let index = file.statements.firstIndex(where: { $0.handlesAllURLs && $0.target.packageName == closest }) {
            let edits = EditDistance.between(Array(packageName.unicodeScalars), Array(closest.unicodeScalars))
            detail += "; \(closest) is \(edits) character\(edits == 1 ? "" : "s") away: a typo?"
            fix = "correct \"\(closest)\" to \"\(packageName)\" in \(places.path(ofStatement: index)).target.package_name, "
                + "if \(packageName) is the application ID in the app's build.gradle"
        }
        let includes = includesNote(file)
        return DoctorCheck(id: "assetlinks.package", status: includes == nil ? .fail : .warn, title: packageTitle(packageName),
                           detail: detail, notes: includes.map { [$0] } ?? [], fix: fix)
    }

    /// `assetlinks.apps`: the packages granted App Links, when no package was asked about.
    static func appsCheck(_ file: AssetLinksFile, host: String) -> DoctorCheck {
        let packages = AssetLinksMatcher(file).packageNames
        guard !packages.isEmpty else {
            let includes = includesNote(file)
            return DoctorCheck(
                id: "assetlinks.apps", status: includes == nil ? .fail : .warn, title: appsTitle,
                detail: "no statement grants \(AssetLinkStatement.handleAllURLs) to an android_app: no app can open these links",
                notes: includes.map { [$0] } ?? [],
                fix: "add a statement {\"relation\": [\"\(AssetLinkStatement.handleAllURLs)\"], \"target\": {\"namespace\": \"android_app\", "
                    + "\"package_name\": \"<application ID>\", \"sha256_cert_fingerprints\": [\"<SHA-256 of the app signing key>\"]}}"
            )
        }
        let notes = packages.map { package in
            let count = Set(file.statements.filter { $0.handlesAllURLs && $0.target.packageName == package }
                .flatMap(\.target.sha256CertFingerprints)).count
            return "\(package) (\(count) certificate fingerprint\(count == 1 ? "" : "s"))"
        }
        return DoctorCheck(id: "assetlinks.apps", status: .pass, title: appsTitle,
                           detail: "the file grants App Links on \(host) to \(packages.count) app\(packages.count == 1 ? "" : "s")",
                           notes: notes)
    }

    /// A note that the file includes other files, which Android reads and the doctor does not
    /// fetch, or `nil` when it includes none.
    static func includesNote(_ file: AssetLinksFile) -> String? {
        guard !file.includes.isEmpty else { return nil }
        return "the file includes \(file.includes.joined(separator: ", ")), which Android reads too and the doctor does not fetch; check it there"
    }

    /// `assetlinks.package` for the package asked about, skipped: there is no file to look in,
    /// and `reason` says why.
    public static func unanswered(packageName: String?, reason: String) -> [DoctorCheck] {
        guard let packageName else { return [] }
        return [DoctorCheck(id: "assetlinks.package", status: .skip, title: packageTitle(packageName), detail: "not checked: \(reason)")]
    }
}
