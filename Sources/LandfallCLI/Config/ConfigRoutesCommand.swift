import ArgumentParser
import Foundation
import LandfallSite

/// `landfall config routes FILE`: the route table an app's router loads.
struct ConfigRoutesCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "routes",
        abstract: "Print the route table (JSON) an app's DeepLinkRouting router loads, derived from a site configuration.",
        discussion: """
            The table lists every configured host (the interstitial host too: the app opens \
            links to it), the schemes, the routing options and the routes, so that the app \
            and the server route the same links the same way. Ship it in the app bundle and \
            load it with `RouteTable(json:)`.

            Example:
              landfall config routes examples/demo/landfall.yml > DailyPuzzle/routes.json
            """
    )

    @Argument(help: ArgumentHelp("The site configuration (YAML), or - to read standard input.", valueName: "file"))
    var file: String

    func execute(in context: CommandContext) -> CommandOutput {
        var result = CommandOutput()
        guard let site = SiteConfigurationInput.site(file, in: context, into: &result) else { return result }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            let data = try encoder.encode(site.configuration.routeTable)
            result.standardOutput = String(decoding: data, as: UTF8.self) + "\n"
        } catch {
            result.fail("could not encode the route table: \(error)", status: .problemsFound)
        }
        return result
    }
}
