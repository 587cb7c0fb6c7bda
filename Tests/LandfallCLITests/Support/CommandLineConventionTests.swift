import AppSiteAssociation
import Foundation
import LandfallCLI
import Testing

/// The conventions every command shares: exit statuses, help, error prefixes, input reading.
@Suite struct CommandLineConventionTests {
    @Test(arguments: [["--help"], ["aasa", "--help"], ["aasa", "match", "--help"], ["aasa", "conformance", "--help"],
                      ["aasa", "generate", "--help"], ["help", "aasa", "match"]])
    func helpGoesToStandardOutputWithStatusZero(arguments: [String]) async {
        let output = await runLandfall(arguments)
        #expect(output.status == .success)
        #expect(output.standardOutput.contains("USAGE: landfall"))
        #expect(output.standardError.isEmpty)
    }

    @Test(arguments: ["match", "conformance", "generate"])
    func everyCommandsHelpHasAnExample(command: String) async {
        let output = await runLandfall(["aasa", command, "--help"])
        #expect(output.standardOutput.contains("Example"))
        #expect(output.standardOutput.contains("landfall aasa \(command) "))
    }

    @Test func anUnknownSubcommandIsAUsageErrorWithStatusTwo() async {
        let output = await runLandfall(["aasa", "lint"])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.hasPrefix("error: "))
        #expect(output.standardError.contains("Usage: landfall aasa"))
        #expect(output.standardOutput.isEmpty)
    }

    @Test func anUnknownOptionIsAUsageError() async {
        let output = await runLandfall(["aasa", "match", "x", "https://example.com/", "--colour"])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.hasPrefix("error: Unknown option '--colour'"))
    }

    @Test func anUnknownFormatIsAUsageError() async {
        let output = await runLandfall(["aasa", "match", "x", "https://example.com/", "--format", "yaml"])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains("Please provide one of 'text' and 'json'"))
    }

    @Test func aDirectoryIsNotAFile() throws {
        let folder = try CLIFixtures.temporaryFolder().path
        #expect(throws: InputError(input: folder, reason: "it is a directory, not a file")) {
            try InputFile.read(folder, in: CommandContext())
        }
    }

    @Test func anEmptyNameIsRejected() {
        #expect(throws: InputError(input: "", reason: "the file name is empty")) {
            try InputFile.read("", in: CommandContext())
        }
    }

    @Test func standardInputThatCannotBeReadIsAnInputError() throws {
        struct Closed: Error, CustomStringConvertible { var description: String { "bad file descriptor" } }
        let context = CommandContext { _ in throw Closed() }
        #expect(throws: InputError(input: "(standard input)", reason: "bad file descriptor")) {
            try InputFile.read("-", in: context)
        }
        #expect(InputError(input: "(standard input)", reason: "bad file descriptor").description
            == "cannot read standard input: bad file descriptor")
    }

    @Test func tooMuchStandardInputIsRefused() {
        let context = CommandContext { limit in [UInt8](repeating: 0x20, count: limit + 1) }
        #expect(throws: InputError.self) { try InputFile.read("-", in: context) }
    }

    @Test(arguments: [
        ([:], true, true),
        ([:], false, false),
        (["NO_COLOR": "1"], true, false),
        (["NO_COLOR": ""], true, true),
    ])
    func colourOnlyOnATerminalAndWithoutNoColor(environment: [String: String], terminal: Bool, colour: Bool) {
        let context = CommandContext(environment: environment, standardOutputIsTerminal: terminal)
        #expect(context.style.usesColor == colour)
        #expect(context.style.paint("x", .red) == (colour ? "\u{1B}[31mx\u{1B}[0m" : "x"))
    }

    @Test(arguments: [
        ("exlude", "exclude"), ("casesensitive", "caseSensitive"), ("appIds", "appIDs"), ("ruels", "rules"),
        ("zzz", nil as String?), ("p", nil),
    ])
    func suggestionsCatchTyposOnly(typo: String, suggestion: String?) {
        let known = ["exclude", "caseSensitive", "appIDs", "rules", "path"]
        #expect(NameSuggestion.closest(to: typo, among: known) == suggestion)
    }

    @Test func statusesOnlyGetWorse() {
        var output = CommandOutput()
        output.raise(to: .usageOrInputError)
        output.raise(to: .problemsFound)
        #expect(output.status == .usageOrInputError)
    }
}
