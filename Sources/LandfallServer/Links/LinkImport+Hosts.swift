import Foundation
import LandfallLinks
import LandfallSite

extension LinkImport {
    /// The rows with each Firebase link put on the link host it had, when that host is one of
    /// the site's (`hosts.links` lists the team's old custom domains, so `https://links.brand.com/abc`
    /// stays `https://links.brand.com/abc`); a link whose host is not one of the site's goes to
    /// the default link host, with a note saying so. Rows that name their host, and rows of
    /// Landfall's own formats, are left as they are.
    ///
    /// ```swift
    /// // hosts.links: [go.daily.example.com, links.daily.example.com]
    /// // a Takeout row with short_link https://links.daily.example.com/spring
    /// placedOnTheirHosts(rows, hosts: hosts)[0].draft?.host // "links.daily.example.com"
    /// ```
    static func placedOnTheirHosts(_ rows: [LinkImportFile.Row], hosts: SiteHosts) -> [LinkImportFile.Row] {
        guard let defaultHost = hosts.defaultLinkHost else { return rows }
        return rows.map { row in
            guard row.draft != nil, row.draft?.host == nil, let source = row.source,
                  let oldHost = URLComponents(string: source)?.host?.lowercased(), !oldHost.isEmpty else { return row }
            var row = row
            if hosts.linkHost(named: oldHost) != nil {
                row.draft?.host = oldHost
            } else if oldHost != defaultHost {
                let why = oldHost.hasSuffix(".page.link")
                    ? "\(oldHost) is Google's, and stopped answering when Firebase Dynamic Links shut down"
                    : "\(oldHost) is not one of this site's link hosts (add it to hosts.links, and point its DNS here, to keep the old address)"
                row.notes.append("the link moves to \(defaultHost): \(why)")
            }
            return row
        }
    }
}
