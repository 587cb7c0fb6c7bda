import AppSiteAssociation

/// Judges an Xcode `.entitlements` file's associated domains (`--entitlements FILE`).
public enum EntitlementsChecks {
    /// `entitlements.entries` (every entry well-formed), `entitlements.applinks` (the
    /// `applinks:` hosts that will be checked) and, for each target host, `entitlements.host`
    /// (the entitlement lists it; a link on a host the app does not claim never opens it).
    public static func checks(for file: EntitlementsFile, named name: String, targets: [String]) -> [DoctorCheck] {
        var checks: [DoctorCheck] = []
        let report = LintReport(diagnostics: file.diagnostics)
        let errors = report.diagnostics(.error).count
        let warnings = report.diagnostics(.warning).count
        let status: CheckStatus = errors > 0 ? .fail : warnings > 0 ? .warn : .pass
        let counts = [errors > 0 ? "\(errors) error\(errors == 1 ? "" : "s")" : nil,
                      warnings > 0 ? "\(warnings) warning\(warnings == 1 ? "" : "s")" : nil].compactMap { $0 }
        checks.append(DoctorCheck(
            id: "entitlements.entries", status: status, title: "Associated-domains entries well-formed",
            detail: counts.isEmpty
                ? "\(file.entries.count) entr\(file.entries.count == 1 ? "y" : "ies") in \(name), all well-formed"
                : "\(name): " + counts.joined(separator: ", "),
            notes: file.diagnostics.flatMap { $0.description.split(separator: "\n").map(String.init) },
            fix: status == .pass ? nil : "apply each fix above in Xcode (Signing & Capabilities → Associated Domains)"))

        let appLinks = file.appLinks
        if appLinks.isEmpty {
            checks.append(DoctorCheck(id: "entitlements.applinks", status: .fail, title: "applinks entries",
                                      detail: "\(name) has no readable applinks: entry, so no universal link opens the app",
                                      fix: "add applinks:<your host> under Associated Domains"))
        } else {
            let developer = appLinks.filter { $0.mode == .developer || $0.mode == .developerAndManaged }
            checks.append(DoctorCheck(
                id: "entitlements.applinks", status: .pass, title: "applinks entries",
                detail: "checking " + file.appLinksHosts.joined(separator: ", "),
                notes: appLinks.map { entry in
                    entry.description + (entry.isWildcard ? "  (its subdomains use the file at \(entry.host))" : "")
                } + (developer.isEmpty ? [] : [
                    "?mode=developer: development builds fetch the file from the origin directly, not from Apple's CDN",
                ])))
        }
        // `applinks:*.example.com` covers the subdomains only (Apple: the period after the asterisk
        // is required), though their file is read from example.com.
        let claims = { (entry: AssociatedDomain, host: String) in
            entry.isWildcard ? host.hasSuffix("." + entry.host) : entry.host == host
        }
        for target in targets where !appLinks.contains(where: { claims($0, target) }) {
            checks.append(DoctorCheck(
                id: "entitlements.host", status: .fail, title: "The app claims \(target)",
                detail: "\(name) has no applinks: entry covering \(target), so links on \(target) never open the app",
                fix: "add applinks:\(target) under Associated Domains"))
        }
        return checks
    }
}
