import ArgumentParser
import Foundation
import LandfallJSON
import LandfallLinks
import LandfallServer
import LandfallStorage

/// `landfall links import FILE.csv`: one link per row, all or nothing unless `--skip-invalid`.
struct LinksImportCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Create links from a CSV file, one per row, with a report of each row.",
        discussion: """
            The first row names the columns, as the fields of POST /v1/links: target (required), \
            slug, host, overrides.ios, overrides.android, overrides.desktop, preview.title, \
            preview.description, preview.imageURL, campaign.source, campaign.medium, \
            campaign.name, campaign.term, campaign.content, expiresAt (RFC 3339), maxClicks, \
            disabled (true or false), and data.KEY for the link's data; or by the short names \
            ios, android, desktop, title, description, image, campaign and expires. Columns may \
            come in any order; an empty cell leaves its field out. The file is RFC 4180 CSV \
            (quotes, doubled quotes, CRLF or LF, a UTF-8 byte order mark), as spreadsheets save \
            it; - reads standard input.

            Every row is checked as the API checks a link (the slug policy, the destination \
            allowlist, an expiry in the past, a slug already taken) and reported by its row \
            number as a spreadsheet shows it (the header is row 1), with the column at fault. \
            By default the import is all or nothing: when any row is refused, no link is \
            created (exit status 2). With --skip-invalid, the refused rows are reported and \
            skipped, and every other row is created (exit status 1 when a row was skipped). \
            --dry-run checks everything (slugs taken included) and creates nothing.

            Examples:
              landfall links import links.csv --dry-run
              landfall links import links.csv --config landfall.yml
              landfall links import links.csv --skip-invalid --format json > report.json
            """
    )

    @Argument(help: ArgumentHelp("The CSV file, or - for standard input.", valueName: "file.csv"))
    var file: String

    @Flag(name: .customLong("dry-run"), help: "Check every row and create nothing.")
    var dryRun = false

    @Flag(name: .customLong("skip-invalid"), help: "Create the valid rows and skip the refused ones (the default is all or nothing).")
    var skipInvalid = false

    @Option(help: "How to print the report: text for people, json for machines.")
    var format: LinkFormat = .text

    @OptionGroup var site: LinkSiteOptions

    @OptionGroup var storage: StorageOptions

    func execute(in context: CommandContext) async -> CommandOutput {
        var output = CommandOutput()
        guard let site = self.site.site(in: context, into: &output) else { return output }
        let file: LinkCSVImport
        do {
            let input = try InputFile.read(self.file, in: context)
            guard let text = String(bytes: input.bytes, encoding: .utf8) else {
                output.fail("\(input.nameInSentence) is not UTF-8 text; save the CSV as UTF-8", status: .usageOrInputError)
                return output
            }
            file = try LinkCSVImport(csv: text)
        } catch let error as InputError {
            output.fail(error.description, status: .usageOrInputError)
            return output
        } catch {
            output.fail("\(self.file): \(error)", status: .usageOrInputError)
            return output
        }
        if file.rows.isEmpty {
            output.fail("\(self.file) has no rows under its header; nothing to import", status: .usageOrInputError)
            return output
        }
        let (dryRun, skipInvalid) = (self.dryRun, self.skipInvalid)
        let outcomes = await LinkCommandSupport.withWriter(storage, site: site, mustExist: false, in: context, into: &output) { writer, storage in
            try await LinkImport.importRows(file, writer: writer, storage: storage, dryRun: dryRun, skipInvalid: skipInvalid)
        }
        guard let outcomes else { return output }
        let refused = outcomes.filter { !$0.problems.isEmpty }
        let stored = !dryRun && (skipInvalid || refused.isEmpty)
        let created = stored ? outcomes.filter { $0.link != nil }.count : 0
        switch format {
        case .json:
            output.standardOutput = JSONWriter.pretty.string(for: .object([
                ("created", .integer(created)),
                ("refused", .integer(refused.count)),
                ("dryRun", .bool(dryRun)),
                ("rows", .array(outcomes.map { outcome in
                    var members: [(String, JSONValue)] = [("row", .integer(outcome.row))]
                    if let link = outcome.link, outcome.problems.isEmpty {
                        members.append(((stored ? "url" : "wouldBe"), .string(link.url)))
                        if stored { members.append(("id", .string(link.id.rawValue))) }
                    }
                    if !outcome.problems.isEmpty {
                        members.append(("problems", .array(outcome.problems.map { problem in
                            .object([("column", .optional(problem.column)), ("message", .string(problem.message))])
                        })))
                    }
                    return .object(members)
                })),
            ]))
        case .text:
            for outcome in outcomes {
                if outcome.problems.isEmpty, let link = outcome.link {
                    output.print("row \(outcome.row)  \(TerminalText.visible(link.url))\(stored ? "" : "  (not created)")")
                }
                for problem in outcome.problems {
                    output.print(TerminalText.visible("row \(outcome.row)  error: " + (problem.column.map { "column \($0): " } ?? "") + problem.message))
                }
            }
        }
        let rows = outcomes.count
        if dryRun {
            output.printError("Dry run: \(rows - refused.count) of \(rows) rows would be created; nothing was stored.")
            if !refused.isEmpty { output.raise(to: .usageOrInputError) }
        } else if refused.isEmpty {
            output.printError("Created \(created) link\(created == 1 ? "" : "s") from \(self.file).")
        } else if skipInvalid {
            output.printError("Created \(created) link\(created == 1 ? "" : "s"); skipped \(refused.count) refused row\(refused.count == 1 ? "" : "s").")
            output.raise(to: .problemsFound)
        } else {
            output.printError("""
                Created nothing: \(refused.count) of \(rows) rows \(refused.count == 1 ? "is" : "are") refused and the import is all or nothing. \
                Fix \(refused.count == 1 ? "it" : "them"), or give --skip-invalid to create the others.
                """)
            output.raise(to: .usageOrInputError)
        }
        return output
    }
}
