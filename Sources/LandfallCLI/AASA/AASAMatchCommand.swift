import AppSiteAssociation
import ArgumentParser
import LandfallJSON

/// `landfall aasa match FILE URL...`: what iOS decides for each URL and app, and why.
struct AASAMatchCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Explain whether URLs open an app, the way iOS reads the file.",
        discussion: """
            For every URL and every app (all apps the file lists, or those named with --app-id) \
            prints the decision iOS makes - match (the app opens), exclude (an exclusion rule \
            decided: it does not) or no_match (no rule decided) - with the rule that decided \
            and every rule tried on the way.

            The exit status is 0 whenever the decisions could be made, whatever they are: the \
            decision is the output, not an error. To make a script fail on an unexpected \
            decision, say which one you expect with --expect; then the status is 1 when any \
            decision differs. The status is 2 for a usage error, an unreadable or undecodable \
            file, or a string that is not a URL.

            Examples:
              landfall aasa match examples/apple-app-site-association \\
                  'https://example.com/help/faq?articleNumber=481'
              landfall aasa match apple-app-site-association https://example.com/buy/1 \\
                  --app-id ABCDE12345.com.example.app --expect match --format json
              curl -s https://example.com/.well-known/apple-app-site-association \\
                  | landfall aasa match - https://example.com/buy/1
            """
    )

    @Argument(help: ArgumentHelp("The association file, or - to read standard input.", valueName: "file"))
    var file: String

    @Argument(help: ArgumentHelp("One or more URLs to decide, such as https://example.com/buy/1.", valueName: "url"))
    var urls: [String]

    @Option(name: .customLong("app-id"), help: ArgumentHelp(
        "An app to decide for (Team ID and bundle ID); repeat for several. Default: every app the file lists.",
        valueName: "id"))
    var appIDs: [String] = []

    @Option(help: ArgumentHelp(
        "The host the file is served from; a URL on another host never opens the app. Default: each URL's own host.",
        valueName: "host"))
    var host: String?

    @Option(help: ArgumentHelp(
        "Exit with status 1 unless every decision is this one.",
        valueName: "decision"))
    var expect: MatchDecision.Outcome?

    @OptionGroup var output: OutputFormatOptions

    func validate() throws {
        guard !urls.isEmpty else {
            throw ValidationError("give at least one URL after the file, such as https://example.com/path")
        }
        if appIDs.contains("") {
            throw ValidationError("--app-id needs an app ID, such as ABCDE12345.com.example.app")
        }
        if let host, host.isEmpty || host.contains("/") || host.contains(":") {
            throw ValidationError("--host takes a host name such as example.com, not \"\(host)\"")
        }
    }

    func execute(in context: CommandContext) -> CommandOutput {
        var result = CommandOutput()
        let input: InputFile
        let file: AssociationFile
        do {
            input = try InputFile.read(self.file, in: context)
            file = try AssociationFile(json: input.bytes)
        } catch let error as InputError {
            result.fail(error.description, status: .usageOrInputError)
            return result
        } catch {
            result.fail("\(self.file == "-" ? "standard input" : self.file) is not a usable association file: \(error)\n"
                        + "  run `landfall aasa validate \(self.file)` for every problem", status: .usageOrInputError)
            return result
        }
        guard let links = LinkURL.parsing(arguments: urls, into: &result) else { return result }

        let matcher = AssociationMatcher(file)
        let apps = appIDs.isEmpty ? matcher.appIDs : appIDs
        guard !apps.isEmpty else {
            result.fail("the file lists no apps in applinks.details, so no URL opens any app; "
                        + "name an app with --app-id to see how each rule compares", status: .problemsFound)
            return result
        }
        var explanations: [MatchExplanation] = []
        for link in links {
            for app in apps {
                explanations.append(matcher.explanation(for: link, appID: app, servedFrom: host))
            }
        }
        switch output.format {
        case .text:
            result.standardOutput = MatchReport(explanations: explanations, knownAppIDs: matcher.appIDs)
                .text(style: context.style)
        case .json:
            result.standardOutput = JSONWriter.pretty.string(for: MatchReport(explanations: explanations, knownAppIDs: matcher.appIDs).json)
        }
        if let expect {
            let unexpected = explanations.filter { $0.decision.outcome != expect }
            if !unexpected.isEmpty {
                result.printError("error: \(unexpected.count) of \(explanations.count) decisions are not \(expect.rawValue)")
                result.raise(to: .problemsFound)
            }
        }
        return result
    }
}

extension MatchDecision.Outcome: ExpressibleByArgument {}
