import ArgumentParser
import Foundation
import LandfallJSON
import LandfallLinks
import LandfallStorage

/// `landfall stats show`: the site's statistics, as `GET /v1/stats` answers them.
struct StatsShowCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the site's statistics: clicks, installs, opens, previews and their breakdowns.",
        discussion: """
            The numbers GET /v1/stats answers, read from the database: people's clicks (of \
            short links and of Firebase Dynamic Links long links), link previews, installs and \
            opens; by platform, referrer and campaign; the in-app browsers people clicked in \
            (Instagram, TikTok, ...); and the most visited long links, under their link \
            parameter. --from and --to keep the days from and up to those days (inclusive, \
            YYYY-MM-DD, UTC); --campaign one campaign ("" for none). With --format json, the \
            object the API returns. Clicks a running server has not written yet (it writes them \
            every few seconds) are not counted. One link's statistics: landfall links show LINK.

            Examples:
              landfall stats show
              landfall stats show --from 2026-11-01 --to 2026-11-30 --format json
            """
    )

    @Option(help: ArgumentHelp("Only days from this one (YYYY-MM-DD, UTC).", valueName: "day"))
    var from: String?

    @Option(help: ArgumentHelp("Only days up to this one (YYYY-MM-DD, UTC).", valueName: "day"))
    var to: String?

    @Option(help: ArgumentHelp("Only this campaign (utm_campaign; \"\" for none).", valueName: "name"))
    var campaign: String?

    @Option(help: "How to print it: text for people, json as the API.")
    var format: LinkFormat = .text

    @OptionGroup var storage: StorageOptions

    /// How many long links the text lists, most clicks first (JSON has the API's 100).
    static let longLinksShown = 10

    /// The filter of `--from`, `--to` and `--campaign`, checked.
    func filter() throws(CommandFailure) -> TrafficFilter {
        let days = try ExportDay.range(from: from, to: to)
        return TrafficFilter(from: days.from?.text, to: days.to?.text, campaign: campaign)
    }

    func validate() throws {
        do {
            _ = try filter()
        } catch {
            throw ValidationError(error.message)
        }
    }

    func execute(in context: CommandContext) async -> CommandOutput {
        var output = CommandOutput()
        let filter: TrafficFilter
        do {
            filter = try self.filter()
        } catch {
            output.fail(error.message, status: error.status)
            return output
        }
        guard let stats = await storage.withStorage(in: context, mustExist: true, into: &output, { storage throws(StorageError) in
            TrafficStats(counts: try await storage.trafficCounts(filter), longLinks: try await storage.longLinkTraffic(filter),
                         inAppBrowsers: try await storage.inAppBrowserTraffic(filter))
        }) else { return output }
        switch format {
        case .json:
            output.standardOutput = JSONWriter.pretty.string(for: stats.jsonValue)
        case .text:
            for line in TextTable.lines(Self.rows(stats).map { [$0[0].isEmpty ? "" : $0[0] + ":", $0[1]] }) { output.print(line) }
        }
        return output
    }

    /// The text's rows: a name and its value.
    static func rows(_ stats: TrafficStats) -> [[String]] {
        func list(_ buckets: [TrafficStats.Bucket], none: String) -> String {
            buckets.filter { $0.count > 0 }.map { "\($0.key.isEmpty ? none : $0.key) \($0.count)" }.joined(separator: ", ")
        }
        var rows: [[String]] = [
            ["Clicks", "\(stats.clicks)"], ["Previews", "\(stats.previews)"], ["Installs", "\(stats.installs)"], ["Opens", "\(stats.opens)"],
        ]
        for (title, buckets, none) in [("Platforms", stats.byPlatform, ""), ("Referrers", stats.byReferrer, "(direct)"),
                                       ("Campaigns", stats.byCampaign, "(none)"), ("In-app browsers", stats.byInAppBrowser, "")] {
            let text = list(buckets, none: none)
            if !text.isEmpty { rows.append([title, text]) }
        }
        for (index, longLink) in stats.byLongLink.prefix(longLinksShown).enumerated() {
            rows.append([index == 0 ? "Long links" : "", "\(longLink.link) \(longLink.clicks) clicks, \(longLink.previews) previews"])
        }
        return rows
    }
}
