import AppSiteAssociation
import ArgumentParser
import LandfallJSON
import LandfallSite

/// `landfall config check FILE`: the validation `landfall serve` runs before it starts.
struct ConfigCheckCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a site configuration the way `landfall serve` does, without starting a server.",
        discussion: """
            Reads the file and reports every problem with its line, column and key, and what \
            is expected there: unknown keys (with the likely spelling), bad host names, app \
            IDs and fingerprints, routes the router refuses, placeholders and embargoes that \
            name no parameter, and routes that claim a path the server answers itself. It \
            then generates the association files and checks them with `landfall aasa \
            validate --strict`, and proves that every route's example URL opens that route \
            in the router and its apps in the generated files (and that a route with \
            `opensApp: false` opens none).

            The exit status is 0 when the server would start, 1 when it would refuse the \
            file, and 2 when the file cannot be read.

            Examples:
              landfall config check landfall.yml
              landfall config check examples/demo/landfall.yml --format json
            """
    )

    @Argument(help: ArgumentHelp("The site configuration (YAML), or - to read standard input.", valueName: "file"))
    var file: String

    @OptionGroup var output: OutputFormatOptions

    func execute(in context: CommandContext) -> CommandOutput {
        var result = CommandOutput()
        guard let (site, issues, source) = SiteConfigurationInput.check(file, in: context, into: &result) else { return result }
        let errors = issues.filter { $0.severity == .error }.count
        let warnings = issues.count - errors
        switch output.format {
        case .text:
            for issue in issues { result.print(TerminalText.visible(issue.description(in: source))) }
            if let site {
                let configuration = site.configuration
                result.print("\(source): ok: \(configuration.routes.count) route\(configuration.routes.count == 1 ? "" : "s"), "
                             + "\(configuration.apps.count) app\(configuration.apps.count == 1 ? "" : "s"), "
                             + "\(configuration.hosts.servedHosts.count) host\(configuration.hosts.servedHosts.count == 1 ? "" : "s")"
                             + (warnings > 0 ? ", \(warnings) warning\(warnings == 1 ? "" : "s")" : ""))
            } else {
                result.print("\(source): refused: \(errors) error\(errors == 1 ? "" : "s")"
                             + (warnings > 0 ? ", \(warnings) warning\(warnings == 1 ? "" : "s")" : ""))
            }
        case .json:
            let entries = issues.map { issue in
                JSONValue(.object([
                    JSONMember(key: "severity", value: JSONValue(.string(issue.severity.rawValue))),
                    JSONMember(key: "path", value: JSONValue(.string(issue.path))),
                    JSONMember(key: "line", value: issue.line.map { JSONValue(.number(String($0))) } ?? JSONValue(.null)),
                    JSONMember(key: "column", value: issue.column.map { JSONValue(.number(String($0))) } ?? JSONValue(.null)),
                    JSONMember(key: "message", value: JSONValue(.string(issue.message))),
                ]))
            }
            result.standardOutput = JSONWriter.pretty.string(for: JSONValue(.object([
                JSONMember(key: "file", value: JSONValue(.string(source))),
                JSONMember(key: "valid", value: JSONValue(.bool(site != nil))),
                JSONMember(key: "issues", value: JSONValue(.array(entries))),
            ]))) + "\n"
        }
        if site == nil { result.raise(to: .problemsFound) }
        return result
    }
}
