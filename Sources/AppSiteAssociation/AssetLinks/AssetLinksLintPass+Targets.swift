import LandfallJSON
extension AssetLinksLintPass {
    // Targets: `android_app` (package name, fingerprints) and `web` (site).

    /// Lints a target; returns the namespace it was checked as (after a did-you-mean), if any.
    mutating func lintTarget(_ members: [JSONMember], _ value: JSONValue, at path: JSONPath) -> String? {
        let appKeys = ["namespace", "package_name", "sha256_cert_fingerprints"]
        let webKeys = ["namespace", "site"]
        var namespace: String?
        if let member = Self.last("namespace", in: members) {
            if let text = member.value.stringValue {
                if text == AssetLinkTarget.androidAppNamespace || text == AssetLinkTarget.webNamespace {
                    namespace = text
                } else {
                    let meant = AssetLinksSpelling.suggestion(
                        for: text, among: [AssetLinkTarget.androidAppNamespace, AssetLinkTarget.webNamespace],
                        aliases: ["android": "android_app", "app": "android_app", "android_application": "android_app",
                                  "website": "web", "site": "web", "http": "web", "https": "web"])
                    report(.unknownNamespace, at: path.appending("namespace"), member.value.location,
                           "the namespace \(Self.quoted(text)) is neither \"android_app\" nor \"web\", so Android ignores the statement",
                           fix: meant.map { "did you mean \"\($0)\"?" })
                    guard let meant else { return nil }
                    namespace = meant
                }
            } else {
                report(.wrongType, at: path.appending("namespace"), member.value.location,
                       "expected \"android_app\" or \"web\", found \(member.value.kindDescription)")
            }
        } else {
            let looksLikeApp = members.contains { appKeys.dropFirst().contains($0.key) || $0.key.lowercased().contains("package") }
            let looksLikeWeb = members.contains { $0.key == "site" }
            let fix = looksLikeApp ? "add \"namespace\": \"android_app\"" : looksLikeWeb ? "add \"namespace\": \"web\"" : nil
            report(.missingNamespace, at: path, value.location, "the target has no \"namespace\", so Android ignores the statement", fix: fix)
            if looksLikeApp { namespace = AssetLinkTarget.androidAppNamespace } else if looksLikeWeb { namespace = AssetLinkTarget.webNamespace }
        }
        switch namespace {
        case AssetLinkTarget.androidAppNamespace?:
            lintUnknownKeys(members, known: appKeys, at: path, aliases: ["fingerprints": "sha256_cert_fingerprints"],
                            notes: ["site": "\"site\" belongs to web targets"])
            lintAppTarget(members, value, at: path)
        case AssetLinkTarget.webNamespace?:
            lintUnknownKeys(members, known: webKeys, at: path, aliases: ["url": "site", "origin": "site"],
                            notes: ["package_name": "\"package_name\" belongs to android_app targets",
                                    "sha256_cert_fingerprints": "\"sha256_cert_fingerprints\" belongs to android_app targets"])
            lintWebTarget(members, value, at: path)
        default:
            lintUnknownKeys(members, known: appKeys + webKeys.dropFirst(), at: path)
        }
        return namespace
    }

