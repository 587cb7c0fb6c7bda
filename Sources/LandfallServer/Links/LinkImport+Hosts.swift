import Foundation
import LandfallLinks
import LandfallSite

extension LinkImport {
    /// The rows with each Firebase link put on the link host it had, when that host is one of
    /// the site's (`hosts.links` lists the team's old custom domains, so `https://links.brand.com/abc`
    /// stays `https://links.brand.com/abc`); a link whose host is not one of the site's goes to
    /// the default link host (``LinkImportReport/fileNotes`` says so, once per old host). Rows
    /// that name their host, and rows of Landfall's own formats, are left as they are.
    ///
    /// ```swift
    /// // hosts.links: [go.daily.example.com, links.daily.example.com]
    /// // a Takeout row with short_link https://links.daily.example.com/spring
    /// placedOnTheirHosts(rows, hosts: hosts)[0].draft?.host // "links.daily.example.com"
    /// ```
    static func placedOnTheirHosts(_ rows: [LinkImportFile.Row], hosts: SiteHosts) -> [LinkImportFile.Row] {
        guard let defaultHost = hosts.defaultLinkHost else { return rows }
        return rows.map { row in
            guard row.draft != nil, row.draft?.host == nil, let oldHost = oldHost(of: row),
                  oldHost != defaultHost, hosts.linkHost(named: oldHost) != nil else { return row }
            var row = row
            row.draft?.host = oldHost
            return row
        }
    }

    /// The host of a Firebase row's old short link, lowercased.
    static func oldHost(of row: LinkImportFile.Row) -> String? {
        guard let source = row.source, let host = URLComponents(string: source)?.host?.lowercased(), !host.isEmpty else { return nil }
        return host
    }
}
