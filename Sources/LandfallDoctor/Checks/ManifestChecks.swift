import AppSiteAssociation

/// Judges an app's `AndroidManifest.xml` (`--manifest FILE`) against the hosts being checked.
public enum ManifestChecks {
    /// `manifest.entries` (the manifest's link filters are well-formed: every lint diagnostic),
    /// `manifest.hosts` (the hosts of its autoVerify http(s) filters, which Android verifies and
    /// which are checked) and, for each target host, `manifest.host` (a filter claims it; a link
    /// on a host no filter names never opens the app).
    ///
    /// ```swift
    /// let checks = ManifestChecks.checks(for: manifest, named: "AndroidManifest.xml", targets: ["example.com"])
    /// checks.map(\.id) // ["manifest.entries", "manifest.hosts"]
    /// ```
    public static func checks(for manifest: AndroidManifest, named name: String, targets: [String]) -> [DoctorCheck] {
        var checks: [DoctorCheck] = []
        let report = LintReport(diagnostics: manifest.diagnostics)
        let errors = report.diagnostics(.error).count
        let warnings = report.diagnostics(.warning).count
        let status: CheckStatus = errors > 0 ? .fail : warnings > 0 ? .warn : .pass
        let counts = [errors > 0 ? "\(errors) error\(errors == 1 ? "" : "s")" : nil,
                      warnings > 0 ? "\(warnings) warning\(warnings == 1 ? "" : "s")" : nil].compactMap { $0 }
        let filters = manifest.activities.flatMap(\.intentFilters).filter(\.isLinkFilter).count
        checks.append(DoctorCheck(
            id: "manifest.entries", status: status, title: "Link intent filters well-formed",
            detail: counts.isEmpty
                ? "\(filters) link filter\(filters == 1 ? "" : "s") in \(name), all well-formed"
                : "\(name): " + counts.joined(separator: ", "),
            notes: manifest.diagnostics.flatMap { $0.description.split(separator: "\n").map(String.init) },
            fix: status == .pass ? nil : "apply each fix above in the manifest (app/src/main/AndroidManifest.xml)"))

        let verified = manifest.verifiedHosts
        if verified.isEmpty {
            checks.append(DoctorCheck(
                id: "manifest.hosts", status: .fail, title: "autoVerify hosts",
                detail: "\(name) has no android:autoVerify=\"true\" filter with an https scheme and a host, so no link opens the app directly (Android 12 and later open the browser)",
                fix: "add <intent-filter android:autoVerify=\"true\"> with the VIEW action, the DEFAULT and BROWSABLE categories, <data android:scheme=\"https\" /> and <data android:host=\"example.com\" />"))
        } else {
            let wildcards = manifest.linkHosts.filter { $0.hasPrefix("*.") }
            checks.append(DoctorCheck(
                id: "manifest.hosts", status: .pass, title: "autoVerify hosts",
                detail: "checking " + verified.joined(separator: ", "),
                notes: wildcards.map { "\($0): its subdomains are verified with the file at \(AndroidManifest.verificationHost(of: $0))" }))
        }
        let hosts = manifest.linkHosts
        let claims = { (pattern: String, host: String) in
            pattern.hasPrefix("*") ? host.hasSuffix(pattern.dropFirst()) : pattern == host
        }
        for target in targets where !hosts.contains(where: { claims($0, target.lowercased()) }) {
            checks.append(DoctorCheck(
                id: "manifest.host", status: .fail, title: "The app claims \(target)",
                detail: "no link filter in \(name) names \(target), so links on \(target) never open the app",
                fix: "add <data android:host=\"\(target)\" /> to the android:autoVerify=\"true\" filter"))
        }
        return checks
    }
}
