import AppSiteAssociation
import ArgumentParser
import DeepLinkRouting

/// `landfall routes match --routes FILE URL...`: what the app's router decides for each URL.
struct RoutesMatchCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Route URLs with a route table, the way the app's DeepLinkRouting router will.",
        discussion: """
            Reads the table's hosts, schemes, routing options and routes (YAML or JSON; the \
            same sections as the server's site configuration) and prints, for every URL, the \
            decision - matched (with the route, its pattern and the parameters), fallback (the \
            host is accepted but no route fits: the app's fallback decides) or rejected (not \
            the app's link, and why).

            The exit status is 0 when every URL matched or fell back, 1 when any was rejected \
            or the table has a problem (a bad pattern, two identical routes, an unknown type), \
            and 2 for a usage error or a file that cannot be read.

            Examples:
              landfall routes match --routes Examples/routes.yml \\
                  https://example.com/puzzle/2025-10-25 'myapp://user/ada?tab=likes'
              landfall routes match --routes landfall.yml --format json https://www.example.com/docs/a/b
              cat routes.json | landfall routes match --routes - https://example.com/
            """
    )

    @Option(name: .long, help: ArgumentHelp(
        "The route table (YAML or JSON), or - to read standard input.", valueName: "file"))
    var routes: String

    @Argument(help: ArgumentHelp("One or more URLs to route, such as https://example.com/puzzle/2025-10-25.",
                                 valueName: "url"))
    var urls: [String] = []

    @OptionGroup var output: OutputFormatOptions

    func validate() throws {
        guard !urls.isEmpty else {
            throw ValidationError("give at least one URL to route, such as https://example.com/path")
        }
    }

    func execute(in context: CommandContext) -> CommandOutput {
        var result = CommandOutput()
        let input: InputFile
        do {
            input = try InputFile.read(routes, in: context)
        } catch {
            result.fail(error.description, status: .usageOrInputError)
            return result
        }
        let router: Router
        do {
            let (table, warnings) = try RouteTableReader.read(input)
            for warning in warnings { result.printError("warning: \(warning)") }
            router = try Router(table: table)
        } catch let error as RouteTableReader.Failure {
            result.fail(error.description, status: .problemsFound)
            return result
        } catch {
            result.fail("\(input.displayName): \(error)", status: .problemsFound)
            return result
        }

        let report = RoutesMatchReport(decisions: urls.map { ($0, router.route($0)) })
        switch output.format {
        case .text: result.standardOutput = report.text(style: context.style)
        case .json: result.standardOutput = JSONWriter.pretty.string(for: report.json)
        }
        let rejected = report.decisions.filter { $0.decision.name == "rejected" }.count
        if rejected > 0 {
            result.printError("error: \(rejected) of \(urls.count) URL\(urls.count == 1 ? " was" : "s were") rejected")
            result.raise(to: .problemsFound)
        }
        return result
    }
}
