import AppSiteAssociation
import LandfallSite

/// One association file as the site page shows it: the bytes the well-known route serves
/// (``LoadedSite/association(_:on:)``, the same document), the hosts serving it, and what
/// `landfall aasa validate` says of it (``AssociationLinter``, ``AssetLinksLinter``).
///
/// A site has up to four: `apple-app-site-association` and `assetlinks.json` on the site host,
/// its aliases and the interstitial host, and the link host's own pair. The page shows each in
/// `<pre id="aasa-HOST">` or `<pre id="assetlinks-HOST">`, HOST being the first host serving it.
struct SiteAssociationFile {
    let kind: AssociationRoutes.Kind
    /// The hosts serving it, in ``SiteHosts/servedHosts`` order.
    let hosts: [String]
    /// The development names standing for those hosts.
    let localNames: [String]
    /// The bytes served, as text.
    let text: String
    /// What the linter found.
    let report: LintReport

    /// The files `site` serves, Apple's first, each with the hosts serving it.
    static func all(of site: LoadedSite) -> [SiteAssociationFile] {
        let hosts = site.configuration.hosts
        var files: [SiteAssociationFile] = []
        for kind in [AssociationRoutes.Kind.apple, .android] {
            // The hosts serving one document, in order; the link host's is another document.
            var groups: [(onLinkHost: Bool, hosts: [String])] = []
            for host in hosts.servedHosts {
                guard let role = hosts.role(of: host) else { continue }
                let onLinkHost = role.served == .links
                if let index = groups.firstIndex(where: { $0.onLinkHost == onLinkHost }) {
                    groups[index].hosts.append(host)
                } else {
                    groups.append((onLinkHost, [host]))
                }
            }
            for group in groups {
                guard let first = group.hosts.first, let role = hosts.role(of: first),
                      let document = site.association(kind, on: role) else { continue }
                let bytes = document.body.readableBytesView
                let report = kind == .apple ? AssociationLinter().lint(bytes) : AssetLinksLinter().lint(bytes)
                let local = hosts.local.filter { group.hosts.contains($0.value) }.keys.sorted()
                files.append(SiteAssociationFile(kind: kind, hosts: group.hosts, localNames: local,
                                                 text: String(buffer: document.body), report: report))
            }
        }
        return files
    }

    /// `aasa-daily.example.com`.
    var id: String { (kind == .apple ? "aasa-" : "assetlinks-") + (hosts.first ?? "") }

    /// The path it is served at.
    var path: String { kind == .apple ? AssociationRoutes.appleLabel : AssociationRoutes.androidLabel }

    /// The template's values.
    var values: [String: Any] {
        let problems = report.diagnostics.filter { $0.severity != .info }
        let notes = report.diagnostics.filter { $0.severity == .info }
        var values: [String: Any] = [
            "id": id, "name": kind == .apple ? "apple-app-site-association" : "assetlinks.json", "path": path,
            "hosts": hosts.joined(separator: ", "), "text": text, "bytes": text.utf8.count,
            "diagnostics": report.diagnostics.map { diagnostic -> [String: Any] in
                var place = diagnostic.path.map { "\($0)" } ?? ""
                if let location = diagnostic.location { place += (place.isEmpty ? "" : " ") + "(\(location))" }
                var row: [String: Any] = [
                    "severity": diagnostic.severity.rawValue, "code": diagnostic.code, "place": place, "message": diagnostic.message,
                    "badge": diagnostic.severity == .info ? "" : "bad",
                ]
                if let fix = diagnostic.fix { row["fix"] = fix }
                return row
            },
            "lintSummary": problems.isEmpty
                ? "No problems found" + (notes.isEmpty ? "." : " (\(notes.count) note\(notes.count == 1 ? "" : "s") below).")
                : "\(problems.count) problem\(problems.count == 1 ? "" : "s") found.",
        ]
        if problems.isEmpty { values["clean"] = true }
        if !localNames.isEmpty { values["localNames"] = localNames.joined(separator: ", ") }
        return values
    }
}
