import ArgumentParser
import Foundation
import LandfallJSON
import LandfallLinks
import LandfallServer
import LandfallStorage

/// `landfall links show ID|SHORT-URL|SLUG`: a link and its statistics.
struct LinksShowCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a link and its statistics.",
        discussion: """
            Names a link by its id, its short URL or its slug (on the link host of the site \
            given with --config, the demo's without it). Prints its fields and the numbers \
            GET /v1/links/{id}/stats answers: clicks, installs, opens and link previews, by \
            platform, referrer and day. With --format json: {"link": ..., "stats": ...}, as the \
            API writes them. Clicks a running server has not written yet (it writes them every \
            few seconds) are not counted.

            Examples:
              landfall links show winter
              landfall links show https://go.daily.example.com/winter --format json
            """
    )

    @Argument(help: ArgumentHelp("The link: its id, short URL or slug.", valueName: "link"))
    var link: String

    @Option(help: "How to print it: text for people, json as the API.")
    var format: LinkFormat = .text

    @OptionGroup var site: LinkSiteOptions

    @OptionGroup var storage: StorageOptions

    func execute(in context: CommandContext) async -> CommandOutput {
        var output = CommandOutput()
        guard let site = self.site.site(in: context, into: &output) else { return output }
        let reference = link
        guard let (link, stats) = await LinkCommandSupport.withWriter(storage, site: site, mustExist: true, in: context, into: &output, { _, storage in
            let link = try await LinkCommandSupport.link(reference, site: site, storage: storage)
            let filter = TrafficFilter(linkID: link.id)
            return (link, TrafficStats(counts: try await storage.trafficCounts(filter), linkID: link.id,
                                       inAppBrowsers: try await storage.inAppBrowserTraffic(filter)))
        }) else { return output }
        switch format {
        case .json:
            output.standardOutput = JSONWriter.pretty.string(for: .object([("link", link.json), ("stats", stats.jsonValue)]))
        case .text:
            let now = Date()
            var rows: [[String]] = [
                ["URL", link.url], ["Target", link.target], ["State", LinkState(link, now: now).rawValue], ["ID", link.id.rawValue],
            ]
            for (name, url) in link.overrides.all { rows.append([name.prefix(1).uppercased() + name.dropFirst(), url]) }
            if let title = link.preview.title { rows.append(["Title", title]) }
            if let description = link.preview.description { rows.append(["Description", description]) }
            if let image = link.preview.imageURL { rows.append(["Image", image]) }
            if let campaign = link.campaign.name { rows.append(["Campaign", campaign]) }
            for (key, value) in link.data.sorted(by: { $0.key < $1.key }) { rows.append(["Data \(key)", value]) }
            if let expiresAt = link.expiresAt { rows.append(["Expires", KeysListCommand.text(expiresAt) + " UTC"]) }
            if let maxClicks = link.maxClicks { rows.append(["Max clicks", "\(maxClicks)"]) }
            if let card = link.card {
                let known = site.configuration.cards[card] != nil
                rows.append(["Card", known ? card : "\(card) (not in the site's cards: the route's card is drawn)"])
            }
            rows.append(["Created", KeysListCommand.text(link.createdAt) + " UTC"])
            rows.append(["Clicks", "\(stats.clicks)"])
            rows.append(["Installs", "\(stats.installs)"])
            rows.append(["Opens", "\(stats.opens)"])
            rows.append(["Previews", "\(stats.previews)"])
            for (title, buckets) in [("Platforms", stats.byPlatform), ("In-app browsers", stats.byInAppBrowser), ("Referrers", stats.byReferrer),
                                     ("Days", stats.byDay)] where !buckets.isEmpty {
                rows.append([title, buckets.map { "\($0.key) \($0.count)" }.joined(separator: ", ")])
            }
            for line in TextTable.lines(rows.map { [$0[0] + ":", $0[1]] }) { output.print(line) }
        }
        return output
    }
}
