import ArgumentParser
import Foundation
import LandfallJSON
import LandfallLinks
import LandfallServer
import LandfallSite
import LandfallStorage

/// `landfall links update LINK --card NAME`: changes a link's card template, checked as
/// `PATCH /v1/links/{id}` checks it.
struct LinksUpdateCommand: AsyncReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Change which card template a short link's share card is drawn from.",
        discussion: """
            --card NAME names one of the site's card templates (cards: in landfall.yml, the \
            site given with --config, the built-in demo's without it): the link's share card \
            is drawn from it instead of its target route's card. --route-card goes back to the \
            route's card. A name the site has no template for is refused, naming those it has, \
            as PATCH /v1/links/{id} refuses it. Other fields are changed through the API or the \
            dashboard. Prints what changed on standard output (with --format json: the link as \
            the API returns it).

            Examples:
              landfall links update friday --card invitation
              landfall links update https://go.daily.example.com/friday --route-card
            """
    )

    @Argument(help: ArgumentHelp("The link: its id, short URL or slug.", valueName: "link"))
    var link: String

    @Option(help: ArgumentHelp("The site's card template (cards: in landfall.yml) to draw the link's share card from.", valueName: "name"))
    var card: String?

    @Flag(name: .customLong("route-card"), help: "Draw the link's share card from its target route's card again.")
    var routeCard = false

    @Option(help: "How to print the link: text (what changed) or json (the link as the API returns it).")
    var format: LinkFormat = .text

    @OptionGroup var site: LinkSiteOptions

    @OptionGroup var storage: StorageOptions

    func validate() throws {
        guard (card != nil) != routeCard else {
            throw ValidationError("give --card NAME (a template of the site's cards:) or --route-card, one of them")
        }
        if card?.isEmpty == true { throw ValidationError("--card is empty; give a template's name, or --route-card for the route's card") }
    }

    /// The change asked for.
    var patch: LinkPatch {
        LinkPatch(card: card.map(PatchField.set) ?? .cleared)
    }

    func execute(in context: CommandContext) async -> CommandOutput {
        var output = CommandOutput()
        guard let site = self.site.site(in: context, into: &output) else { return output }
        let reference = link
        let patch = self.patch
        guard let changed = await LinkCommandSupport.withWriter(storage, site: site, mustExist: true, in: context, into: &output, { writer, storage in
            let link = try await LinkCommandSupport.link(reference, site: site, storage: storage)
            return try await writer.update(link, with: patch)
        }) else { return output }
        switch format {
        case .json: output.standardOutput = JSONWriter.pretty.string(for: changed.json)
        case .text:
            let what = changed.card.map { "the card template '\($0)'" } ?? "its target route's card"
            output.print("\(TerminalText.visible(changed.url)) has \(what).")
        }
        return output
    }
}
