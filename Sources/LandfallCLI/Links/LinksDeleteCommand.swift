import ArgumentParser
import Foundation
import LandfallLinks
import LandfallServer
import LandfallStorage

/// `landfall links delete LINK... [--yes]`: the links and their counts are gone.
struct LinksDeleteCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete links and their counts.",
        discussion: """
            Names each link by its id, its short URL or its slug. On a terminal it asks before \
            deleting; when standard input is not a terminal (a script), nothing can be asked, \
            so --yes is required. A deleted link cannot be brought back: its short URL answers \
            404 (a running server on the same SQLite database within its link cache's time to \
            live, 10 s; PostgreSQL instances at once) and its slug is free again. To stop a \
            link for a while, disable it instead.

            Examples:
              landfall links delete winter
              landfall links delete winter spring --yes
            """
    )

    @Argument(help: ArgumentHelp("The links: ids, short URLs or slugs.", valueName: "link"))
    var links: [String]

    @Flag(help: "Delete without asking (required when standard input is not a terminal).")
    var yes = false

    @OptionGroup var site: LinkSiteOptions

    @OptionGroup var storage: StorageOptions

    func execute(in context: CommandContext) async -> CommandOutput {
        var output = CommandOutput()
        guard let site = self.site.site(in: context, into: &output) else { return output }
        if !yes {
            guard isatty(STDIN_FILENO) == 1 else {
                output.fail("""
                    delete asks before deleting, and standard input is not a terminal to ask on; \
                    give --yes to delete \(links.count == 1 ? "the link" : "these \(links.count) links") without asking
                    """, status: .usageOrInputError)
                return output
            }
            FileHandle.standardError.write(Data("Delete \(links.count == 1 ? "1 link" : "\(links.count) links") and their counts? This cannot be undone. [y/N] ".utf8))
            guard let answer = readLine(), ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased()) else {
                output.fail("nothing deleted", status: .problemsFound)
                return output
            }
        }
        for reference in links {
            guard let link = await LinkCommandSupport.withWriter(storage, site: site, mustExist: true, in: context, into: &output, { writer, storage in
                let link = try await LinkCommandSupport.link(reference, site: site, storage: storage)
                try await writer.delete(link)
                return link
            }) else { continue }
            output.print("Deleted \(TerminalText.visible(link.url)) (id \(link.id)).")
        }
        return output
    }
}
