import AppSiteAssociation
import ArgumentParser
import Foundation
import LandfallJSON

/// `landfall aasa validate FILE...`: lints association files and reports every problem.
struct AASAValidateCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Lint apple-app-site-association and assetlinks.json files.",
        discussion: """
            Reports everything that makes iOS (or Android) read a file differently from how it \
            looks: invalid JSON, wrong types, malformed app IDs, misspelt keys (with a "did you \
            mean"), rules that can never be reached, undefined substitution variables, a file \
            over 128 KB, and more. Each problem has a stable code, a severity (error, warning, \
            info), its place in the file and, where there is one, a fix. \
            `landfall aasa validate --list-codes` lists every code.

            A file named assetlinks.json, or whose JSON is an array, is checked as assetlinks.json; \
            any other as apple-app-site-association. --kind overrides this (useful with -).

            Exit status: 0 when every file passes, 1 when any file has an error (or, with \
            --strict, a warning), 2 for a usage error or a file that cannot be read.

            Examples:
              landfall aasa validate examples/apple-app-site-association \\
                  examples/assetlinks.json
              curl -s https://example.com/.well-known/apple-app-site-association \\
                  | landfall aasa validate --strict -
              landfall aasa validate --format json apple-app-site-association
            """
    )

    @Argument(help: ArgumentHelp("Files to check, or - to read standard input.", valueName: "file"))
    var files: [String] = []

    @Option(help: ArgumentHelp("Check every file as this kind. Default: decide per file.", valueName: "kind"))
    var kind: AssociationFileKind?

    @Flag(help: "Fail on warnings too, not only on errors.")
    var strict = false

    @Flag(name: .customLong("list-codes"), help: "List every diagnostic code with its severity and meaning, then exit.")
    var listCodes = false

    @OptionGroup var output: OutputFormatOptions

    func validate() throws {
        if listCodes {
            guard files.isEmpty else { throw ValidationError("--list-codes takes no files") }
            return
        }
        guard !files.isEmpty else {
            throw ValidationError("give at least one file to check, or - to read standard input")
        }
        guard files.filter({ $0 == InputFile.standardInputArgument }).count <= 1 else {
            throw ValidationError("standard input (-) can be read only once")
        }
    }

    /// One file's result.
    struct FileReport {
        var input: InputFile
        var kind: AssociationFileKind
        var report: LintReport
    }

    func execute(in context: CommandContext) -> CommandOutput {
        if listCodes { return codeCatalogue(style: context.style) }
        var result = CommandOutput()
        var reports: [FileReport] = []
        for argument in files {
            do {
                let input = try InputFile.read(argument, in: context)
                let kind = self.kind ?? AssociationFileKind.detect(input)
                let report = switch kind {
                case .aasa: AssociationLinter().lint(input.bytes)
                case .assetlinks: AssetLinksLinter().lint(input.bytes)
                }
                reports.append(FileReport(input: input, kind: kind, report: report))
            } catch {
                result.fail(error.description, status: .usageOrInputError)
            }
        }
        switch output.format {
        case .text:
            result.standardOutput = text(reports, style: context.style)
        case .json:
            result.standardOutput = JSONWriter.pretty.string(for: json(reports))
        }
        if reports.contains(where: { !$0.report.passes(strict: strict) }) { result.raise(to: .problemsFound) }
        return result
    }

    /// ```
    /// broken-aasa.json: failed (1 error, 1 warning)
    ///   error[aasa.malformed-app-id] applinks.details[0].appIDs[0] (line 5, column 20): ...
    ///     fix: ...
    ///
    /// 2 files checked: 1 passed, 1 failed
    /// ```
    func text(_ reports: [FileReport], style: TerminalStyle) -> String {
        var lines: [String] = []
        for (index, file) in reports.enumerated() {
            if index > 0 { lines.append("") }
            let passed = file.report.passes(strict: strict)
            let counts = Self.counts(file.report)
            let verdict = passed ? style.paint("passed", .green) : style.paint("failed", .red)
            let kindNote = file.input.fileName.lowercased().contains(file.kind.fileName) ? "" : " [\(file.kind.fileName)]"
            lines.append(style.paint(TerminalText.visible(file.input.displayName), .bold) + kindNote + ": " + verdict + (counts.isEmpty ? "" : " (\(counts))"))
            for diagnostic in file.report.diagnostics {
                var place = diagnostic.path.map { " \($0)" } ?? ""
                if let location = diagnostic.location { place += " (\(location))" }
                // Messages quote the file, which may have been fetched from a server.
                lines.append("  " + Self.paint(diagnostic.severity, style) + TerminalText.visible("[\(diagnostic.code)]\(place): \(diagnostic.message)"))
                if let fix = diagnostic.fix { lines.append("    " + style.paint("fix:", .cyan) + " " + TerminalText.visible(fix)) }
            }
        }
        if !reports.isEmpty { lines.append("") }
        let failed = reports.filter { !$0.report.passes(strict: strict) }.count
        let checked = "\(reports.count) file\(reports.count == 1 ? "" : "s") checked"
        lines.append("\(checked): \(reports.count - failed) passed, \(failed) failed" + (strict ? " (--strict: warnings fail)" : ""))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `[{"file", "kind", "passed", "diagnostics": [{"code", "severity", "path", "line", "column", "message", "fix"}]}]`.
    func json(_ reports: [FileReport]) -> JSONValue {
        .array(reports.map { file in
            .object([
                ("file", .string(file.input.argument)),
                ("kind", .string(file.kind.rawValue)),
                ("passed", .bool(file.report.passes(strict: strict))),
                ("diagnostics", .array(file.report.diagnostics.map { diagnostic in
                    .object([
                        ("code", .string(diagnostic.code)),
                        ("severity", .string(diagnostic.severity.rawValue)),
                        ("path", diagnostic.path.map { .string($0.description) } ?? .null),
                        ("line", diagnostic.location.map { JSONValue(.number(String($0.line))) } ?? .null),
                        ("column", diagnostic.location.map { JSONValue(.number(String($0.column))) } ?? .null),
                        ("message", .string(diagnostic.message)),
                        ("fix", diagnostic.fix.map(JSONValue.string) ?? .null),
                    ])
                })),
            ])
        })
    }

    /// Every code both linters can report (or one linter's, with --kind).
    func codeCatalogue(style: TerminalStyle) -> CommandOutput {
        typealias Entry = (kind: AssociationFileKind, code: String, severity: Diagnostic.Severity, summary: String)
        var entries: [Entry] = []
        if kind != .assetlinks {
            entries += AASALintCode.allCases.map { (.aasa, $0.rawValue, $0.severity, $0.summary) }
        }
        if kind != .aasa {
            entries += AssetLinksLintCode.allCases.map { (.assetlinks, $0.rawValue, $0.severity, $0.summary) }
        }
        var result = CommandOutput()
        switch output.format {
        case .text:
            let width = entries.map(\.code.count).max() ?? 0
            var current: AssociationFileKind?
            for entry in entries {
                if entry.kind != current {
                    if current != nil { result.print() }
                    result.print(style.paint(entry.kind.fileName, .bold))
                    current = entry.kind
                }
                let severity = entry.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
                let code = entry.code.padding(toLength: width, withPad: " ", startingAt: 0)
                result.print("  \(Self.paint(entry.severity, style, text: severity)) \(code)  \(entry.summary)")
            }
        case .json:
            result.standardOutput = JSONWriter.pretty.string(for: .array(entries.map { entry in
                .object([("code", .string(entry.code)), ("kind", .string(entry.kind.rawValue)),
                         ("severity", .string(entry.severity.rawValue)), ("summary", .string(entry.summary))])
            }))
        }
        return result
    }

    /// `1 error, 2 warnings, 1 info`, or empty when there is nothing.
    static func counts(_ report: LintReport) -> String {
        Diagnostic.Severity.allCases.reversed().compactMap { severity in
            let count = report.diagnostics(severity).count
            guard count > 0 else { return nil }
            return severity == .info ? "\(count) info" : "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
        }.joined(separator: ", ")
    }

    static func paint(_ severity: Diagnostic.Severity, _ style: TerminalStyle, text: String? = nil) -> String {
        let text = text ?? severity.rawValue
        switch severity {
        case .error: return style.paint(text, .red)
        case .warning: return style.paint(text, .yellow)
        case .info: return style.paint(text, .blue)
        }
    }
}
