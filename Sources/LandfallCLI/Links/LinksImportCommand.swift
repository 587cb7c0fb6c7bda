import ArgumentParser
import Foundation
import LandfallJSON
import LandfallLinks
import LandfallServer
import LandfallStorage

/// `landfall links import FILE...`: links from Landfall's CSV or JSON, or Firebase Dynamic Links'
/// Takeout export; all or nothing unless `--skip-invalid`; a row imported before is left alone.
struct LinksImportCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Create links from CSV or JSON files, or a Firebase Dynamic Links export, with a report of each row.",
        discussion: """
            Each file is one of three kinds, told apart by its content:

            Landfall's CSV. The first row names the columns, as the fields of POST /v1/links: \
            target (required), slug, host, overrides.ios, overrides.android, overrides.desktop, \
            preview.title, preview.description, preview.imageURL, campaign.source, \
            campaign.medium, campaign.name, campaign.term, campaign.content, expiresAt (RFC \
            3339), maxClicks, disabled (true or false), and data.KEY for the link's data; or by \
            the short names ios, android, desktop, title, description, image, campaign and \
            expires. Columns may come in any order; an empty cell leaves its field out. The file \
            is RFC 4180 CSV (quotes, doubled quotes, CRLF or LF, a UTF-8 byte order mark), as \
            spreadsheets save it. landfall links export writes it.

            Firebase Dynamic Links' export: the CSV Google Takeout gives for each URL prefix \
            (its header has short_link and link). The slug is the short link's last path \
            segment (https://example.page.link/Ab3x becomes https://LINK-HOST/Ab3x), link the \
            target, ifl, afl and ofl the iOS, Android and desktop fallbacks, st, sd and si the \
            preview, utm_* the campaign, name the link's data.name; archived links are kept \
            disabled. The apps (apn, ibi, isi, ius) come from landfall.yml for every link; the \
            report names every column not kept, with its values. Give every prefix's file at \
            once: the report covers them all, and the same slug in two files is a refusal.

            Landfall's JSON: {"links": [{"target": ..., "slug": ...}, ...]}, as POST \
            /v1/links/bulk takes it and landfall links export --format json writes it (the \
            exported links' id, url, times and clicks are left out), or the list alone.

            Every row is checked as the API checks a link (the slug policy, the destination \
            allowlist, an expiry in the past, a slug already taken) and reported by its row \
            number as a spreadsheet shows it (the header is row 1; in JSON the link's place \
            from 1), with the column at fault. A row whose slug already has a link with the same \
            settings is that link, imported before: it is left alone, so importing a file twice \
            changes nothing; a slug taken by a different link is a refusal. By default the import \
            is all or nothing: when any row is refused, no link is created (exit status 2). With \
            --skip-invalid, the refused rows are reported and skipped, and every other row is \
            created (exit status 1 when a row was skipped). --dry-run checks everything (slugs \
            taken included) and creates nothing. - reads standard input.

            Examples:
              landfall links import links.csv --dry-run
              landfall links import takeout/*.csv --dry-run
              landfall links import examples/demo/links.json --config landfall.yml
              landfall links import links.csv --skip-invalid --format json > report.json
            """
    )

    @Argument(help: ArgumentHelp("The files: Landfall CSV or JSON, or Firebase's Takeout CSV; - for standard input.", valueName: "file"))
    var files: [String]

    @Flag(name: .customLong("dry-run"), help: "Check every row and create nothing.")
    var dryRun = false

    @Flag(name: .customLong("skip-invalid"), help: "Create the valid rows and skip the refused ones (the default is all or nothing).")
    var skipInvalid = false

    @Option(help: "How to print the report: text for people, json for machines.")
    var format: LinkFormat = .text

    @OptionGroup var site: LinkSiteOptions

    @OptionGroup var storage: StorageOptions

    func validate() throws {
        if files.isEmpty { throw ValidationError("give the file to import (or - for standard input)") }
        if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("- (standard input) can be given once") }
    }

    func execute(in context: CommandContext) async -> CommandOutput {
        var output = CommandOutput()
        guard let site = self.site.site(in: context, into: &output) else { return output }
        var files: [LinkImportFile] = []
        for argument in self.files {
            do {
                let input = try InputFile.read(argument, in: context)
                guard let text = String(bytes: input.bytes, encoding: .utf8) else {
                    output.fail("\(input.nameInSentence) is not UTF-8 text; save it as UTF-8", status: .usageOrInputError)
                    return output
                }
                let file = try LinkImportFile(text: text, file: self.files.count > 1 ? argument : nil)
                if file.rows.isEmpty {
                    output.fail("\(input.nameInSentence) has no \(file.format == .json ? "links" : "rows under its header"); nothing to import", status: .usageOrInputError)
                    return output
                }
                files.append(file)
            } catch let error as InputError {
                output.fail(error.description, status: .usageOrInputError)
                return output
            } catch let problem as LinkImportProblem {
                output.fail(self.files.count > 1 ? problem.description : "\(argument): \(problem)", status: .usageOrInputError)
                return output
            } catch {
                output.fail("\(argument): \(error)", status: .usageOrInputError)
                return output
            }
        }
        let rows = files.flatMap(\.rows)
        let (dryRun, skipInvalid) = (self.dryRun, self.skipInvalid)
        let outcomes = await LinkCommandSupport.withWriter(storage, site: site, mustExist: false, in: context, into: &output) { writer, storage in
            try await LinkImport.importRows(rows, writer: writer, storage: storage, dryRun: dryRun, skipInvalid: skipInvalid)
        }
        guard let outcomes else { return output }
        let report = LinkImportReport(outcomes: outcomes, files: files, dryRun: dryRun, skipInvalid: skipInvalid)
        switch format {
        case .json: output.standardOutput = JSONWriter.pretty.string(for: report.json)
        case .text:
            for line in report.lines { output.print(TerminalText.visible(line)) }
            for note in report.fileNotes { output.printError(TerminalText.visible("note: " + note)) }
        }
        let refused = report.refused
        let rowCount = outcomes.count
        let unchanged = report.unchanged > 0 ? " \(report.unchanged) \(report.unchanged == 1 ? "was" : "were") there already, unchanged." : ""
        let from = self.files.count == 1 ? self.files[0] == "-" ? "standard input" : self.files[0] : "\(self.files.count) files"
        if dryRun {
            output.printError("Dry run: \(report.new) of \(rowCount) row\(rowCount == 1 ? "" : "s") would be created; nothing was stored.\(unchanged)")
            if refused > 0 { output.raise(to: .usageOrInputError) }
        } else if refused == 0, report.created == 0 {
            output.printError("Created no link from \(from): \(rowCount == 1 ? "its row was" : "all \(rowCount) rows were") there already, unchanged.")
        } else if refused == 0 {
            output.printError("Created \(report.created) link\(report.created == 1 ? "" : "s") from \(from).\(unchanged)")
        } else if skipInvalid {
            output.printError("Created \(report.created) link\(report.created == 1 ? "" : "s"); skipped \(refused) refused row\(refused == 1 ? "" : "s").\(unchanged)")
            output.raise(to: .problemsFound)
        } else {
            output.printError("""
                Created nothing: \(refused) of \(rowCount) rows \(refused == 1 ? "is" : "are") refused and the import is all or nothing. \
                Fix \(refused == 1 ? "it" : "them"), or give --skip-invalid to create the others.
                """)
            output.raise(to: .usageOrInputError)
        }
        return output
    }
}
