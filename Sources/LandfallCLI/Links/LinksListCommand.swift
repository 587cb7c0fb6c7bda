import ArgumentParser
import Foundation
import LandfallJSON
import LandfallLinks
import LandfallServer
import LandfallStorage

/// `landfall links list`: links newest first, as a table, JSON or CSV.
struct LinksListCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List links, newest first.",
        discussion: """
            Prints a table: the short URL, where it leads, its state, its clicks, when it was \
            created and its id (which `links show`, `disable`, `enable`, `delete` and `qr` take, \
            as they take the short URL or the slug). With --format json: {"links": [...]}, each \
            link as GET /v1/links returns it; with --format csv: one row per link, safe to open \
            in a spreadsheet.

            --search keeps links whose slug, target or title contains the text (without regard \
            to case; a text of one or two characters matches the start of the slug, as the \
            dashboard's search does); --campaign those of a campaign name exactly; --state \
            active (enabled and not expired), disabled, expired (past their expiry or their \
            maximum of clicks) or all (the default). The storage's indexes find them, however \
            many links there are. At most --limit links are printed \
            (1-\(LinkQuery.limits.upperBound), default 50).

            Examples:
              landfall links list
              landfall links list --search winter --state active
              landfall links list --host go.example.co.uk
              landfall links list --campaign winter-league --format csv > winter.csv
            """
    )

    @Option(help: ArgumentHelp("Only links whose slug, target or title contains this text.", valueName: "text"))
    var search: String?

    @Option(help: ArgumentHelp("Only links of this campaign name.", valueName: "name"))
    var campaign: String?

    @Option(help: ArgumentHelp("Only links on this link host (one of hosts.links).", valueName: "host"))
    var host: String?

    @Option(help: "Only links in this state.")
    var state: LinkStateFilter = .all

    @Option(help: ArgumentHelp("How many links at most (1-\(LinkQuery.limits.upperBound)).", valueName: "n"))
    var limit = 50

    @Option(help: "How to print the links: table for people, json or csv for machines.")
    var format: LinkListFormat = .table

    @OptionGroup var storage: StorageOptions

    func validate() throws {
        guard LinkQuery.limits.contains(limit) else {
            throw ValidationError("--limit must be from \(LinkQuery.limits.lowerBound) to \(LinkQuery.limits.upperBound); it is \(limit)")
        }
        if search?.isEmpty == true { throw ValidationError("--search is empty; give some text or leave it out") }
        if host?.isEmpty == true { throw ValidationError("--host is empty; give a link host such as go.example.com or leave it out") }
        if campaign?.isEmpty == true { throw ValidationError("--campaign is empty; give a campaign name or leave it out") }
    }

    /// The storage's query of the links that pass the search, campaign and state, up to `limit`.
    func links(in storage: Storage, now: Date) async throws(StorageError) -> [ShortLink] {
        try await storage.links(LinkQuery(limit: limit, host: host?.lowercased(), campaignName: campaign, search: search, state: state.state, now: now))
    }

    func execute(in context: CommandContext) async -> CommandOutput {
        var output = CommandOutput()
        let now = Date()
        guard let links = await storage.withStorage(in: context, mustExist: true, into: &output, { storage throws(StorageError) in
            try await self.links(in: storage, now: now)
        }) else { return output }
        switch format {
        case .json:
            output.standardOutput = JSONWriter.pretty.string(for: .object([("links", .array(links.map(\.json)))]))
        case .csv:
            output.standardOutput = Self.csv(links, now: now)
        case .table:
            if links.isEmpty {
                output.printError("No links match; `landfall links create --target URL` makes one.")
                return output
            }
            let rows = links.map { link in
                [link.url, link.target, LinkState(link, now: now).rawValue, "\(link.clickCount)", KeysListCommand.text(link.createdAt), link.id.rawValue]
            }
            for line in TextTable.lines([["SHORT URL", "TARGET", "STATE", "CLICKS", "CREATED (UTC)", "ID"]] + rows) { output.print(line) }
        }
        return output
    }

    /// The columns of `--format csv`: the link's id and URL, then its fields named as
    /// `links import` reads them, then its state, clicks and times.
    static let csvHeader = ["id", "url", "target", "slug", "host", "overrides.ios", "overrides.android", "overrides.desktop",
                            "preview.title", "preview.description", "preview.imageURL", "campaign.source", "campaign.medium",
                            "campaign.name", "campaign.term", "campaign.content", "expiresAt", "maxClicks", "state", "clicks",
                            "createdAt", "updatedAt", "card"]

    static func csv(_ links: [ShortLink], now: Date) -> String {
        CSVTable(header: csvHeader, rows: links.map { link in
            [link.id.rawValue, link.url, link.target, link.slug, link.host, link.overrides.ios ?? "", link.overrides.android ?? "",
             link.overrides.desktop ?? "", link.preview.title ?? "", link.preview.description ?? "", link.preview.imageURL ?? "",
             link.campaign.source ?? "", link.campaign.medium ?? "", link.campaign.name ?? "", link.campaign.term ?? "",
             link.campaign.content ?? "", link.expiresAt.map(APITime.string) ?? "", link.maxClicks.map(String.init) ?? "",
             LinkState(link, now: now).rawValue, "\(link.clickCount)", APITime.string(link.createdAt), APITime.string(link.updatedAt),
             link.card ?? ""]
        }).text
    }
}

/// `--state`: a link's state (``LinkState``), or `all`.
enum LinkStateFilter: String, CaseIterable, Sendable, ExpressibleByArgument {
    case active, disabled, expired, all

    /// The state kept, `nil` for all.
    var state: LinkState? { LinkState(rawValue: rawValue) }
}

/// How `links list` prints links.
enum LinkListFormat: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// An aligned table for people.
    case table
    /// {"links": [...]}, each link as the API returns it.
    case json
    /// One row per link, header first.
    case csv
}
