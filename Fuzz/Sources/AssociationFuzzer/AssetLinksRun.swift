import AppSiteAssociation

/// The `assetlinks.json` half of ``FuzzRun``: lint, decode, round trip and match the same bytes.
struct AssetLinksRun {
    let bytes: [UInt8]

    static let fixedPackage = "com.example.app"

    func run() {
        let report = AssetLinksLinter().lint(bytes)
        for diagnostic in report.diagnostics {
            _ = diagnostic.description
            if let location = diagnostic.location {
                precondition(
                    location.offset >= 0 && location.offset <= bytes.count && location.line >= 1 && location.column >= 1,
                    "assetlinks diagnostic \(diagnostic.code) points outside the input: offset \(location.offset), \(bytes.count) bytes"
                )
            }
        }
        let file: AssetLinksFile
        do {
            file = try AssetLinksFile(json: bytes)
        } catch {
            _ = error.description
            let isJSONError = error.parseError != nil
            precondition(
                report.codes.contains("assetlinks.invalid-json") == isJSONError,
                "the assetlinks decoder \(isJSONError ? "found" : "did not find") invalid JSON and the linter disagrees: \(error)\n\(report.codes)"
            )
            precondition(!report.passes(strict: false), "the assetlinks linter passes a file the decoder rejects: \(error)")
            return
        }
        precondition(!report.codes.contains("assetlinks.invalid-json"), "the assetlinks linter reports invalid JSON in a file that decodes")
        checkRoundTrip(file)
        checkMatching(file)
    }

    func checkMatching(_ file: AssetLinksFile) {
        var texts: [String] = []
        for component in file.statements.flatMap({ $0.dynamicAppLinkComponents ?? [] }) {
            var text = "https://example.com" + ProbeURLs.path(ProbeURLs.fill(component.path ?? "/", with: "x1"))
            if let items = component.query {
                text += "?" + items.map { "\($0.name)=\(ProbeURLs.fill($0.pattern, with: "x1"))" }.joined(separator: "&")
            }
            if let fragment = component.fragment {
                text += "#" + ProbeURLs.fill(fragment, with: "x1")
            }
            texts.append(text)
        }
        texts += ProbeURLs.fixed
        let urls = texts.compactMap { try? LinkURL(parsing: $0) }.prefix(FuzzRun.maxProbes)
        let packages = Array(AssetLinksMatcher(file).packageNames.prefix(FuzzRun.maxApps)) + [Self.fixedPackage]
        let fingerprints = file.statements.flatMap(\.target.sha256CertFingerprints).prefix(1)
        for matcher in [AssetLinksMatcher(file), AssetLinksMatcher(file, supportsDynamicComponents: false, missingQueryItem: .matchesAsEmpty)] {
            for url in urls {
                for package in packages {
                    let decision = matcher.decision(for: url, packageName: package)
                    _ = decision.description
                    if let fromText = try? matcher.decision(for: url.text, packageName: package) {
                        precondition(fromText == decision, "assetlinks decision(for: String) and decision(for: LinkURL) disagree on \(url.text)")
                    }
                    if let fingerprint = fingerprints.first {
                        _ = matcher.decision(for: url, packageName: package, certificateFingerprint: fingerprint, servedFrom: "example.com")
                    }
                }
            }
        }
    }
}
