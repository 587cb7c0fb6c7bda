import AppSiteAssociation
import ArgumentParser
import DeepLinkRouting
import LandfallJSON

/// `landfall routes match --routes FILE URL...`: what the app's router decides for each URL.
struct RoutesMatchCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Route URLs with a route table, the way the app's DeepLinkRouting router will.",
        discussion: """
            Reads the table's hosts, schemes, routing options and routes (YAML or JSON), or a \
            site configuration (landfall.yml: its route table is the one landfall config routes \
            writes for the app), and prints, for every URL, the \
            decision - matched (with the route, its pattern and the parameters), fallback (the \
            host is accepted but no route fits: the app's fallback decides) or rejected (not \
            the app's link, and why).

            With --examples, every URL listed under a route's `examples` is routed too, and \
            each must open its own route.

            The exit status is 0 when every URL matched or fell back, 1 when any was rejected, \
            an example did not open its route, or the table has a problem (a bad pattern, two \
            identical routes, an unknown type), and 2 for a usage error or a file that cannot \
            be read.

            Examples:
              landfall routes match --routes examples/routes.yml \\
                  https://example.com/puzzle/2025-10-25 'myapp://user/ada?tab=likes'
              landfall routes match --routes landfall.yml --format json \\
                  https://www.example.com/docs/a/b
              landfall routes match --routes examples/routes.yml --examples
              cat routes.json | landfall routes match --routes - https://example.com/
            """
    )

    @Option(name: .long, help: ArgumentHelp(
        "The route table (YAML or JSON), or - to read standard input.", valueName: "file"))
    var routes: String

    @Argument(help: ArgumentHelp("One or more URLs to route, such as https://example.com/puzzle/2025-10-25.",
                                 valueName: "url"))
    var urls: [String] = []

    @Flag(help: "Also route every example URL in the table; each must open its own route.")
    var examples = false

    @OptionGroup var output: OutputFormatOptions

    func validate() throws {
        guard !urls.isEmpty || examples else {
            throw ValidationError("give at least one URL to route, such as https://example.com/path, or --examples")
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
        let table: RouteTable
        do {
            let read = try RouteTableReader.read(input)
            for warning in read.warnings { result.printError("warning: \(warning)") }
            table = read.table
            router = try Router(table: table)
        } catch let error as RouteTableReader.Failure {
            result.fail(error.description, status: .problemsFound)
            return result
        } catch {
            result.fail("\(input.displayName): \(error)", status: .problemsFound)
            return result
        }

        var entries = urls.map { RoutesMatchReport.Entry(url: $0, decision: router.route($0), expectedRoute: nil) }
        if examples {
            for definition in table.routes {
                for url in definition.examples {
                    entries.append(RoutesMatchReport.Entry(url: url, decision: router.route(url),
                                                           expectedRoute: definition.effectiveName))
                }
            }
        }
        let report = RoutesMatchReport(entries: entries)
        switch output.format {
        case .text: result.standardOutput = report.text(style: context.style)
        case .json: result.standardOutput = JSONWriter.pretty.string(for: report.json)
        }
        let rejected = urls.isEmpty ? 0 : entries.prefix(urls.count).filter { $0.decision.name == "rejected" }.count
        if rejected > 0 {
            result.printError("error: \(rejected) of \(urls.count) URL\(urls.count == 1 ? " was" : "s were") rejected")
            result.raise(to: .problemsFound)
        }
        if examples {
            let mismatches = router.exampleMismatches(in: table)
            for mismatch in mismatches { result.printError("error: example \(mismatch)") }
            if !mismatches.isEmpty { result.raise(to: .problemsFound) }
            if table.routes.allSatisfy({ $0.examples.isEmpty }) {
                result.printError("warning: the table lists no examples")
            }
        }
        return result
    }
}
