import ArgumentParser
import Foundation
import LandfallSite

/// `landfall config react-navigation FILE`: React Navigation's `linking` config for the site's
/// routes, as a TypeScript module or JSON, printed or merged into the app's file.
struct ConfigReactNavigationCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "react-navigation",
        abstract: "Print React Navigation's linking config (prefixes and a screen per route), or merge it into the app's file.",
        discussion: """
            The module exports `linking`: pass it to the navigation container, \
            <NavigationContainer linking={linking}>. Its prefixes are the site host, its aliases \
            and the interstitial host (https://, and http:// when routing.acceptsHTTP) and each \
            custom scheme (dailypuzzle://); its screens are the routes that open the app, named \
            as in landfall.yml, with React Navigation 7's paths: :param, :param? for an optional \
            group of one parameter, other optional groups as alias paths, and * for a catch-all \
            (matched, not captured). Parameters typed int or double get parse: Number.

            The link host is not a prefix: a short link's path is a slug, not a route. The module \
            also exports shortLinkPrefixes: resolve a URL starting with one first (GET \
            /v1/resolve?url= on the Landfall server, or LandfallKit), then open the URL it answers.

            --format json prints the linking object as JSON (no parse functions: JSON holds none).

            --merge FILE: for a .ts, .tsx, .js or .jsx file, the block between \
            `// landfall:begin` and `// landfall:end` is replaced (paste the printed module once \
            first); for a .json file, prefixes and config are replaced and every other key kept. \
            The file is written only when it changes; --dry-run prints the change as a unified \
            diff and writes nothing. Exit status: 0 when done, 2 when the configuration or the \
            file cannot be used.

            Examples:
              landfall config react-navigation examples/demo/landfall.yml > src/linking.ts
              landfall config react-navigation examples/demo/landfall.yml --format json
              landfall config react-navigation landfall.yml --merge src/linking.ts --dry-run
            """
    )

    /// The two forms of the config.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case typescript
        case json
    }

    @OptionGroup var options: AppFileOptions

    @Option(help: "What to print: typescript (a module exporting linking) or json (the linking object). --merge goes by the file's extension.")
    var format: Format = .typescript

    func execute(in context: CommandContext) -> CommandOutput {
        var output = CommandOutput()
        if let merge = options.merge {
            let fileExtension = URL(fileURLWithPath: merge).pathExtension.lowercased()
            guard ReactNavigationLinking.mergeableExtensions.contains(fileExtension) else {
                output.fail("\(merge) is not a file React Navigation's config can be merged into: expected a .ts, .tsx, .js, .jsx or .json file",
                            status: .usageOrInputError)
                return output
            }
        }
        guard let (site, plan) = options.plan(in: context, into: &output) else { return output }
        let linking = ReactNavigationLinking(plan: plan, configuration: site.configuration)
        let source = options.file == InputFile.standardInputArgument ? "standard input" : URL(fileURLWithPath: options.file).lastPathComponent
        let generated = format == .json ? linking.jsonText : linking.typeScript(source: source)
        let fileName = options.merge.map { URL(fileURLWithPath: $0).lastPathComponent } ?? ""
        AppFileOutput.deliver(generated: generated, options: options, in: context, into: &output) { original throws(AppFileMergeError) in
            try linking.merge(into: original, fileName: fileName, source: source)
        }
        return output
    }
}
