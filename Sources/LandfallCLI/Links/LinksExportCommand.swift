import ArgumentParser
import Foundation
import LandfallJSON
import LandfallLinks
import LandfallStorage

/// `landfall links export`: every link, as CSV that `links import` reads back, or as JSON.
struct LinksExportCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every link to CSV (that links import reads back) or JSON.",
        discussion: """
            CSV (the default) has a header row naming the columns as `landfall links import` \
            reads them: target, slug, host, overrides.ios, overrides.android, \
            overrides.desktop, preview.title, preview.description, preview.imageURL, \
            campaign.source, campaign.medium, campaign.name, campaign.term, campaign.content, \
            expiresAt (RFC 3339), maxClicks, disabled, then data.KEY for every data key any \
            link has; quoted as RFC 4180 says. Cells are written exactly, so that importing \
            the file into another database gives the same links (links past their expiry \
            excepted: import refuses them): a cell may start with =, +, - or @, so open the \
            file in a spreadsheet with care (`links list --format csv` is made for that).

            JSON is {"links": [...]}, each link as GET /v1/links returns it, with its id, \
            short URL, clicks and times too.

            Links are read a page at a time, oldest first, and written as they are read, \
            however many there are (CSV reads them twice: first for the data keys). --output \
            FILE is written under a temporary name and renamed when complete; without it, \
            or with -, the export goes to standard output.

            Examples:
              landfall links export --output links.csv
              landfall links export --format json --output links.json --database-url postgres://db.internal/landfall
              landfall links export --data-dir old-data --output links.csv && landfall links import links.csv --config landfall.yml --database-url postgres://db.internal/landfall
            """
    )

    @Option(help: "csv (for links import and spreadsheets) or json (every field, as the API).")
    var format: ExportFormat = .csv

    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write, or - for standard output (the default).", valueName: "file"))
    var output: String = ExportDestination.standardOutput

    @OptionGroup var storage: StorageOptions

    /// How many links one page reads.
    static let pageSize = 500

    func validate() throws {
        guard !output.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError("--output must name a file (or - for standard output); it is empty")
        }
    }

    func execute(in context: CommandContext) async -> CommandOutput {
        var result = CommandOutput()
        let destination: ExportDestination
        do {
            destination = try ExportDestination(output, context: context)
        } catch {
            result.fail(error.message, status: error.status)
            return result
        }
        let format = self.format
        let written = await storage.withStorage(in: context, mustExist: true, into: &result) { storage -> (links: Int, missed: Int) in
            switch format {
            case .csv:
                let keys = try await Self.dataKeys(in: storage)
                let known = Set(keys)
                var missed = 0
                try destination.write(CSVTable(header: ShortLink.csvExportHeader(dataKeys: keys)).text)
                let count = try await Self.eachPage(of: storage) { links in
                    for link in links {
                        if !known.isSuperset(of: link.data.keys) { missed += 1 }
                        try destination.write(link.csvExportRow(dataKeys: keys).map(CSVTable.quoted).joined(separator: ",") + "\n")
                    }
                }
                return (count, missed)
            case .json:
                try destination.write("{\"links\": [")
                var first = true
                let count = try await Self.eachPage(of: storage) { links in
                    for link in links {
                        try destination.write((first ? "\n  " : ",\n  ") + JSONWriter.compact.string(for: link.json))
                        first = false
                    }
                }
                try destination.write(first ? "]}\n" : "\n]}\n")
                return (count, 0)
            }
        }
        guard let (written, missed) = written else {
            destination.abandon()
            return result
        }
        guard destination.complete(output, count: written, singular: "link", plural: "links", into: &result) else { return result }
        if missed > 0 {
            result.printError("""
                warning: \(missed) link\(missed == 1 ? " was" : "s were") given data keys while the export ran, after its header \
                was written: those values are missing; export again
                """)
            result.raise(to: .problemsFound)
        }
        return result
    }

    /// Runs `body` with each page of links, oldest first; returns how many links there were.
    static func eachPage(of storage: Storage, _ body: ([ShortLink]) throws -> Void) async throws -> Int {
        var query = LinkQuery(limit: pageSize, sort: .oldest)
        var count = 0
        while true {
            let links = try await storage.links(query)
            try body(links)
            count += links.count
            guard let last = links.last, links.count == pageSize else { return count }
            query.after = last.id
        }
    }

    /// Every data key of every link, sorted.
    static func dataKeys(in storage: Storage) async throws -> [String] {
        var keys = Set<String>()
        _ = try await eachPage(of: storage) { links in
            for link in links { keys.formUnion(link.data.keys) }
        }
        return keys.sorted()
    }
}
