import ArgumentParser
import Foundation
import LandfallLinks
import LandfallServer
import LandfallStorage

/// `landfall links disable LINK...`: the links answer 410 Gone until enabled.
struct LinksDisableCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "disable",
        abstract: "Disable links: they answer 410 Gone until enabled again.",
        discussion: """
            Names each link by its id, its short URL or its slug. A running server on the same \
            SQLite database stops redirecting within its link cache's time to live (10 s); \
            PostgreSQL instances hear of it at once. Exit status 1 when a link is not found \
            (the others are still disabled).

            Examples:
              landfall links disable winter
              landfall links disable https://go.daily.example.com/winter 0193a7c2-8f1e-7b3d-9c4a-5e6f7a8b9c0d
            """
    )

    @Argument(help: ArgumentHelp("The links: ids, short URLs or slugs.", valueName: "link"))
    var links: [String]

    @OptionGroup var site: LinkSiteOptions

    @OptionGroup var storage: StorageOptions

    func execute(in context: CommandContext) async -> CommandOutput {
        await LinksStateChange.run(disabled: true, links, site: site, storage: storage, in: context)
    }
}

/// `landfall links enable LINK...`: disabled links redirect again.
struct LinksEnableCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "enable",
        abstract: "Enable disabled links: they redirect again.",
        discussion: """
            Names each link by its id, its short URL or its slug. A running server on the same \
            SQLite database serves it again within its link cache's time to live (10 s); \
            PostgreSQL instances hear of it at once. Exit status 1 when a link is not found \
            (the others are still enabled).

            Examples:
              landfall links enable winter
            """
    )

    @Argument(help: ArgumentHelp("The links: ids, short URLs or slugs.", valueName: "link"))
    var links: [String]

    @OptionGroup var site: LinkSiteOptions

    @OptionGroup var storage: StorageOptions

    func execute(in context: CommandContext) async -> CommandOutput {
        await LinksStateChange.run(disabled: false, links, site: site, storage: storage, in: context)
    }
}

/// What `disable` and `enable` share.
enum LinksStateChange {
    static func run(disabled: Bool, _ references: [String], site siteOptions: LinkSiteOptions, storage: StorageOptions,
                    in context: CommandContext) async -> CommandOutput {
        var output = CommandOutput()
        guard let site = siteOptions.site(in: context, into: &output) else { return output }
        for reference in references {
            guard let (before, after) = await LinkCommandSupport.withWriter(storage, site: site, mustExist: true, in: context, into: &output, { writer, storage in
                let link = try await LinkCommandSupport.link(reference, site: site, storage: storage)
                return (link, try await writer.setDisabled(disabled, link))
            }) else { continue }
            let verb = disabled ? "disabled" : "enabled"
            if before.isDisabled == after.isDisabled {
                output.print("\(TerminalText.visible(after.url)) was already \(verb).")
            } else {
                output.print("\(TerminalText.visible(after.url)) is \(verb)\(disabled ? ": it answers 410 Gone" : ": it redirects again").")
            }
        }
        return output
    }
}
