import ArgumentParser
import LandfallSite

/// `landfall config associations FILE`: the association files the server would serve.
struct ConfigAssociationsCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "associations",
        abstract: "Print the apple-app-site-association or assetlinks.json the server generates from a site configuration.",
        discussion: """
            The file is exactly what `landfall serve` serves at \
            /.well-known/apple-app-site-association (or /.well-known/assetlinks.json with \
            --android) on every configured host.

            Examples:
              landfall config associations examples/demo/landfall.yml
              landfall config associations examples/demo/landfall.yml --android > assetlinks.json
            """
    )

    @Argument(help: ArgumentHelp("The site configuration (YAML), or - to read standard input.", valueName: "file"))
    var file: String

    @Flag(help: "Print assetlinks.json instead of apple-app-site-association.")
    var android = false

    func execute(in context: CommandContext) -> CommandOutput {
        var result = CommandOutput()
        guard let site = SiteConfigurationInput.site(file, in: context, into: &result) else { return result }
        result.standardOutput = (android ? site.assetLinksJSON : site.appleAssociationJSON) + "\n"
        return result
    }
}
