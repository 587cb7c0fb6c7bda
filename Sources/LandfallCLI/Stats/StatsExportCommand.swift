import ArgumentParser
import Foundation
import LandfallJSON
import LandfallLinks
import LandfallStorage

/// `landfall stats export`: the click counts per link, day, platform and referrer.
struct StatsExportCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the click counts per link, day, platform and referrer to CSV or JSON.",
        discussion: """
            One row per link, day (UTC), platform and referrer host, as the server keeps them, \
            ordered by link, then day. CSV (the default) has a header row, \
            link_id,host,slug,day,platform,referrer,count, is quoted as RFC 4180 says, and is \
            safe to open in a spreadsheet: a cell that would start with =, +, - or @ gets a \
            leading apostrophe. JSON is {"clickCounts": [{"linkID", "host", "slug", "day", \
            "platform", "referrer", "count"}, ...]}. The referrer is empty for clicks without one.

            --from and --to keep the days from and up to those days (inclusive, YYYY-MM-DD); \
            --link keeps one link's, named by its id, its short URL or its slug (on the link \
            host of the site given with --config, the demo's without it). Counts older than \
            the site's retention.clickCounts have been purged (they are kept forever unless \
            set); a link's total clicks stay in `links list`.

            Rows are read a page at a time and written as they are read, however many there \
            are. --output FILE is written under a temporary name and renamed when complete; \
            without it, or with -, the export goes to standard output.

            Examples:
              landfall stats export --output clicks.csv
              landfall stats export --from 2026-11-01 --to 2026-11-30 --format json --output november.json
              landfall stats export --link winter --config landfall.yml --output winter.csv
            """
    )

    @Option(help: ArgumentHelp("Only days from this one (YYYY-MM-DD, UTC).", valueName: "day"))
    var from: String?

    @Option(help: ArgumentHelp("Only days up to this one (YYYY-MM-DD, UTC).", valueName: "day"))
    var to: String?

    @Option(help: ArgumentHelp("Only this link: its id, short URL or slug.", valueName: "link"))
    var link: String?

    @Option(help: "csv (safe for spreadsheets) or json.")
    var format: ExportFormat = .csv

    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write, or - for standard output (the default).", valueName: "file"))
    var output: String = ExportDestination.standardOutput

    @OptionGroup var site: LinkSiteOptions

    @OptionGroup var storage: StorageOptions

    /// The columns of the CSV.
    static let csvHeader = ["link_id", "host", "slug", "day", "platform", "referrer", "count"]

    /// How many rows one page reads.
    static let pageSize = 1_000

    /// The days of `--from` and `--to`, checked.
    func days() throws(CommandFailure) -> (from: ExportDay?, to: ExportDay?) {
        try ExportDay.range(from: from, to: to)
    }

    func validate() throws {
        do {
            _ = try days()
        } catch {
            throw ValidationError(error.message)
        }
        if link?.trimmingCharacters(in: .whitespaces).isEmpty == true {
            throw ValidationError("--link is empty; name a link by its id, short URL or slug, or leave it out")
        }
        guard !output.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError("--output must name a file (or - for standard output); it is empty")
        }
    }

    func execute(in context: CommandContext) async -> CommandOutput {
        var result = CommandOutput()
        guard let site = self.site.site(in: context, into: &result) else { return result }
        let destination: ExportDestination
        do {
            destination = try ExportDestination(output, context: context)
        } catch {
            result.fail(error.message, status: error.status)
            return result
        }
        let (format, reference) = (self.format, link)
        let days: (from: ExportDay?, to: ExportDay?)
        do {
            days = try self.days()
        } catch {
            result.fail(error.message, status: error.status)
            return result
        }
        var query = ClickCountExport(from: days.from?.text, to: days.to?.text, limit: Self.pageSize)
        let written = await storage.withStorage(in: context, mustExist: true, into: &result) { storage -> Int in
            if let reference {
                query.linkID = try await LinkCommandSupport.link(reference, site: site, storage: storage).id
            }
            try destination.write(format == .csv ? CSVTable(header: Self.csvHeader).text : "{\"clickCounts\": [")
            var count = 0
            while true {
                let rows = try await storage.clickCountPage(query)
                for row in rows {
                    switch format {
                    case .csv: try destination.write(Self.csvLine(row))
                    case .json: try destination.write((count == 0 ? "\n  " : ",\n  ") + JSONWriter.compact.string(for: Self.json(row)))
                    }
                    count += 1
                }
                guard let last = rows.last, rows.count == Self.pageSize else { break }
                query.after = last.count.key
            }
            if format == .json { try destination.write(count == 0 ? "]}\n" : "\n]}\n") }
            return count
        }
        guard let written else {
            destination.abandon()
            return result
        }
        _ = destination.complete(output, count: written, singular: "click count", plural: "click counts", into: &result)
        return result
    }

    /// A row as a CSV line, safe for spreadsheets.
    static func csvLine(_ row: ClickCountExport.Row) -> String {
        let key = row.count.key
        return [key.linkID.rawValue, row.host, row.slug, key.day, key.platform.rawValue, key.referrerHost, String(row.count.count)]
            .map(CSVTable.field).joined(separator: ",") + "\n"
    }

    /// A row as a JSON object.
    static func json(_ row: ClickCountExport.Row) -> JSONValue {
        let key = row.count.key
        return .object([
            ("linkID", .string(key.linkID.rawValue)), ("host", .string(row.host)), ("slug", .string(row.slug)),
            ("day", .string(key.day)), ("platform", .string(key.platform.rawValue)), ("referrer", .string(key.referrerHost)),
            ("count", .integer(row.count.count)),
        ])
    }
}
