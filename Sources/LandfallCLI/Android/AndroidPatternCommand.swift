import AppSiteAssociation
import ArgumentParser
import LandfallJSON

/// `landfall android pattern --type KIND PATTERN TEXT...`: whether Android's `PatternMatcher`
/// matches each text with a `<data>` path pattern.
struct AndroidPatternCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "pattern",
        abstract: "Check paths against an Android path pattern, the way Android matches them.",
        discussion: """
            Android compares the path of a link with each path pattern of an intent filter's \
            <data> elements, with the code of android.os.PatternMatcher. The five types, each \
            written with its own attribute:

              literal        android:path - the whole path equals the pattern
              prefix         android:pathPrefix - the path starts with it
              simple-glob    android:pathPattern - . * and \\ are special
              advanced-glob  android:pathAdvancedPattern (API 26) - . [ ] * + { } \\
              suffix         android:pathSuffix (API 31) - the path ends with it

            A prefix is not a folder: /help matches /helpdesk. In a simple glob . is any \
            character, x* zero or more x, .* any run, and \\ makes the next character \
            literal. An advanced glob adds sets ([a-z], [^/]), + for one or more, and {2}, \
            {2,} or {2,4} for a number of repetitions.

            Escaping in XML: the build tools read a backslash in the attribute as an escape \
            before Android sees the pattern, so a literal * in a pathPattern is written "\\\\*" \
            in the manifest and a literal backslash "\\\\\\\\". Give PATTERN as Android receives \
            it, or as written in the manifest with --manifest-escaped (the command then prints \
            what Android receives).

            No backtracking: Android's globs are not regular expressions. In a simple glob, .* \
            runs only up to the first occurrence of the character after it: /.*\\.pdf does not \
            match /a.b.pdf, and /p/..*/edit matches /p/12/edit but not /p/1/2/edit; x* at the \
            very end needs at least one x. In an advanced glob every part takes all it can and \
            gives nothing back: .*a matches nothing. Android compares UTF-16 units, so an emoji \
            is two characters: /. does not match /😀, /.. does.

            Each TEXT gets a line, ✓ when the pattern matches it and ✗ when it does not. The \
            status is 0 when every TEXT matches, 1 when one does not, and 2 for a usage error \
            or an advanced pattern Android refuses (the error quotes Android's message).

            Examples:
              landfall android pattern --type simple-glob '/puzzle/..*' /puzzle/12 /puzzle/
              landfall android pattern --type simple-glob --manifest-escaped \\
                  '/files/.*\\\\.pdf' /files/a.pdf /files/a.b.pdf
              landfall android pattern --type advanced-glob '/u/[^/]+/edit' /u/bob/edit \\
                  --format json
            """
    )

    @Option(name: .customLong("type"), help: ArgumentHelp(
        "How the pattern compares: the <data> attribute it is written in.", valueName: "type"))
    var kind: AndroidPatternKind

    @Flag(help: "PATTERN is written as in the manifest's XML attribute (\\\\* for a literal *): undo the build tools' escaping first.")
    var manifestEscaped = false

    @Argument(help: ArgumentHelp("The path pattern, such as '/puzzle/..*'.", valueName: "pattern"))
    var pattern: String

    @Argument(help: ArgumentHelp("One or more paths to check, such as /puzzle/12.", valueName: "text"))
    var texts: [String]

    @OptionGroup var output: OutputFormatOptions

    func execute(in context: CommandContext) -> CommandOutput {
        var result = CommandOutput()
        let received = manifestEscaped ? AndroidPattern.unescapingManifestValue(pattern) : pattern
        let androidPattern: AndroidPattern
        do {
            androidPattern = try AndroidPattern(received, kind: kind)
        } catch {
            result.fail(TerminalText.visible(error.description), status: .usageOrInputError)
            if manifestEscaped && received != pattern {
                result.printError("  the manifest's value \(TerminalText.visible(pattern)) reaches Android as \(TerminalText.visible(received))")
            }
            return result
        }
        let verdicts = texts.map { (text: $0, matches: androidPattern.matches($0)) }
        switch output.format {
        case .text:
            let style = context.style
            if manifestEscaped {
                result.print("Android receives the pattern \(TerminalText.visible(received))")
            }
            for verdict in verdicts {
                let mark = verdict.matches ? style.paint("✓", .green) : style.paint("✗", .red)
                let why = verdict.matches ? nil : reason(androidPattern, rejects: verdict.text)
                result.print("\(mark) \(TerminalText.visible(verdict.text))" + (why.map { "  (\($0))" } ?? ""))
            }
        case .json:
            let objects = verdicts.map { verdict in
                JSONValue.object([("text", .string(verdict.text)), ("matches", .bool(verdict.matches))])
            }
            result.standardOutput = JSONWriter.pretty.string(for: .array(objects))
        }
        if verdicts.contains(where: { !$0.matches }) { result.raise(to: .problemsFound) }
        return result
    }

    /// Which part failed, where that is plain to say: the globs are matched in one pass without
    /// a record of where they stopped, so they get only the mark.
    func reason(_ pattern: AndroidPattern, rejects text: String) -> String? {
        let shown = TerminalText.visible(pattern.text)
        switch pattern.kind {
        case .literal: return "not exactly \(shown)"
        case .prefix: return "does not start with \(shown)"
        case .suffix: return "does not end with \(shown)"
        case .simpleGlob, .advancedGlob: return nil
        }
    }
}