    mutating func lintAppTarget(_ members: [JSONMember], _ value: JSONValue, at path: JSONPath) {
        if let package = Self.last("package_name", in: members) {
            if let name = package.value.stringValue {
                if let problem = AssetLinksFormat.packageNameProblem(name) {
                    report(.invalidPackageName, at: path.appending("package_name"), package.value.location,
                           "\(problem), so it names no app; write the applicationId from the app's build.gradle")
                }
            } else {
                report(.wrongType, at: path.appending("package_name"), package.value.location,
                       "expected the package name as a string, found \(package.value.kindDescription)")
            }
        } else {
            report(.missingPackageName, at: path, value.location, "the android_app target has no \"package_name\"",
                   fix: renameFix(for: "package_name", in: members) ?? "add \"package_name\": \"com.example.app\" (the app's applicationId)")
        }
        let fingerprintsKey = "sha256_cert_fingerprints"
        let howToFind = "add the SHA-256 fingerprint of the app signing key (Play Console, App integrity; or keytool -list -v)"
        guard let fingerprints = Self.last(fingerprintsKey, in: members) else {
            report(.missingFingerprints, at: path, value.location,
                   "the android_app target has no \"sha256_cert_fingerprints\", so no build of the app is verified",
                   fix: renameFix(for: fingerprintsKey, in: members) ?? howToFind)
            return
        }
        let listPath = path.appending(fingerprintsKey)
        guard let elements = fingerprints.value.arrayValue else {
            report(.wrongType, at: listPath, fingerprints.value.location,
                   "expected an array of fingerprint strings, found \(fingerprints.value.kindDescription)",
                   fix: fingerprints.value.stringValue.map { "write [\(Self.quoted($0))]" })
            return
        }
        if elements.isEmpty {
            report(.missingFingerprints, at: listPath, fingerprints.value.location,
                   "\"sha256_cert_fingerprints\" is empty, so no build of the app is verified", fix: howToFind)
        }
        var seen: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            let elementPath = listPath.appending(index)
            guard let text = element.stringValue else {
                report(.wrongType, at: elementPath, element.location, "expected a fingerprint string, found \(element.kindDescription)")
                continue
            }
            lintFingerprint(text, at: elementPath, element.location)
            let key = AssetLinksFormat.fingerprintKey(text)
            if let earlier = seen[key] {
                report(.duplicateFingerprint, at: elementPath, element.location,
                       "fingerprint \(index + 1) is the same as fingerprint \(earlier + 1)", fix: "remove one of them")
            } else {
                seen[key] = index
            }
        }
    }

    mutating func lintFingerprint(_ text: String, at path: JSONPath, _ location: SourceLocation?) {
        guard let problem = AssetLinksFormat.fingerprintProblem(text) else { return }
        switch problem {
        case .lowercase(let fixed):
            report(.fingerprintLowercase, at: path, location,
                   "the fingerprint is in lower-case hex; keytool and Play Console print it in upper case",
                   fix: "write \"\(fixed)\"")
        case .withoutColons(let fixed):
            report(.fingerprintWithoutColons, at: path, location,
                   "the fingerprint has no colons between its bytes", fix: "write \"\(fixed)\"")
        case .wrongLength(let bytes):
            let sha1 = bytes == 20 ? " (this looks like a SHA-1 fingerprint)" : ""
            report(.fingerprintWrongLength, at: path, location,
                   "the fingerprint has \(bytes) byte\(bytes == 1 ? "" : "s"); a SHA-256 fingerprint has 32\(sha1)",
                   fix: "use the SHA-256 fingerprint of the signing certificate (keytool -list -v prints it as \"SHA256:\")")
        case .malformed(let reason):
            report(.malformedFingerprint, at: path, location,
                   "\(reason); write 32 upper-case hex pairs separated by colons, such as \"14:6D:E9:...:E5\"")
        }
    }

    mutating func lintWebTarget(_ members: [JSONMember], _ value: JSONValue, at path: JSONPath) {
        guard let site = Self.last("site", in: members) else {
            report(.missingSite, at: path, value.location, "the web target has no \"site\"",
                   fix: renameFix(for: "site", in: members) ?? "add \"site\": \"https://example.com\"")
            return
        }
        guard let text = site.value.stringValue else {
            report(.wrongType, at: path.appending("site"), site.value.location, "expected the site's origin as a string, found \(site.value.kindDescription)")
            return
        }
        if let (problem, origin) = AssetLinksFormat.siteProblem(text) {
            report(.invalidSite, at: path.appending("site"), site.value.location,
                   "\(problem); a web target names an origin such as \"https://example.com\"",
                   fix: origin.map { "write \"\($0)\"" })
        }
    }
}
