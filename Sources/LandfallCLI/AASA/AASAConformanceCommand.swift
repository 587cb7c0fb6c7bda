import AppSiteAssociation
import ArgumentParser
import LandfallJSON

/// `landfall aasa conformance CASES.json...`: runs matching cases and reports disagreements.
struct AASAConformanceCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Run files of matching cases and report every decision that differs.",
        discussion: """
            A case file (format landfall-aasa-conformance/1) lists cases, each an association \
            file, the host it is served from, a URL and the decision expected for some app IDs. \
            Every disagreement is printed with the explanation of the decision made. The last \
            line is always `N passed, M failed`, counting one per app ID checked.

            Exit status: 0 when every case passes, 1 when any fails, 2 when a case file cannot \
            be read.

            Example:
              landfall aasa conformance Tests/Fixtures/conformance/aasa-matching.json
            """
    )

    @Argument(help: ArgumentHelp("Case files, or - to read one from standard input.", valueName: "cases.json"))
    var files: [String]

    @OptionGroup var output: OutputFormatOptions

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one case file") }
        guard files.filter({ $0 == InputFile.standardInputArgument }).count <= 1 else {
            throw ValidationError("standard input (-) can be read only once")
        }
    }

    /// One case's results, with what is needed to show it.
    struct CaseOutcome {
        var file: String
        var testCase: ConformanceSuite.Case
        var results: [ConformanceSuite.Result]
    }

    func execute(in context: CommandContext) -> CommandOutput {
        var result = CommandOutput()
        var outcomes: [CaseOutcome] = []
        for argument in files {
            let suite: ConformanceSuite
            do {
                let input = try InputFile.read(argument, in: context)
                do {
                    suite = try ConformanceSuite(json: input.bytes)
                } catch {
                    result.fail("\(input.nameInSentence) is not a case file: \(error)", status: .usageOrInputError)
                    continue
                }
            } catch {
                result.fail(error.description, status: .usageOrInputError)
                continue
            }
            for testCase in suite.cases {
                var single = suite
                single.cases = [testCase]
                outcomes.append(CaseOutcome(file: argument, testCase: testCase, results: single.run()))
            }
        }
        let all = outcomes.flatMap(\.results)
        let failed = all.filter { !$0.passed }.count
        switch output.format {
        case .text:
            let style = context.style
            for outcome in outcomes {
                for item in outcome.results where !item.passed {
                    let actual = item.actual?.rawValue ?? "an error"
                    let place = files.count > 1 ? " (\(outcome.file))" : ""
                    result.print("\(style.paint("FAIL", .red)) \(outcome.testCase.name)\(place): \(outcome.testCase.url) for \(item.appID)")
                    result.print("  expected \(item.expected.rawValue), got \(actual)")
                    if let domain = outcome.testCase.domain { result.print("  file served from \(domain)") }
                    if let source = outcome.testCase.source { result.print("  source: \(source)") }
                    for line in item.explanation { result.print("  " + line) }
                    result.print()
                }
            }
            result.print("\(all.count - failed) passed, \(failed) failed")
        case .json:
            result.standardOutput = JSONWriter.pretty.string(for: .object([
                ("passed", JSONValue(.number(String(all.count - failed)))),
                ("failed", JSONValue(.number(String(failed)))),
                ("results", .array(outcomes.flatMap { outcome in
                    outcome.results.map { item in
                        .object([
                            ("file", .string(outcome.file)),
                            ("case", .string(item.caseName)),
                            ("url", .string(outcome.testCase.url)),
                            ("appID", .string(item.appID)),
                            ("expected", .string(item.expected.rawValue)),
                            ("actual", item.actual.map { .string($0.rawValue) } ?? .null),
                            ("passed", .bool(item.passed)),
                            ("explanation", .array(item.explanation.map(JSONValue.string))),
                        ])
                    }
                })),
            ]))
        }
        if failed > 0 { result.raise(to: .problemsFound) }
        return result
    }
}
