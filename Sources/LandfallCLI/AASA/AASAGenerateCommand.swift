import AppSiteAssociation
import ArgumentParser
import Foundation

/// `landfall aasa generate`: writes an association file from options or a small YAML spec.
struct AASAGenerateCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write an apple-app-site-association file from app IDs and path rules.",
        discussion: """
            Describe the file with options - app IDs, paths that open the app, paths that must \
            not - or with a small YAML spec file for everything else (query and fragment rules, \
            settings, substitution variables, webcredentials and appclips).

            Rule order matters to iOS: the first rule that matches decides. On the command line \
            every --exclude comes first, then every --path, each in the order given, so an \
            exclusion is never hidden behind the broader path it carves out of. In a spec file \
            the rules keep the order they are written in.

            The file is written to standard output, or to --output. App IDs are checked \
            (<Team ID>.<bundle ID>, the Team ID 10 upper-case letters or digits); a bad one, an \
            unknown key in the spec, or a description whose file `landfall aasa validate` would \
            warn about (a rule that can never be reached, say) is an error (status 2) saying \
            where, and nothing is written.

            Examples:
              landfall aasa generate --app-id ABCDE12345.com.example.app \\
                  --path '/buy/*' --path '/help/*' --exclude '/help/website/*'
              landfall aasa generate --spec examples/aasa-spec.yml \\
                  --output apple-app-site-association

            A spec file:
              apps: [ABCDE12345.com.example.app]
              rules:
                - path: /help/website/*
                  exclude: true
                - path: /help/*
                  query: { articleNumber: "????" }
              webcredentials: [ABCDE12345.com.example.app]
            """
    )

    @Option(name: .customLong("app-id"), help: ArgumentHelp(
        "An app the rules open (<Team ID>.<bundle ID>); repeat for several.", valueName: "id"))
    var appIDs: [String] = []

    @Option(name: .customLong("path"), help: ArgumentHelp(
        "A path pattern that opens the app, such as '/buy/*'; repeat for several.", valueName: "pattern"))
    var paths: [String] = []

    @Option(name: .customLong("exclude"), help: ArgumentHelp(
        "A path pattern that must not open the app; repeat for several. Written before every --path.", valueName: "pattern"))
    var exclusions: [String] = []

    @Option(help: ArgumentHelp("A YAML spec file describing the file (instead of the options above); - reads standard input.",
                               valueName: "spec.yml"))
    var spec: String?

    @Flag(help: "Write compact JSON on one line instead of indented JSON.")
    var compact = false

    @Option(name: [.short, .long], help: ArgumentHelp("Write the file here instead of standard output.", valueName: "file"))
    var output: String?

    func validate() throws {
        if spec != nil {
            guard appIDs.isEmpty, paths.isEmpty, exclusions.isEmpty else {
                throw ValidationError("use either --spec or --app-id/--path/--exclude, not both")
            }
            return
        }
        guard !appIDs.isEmpty else {
            throw ValidationError("name at least one app with --app-id (such as ABCDE12345.com.example.app), or give --spec")
        }
        for appID in appIDs {
            if let problem = AssociationSpec.problem(withAppID: appID) { throw ValidationError("--app-id \(problem)") }
        }
        guard !paths.isEmpty else {
            throw ValidationError("give at least one --path that opens the app (--path '*' opens every URL)")
        }
        for pattern in paths + exclusions where pattern.isEmpty {
            throw ValidationError("a path pattern is empty; write '*' to match every path")
        }
        if output?.isEmpty == true { throw ValidationError("--output needs a file name") }
    }

    func execute(in context: CommandContext) -> CommandOutput {
        var result = CommandOutput()
        let description: AssociationSpec
        if let spec {
            do {
                let input = try InputFile.read(spec, in: context)
                guard let text = String(validating: input.bytes, as: UTF8.self) else {
                    result.fail("\(input.nameInSentence) is not UTF-8 text", status: .usageOrInputError)
                    return result
                }
                description = try AssociationSpecReader().read(text)
            } catch let error as InputError {
                result.fail(error.description, status: .usageOrInputError)
                return result
            } catch {
                result.fail("\(spec == "-" ? "standard input" : spec): \(error)", status: .usageOrInputError)
                return result
            }
        } else {
            description = AssociationSpec(apps: appIDs, paths: paths, exclusions: exclusions)
        }
        let text = description.file.encoded(style: compact ? .compact : .pretty)
        // Never write a file the linter would flag: a rule that can never be reached, an
        // undefined variable, a query written into a path, ...
        let problems = AssociationLinter().lint(Array(text.utf8)).diagnostics.filter { $0.severity >= .warning }
        guard problems.isEmpty else {
            result.fail("the description gives a file with problems, so nothing was written:", status: .usageOrInputError)
            for problem in problems {
                result.printError("  " + problem.description.replacingOccurrences(of: "\n", with: "\n  "))
            }
            return result
        }
        if let output {
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                result.fail("cannot write \"\(output)\": \(error.localizedDescription)", status: .usageOrInputError)
                return result
            }
            let rules = description.rules.count
            result.print("wrote \(output): \(description.apps.count) app\(description.apps.count == 1 ? "" : "s"), "
                         + "\(rules) rule\(rules == 1 ? "" : "s"), \(text.utf8.count) bytes")
        } else {
            result.standardOutput = text + (compact ? "\n" : "")
        }
        return result
    }
}
