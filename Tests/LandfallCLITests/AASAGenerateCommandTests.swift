import AppSiteAssociation
import Foundation
import LandfallCLI
import Testing

@Suite struct AASAGenerateCommandTests {
    let app = "ABCDE12345.com.example.app"

    @Test func optionsGiveExclusionsFirstThenPathsInTheOrderGiven() async throws {
        let output = await runLandfall(["aasa", "generate", "--app-id", app, "--path", "/buy/*", "--exclude", "/help/website/*",
                                        "--path", "/help/*", "--exclude", "/buy/gift-cards/*"])
        #expect(output.status == .success)
        let file = try AssociationFile(json: output.standardOutput)
        let detail = try #require(file.appLinks?.details.first)
        #expect(detail.appIDs == [app])
        #expect(detail.components == [
            ComponentRule(path: "/help/website/*", exclude: true),
            ComponentRule(path: "/buy/gift-cards/*", exclude: true),
            ComponentRule(path: "/buy/*"),
            ComponentRule(path: "/help/*"),
        ])
        #expect(output.standardOutput == file.encoded(style: .pretty))
    }

    @Test func theGeneratedFileDecidesAsDescribed() async throws {
        let output = await runLandfall(["aasa", "generate", "--app-id", app, "--path", "/help/*", "--exclude", "/help/website/*"])
        let matcher = AssociationMatcher(try AssociationFile(json: output.standardOutput))
        #expect(try matcher.decision(for: "https://example.com/help/faq", appID: app).outcome == .match)
        #expect(try matcher.decision(for: "https://example.com/help/website/x", appID: app).outcome == .exclude)
        #expect(try matcher.decision(for: "https://example.com/", appID: app).outcome == .noMatch)
    }

    @Test func compactOutputIsOneLine() async {
        let output = await runLandfall(["aasa", "generate", "--app-id", app, "--path", "*", "--compact"])
        #expect(output.standardOutput == #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"*"}]}]}}"# + "\n")
    }

    @Test func theExampleSpecGivesTheExampleFile() async throws {
        let output = await runLandfall(["aasa", "generate", "--spec", CLIFixtures.example("aasa-spec.yml")])
        #expect(output.status == .success, "\(output.standardError)")
        let generated = try AssociationFile(json: output.standardOutput)
        let example = try AssociationFile(json: Array(try Data(contentsOf: URL(fileURLWithPath: CLIFixtures.example("apple-app-site-association")))))
        // The example file also sets percentEncoded in its detail's defaults, which a spec cannot.
        var expected = example
        expected.appLinks?.details[0].defaults = nil
        #expect(generated == expected)
    }

    @Test func outputWritesTheFileAndSaysWhatItWrote() async throws {
        let path = try CLIFixtures.temporaryFolder().appendingPathComponent("apple-app-site-association").path
        let output = await runLandfall(["aasa", "generate", "--app-id", app, "--path", "/buy/*", "--output", path])
        #expect(output.status == .success)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(output.lines == ["wrote \(path): 1 app, 1 rule, \(written.utf8.count) bytes"])
        #expect(try AssociationFile(json: written).appLinks?.details.first?.components == [ComponentRule(path: "/buy/*")])
    }

    @Test func anUnwritableOutputIsAnError() async {
        let output = await runLandfall(["aasa", "generate", "--app-id", app, "--path", "*", "--output", "/nonexistent/folder/aasa"])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.hasPrefix("error: cannot write \"/nonexistent/folder/aasa\": "))
    }

    @Test(arguments: [
        (["--app-id", "abcde12345.com.example.app", "--path", "*"], "--app-id \"abcde12345.com.example.app\": the Team ID may contain only A-Z and 0-9, found 'a' (did you mean \"ABCDE12345.com.example.app\"?)"),
        (["--app-id", "com.example.app", "--path", "*"], "--app-id \"com.example.app\": the Team ID must be 10 characters A-Z or 0-9, found 3"),
        (["--app-id", "ABCDE12345", "--path", "*"], "--app-id \"ABCDE12345\": expected <Team ID>.<bundle ID>, found no '.'"),
        (["--app-id", "ABCDE12345.com..app", "--path", "*"], "--app-id \"ABCDE12345.com..app\": the bundle ID has an empty part between dots"),
        (["--path", "*"], "name at least one app with --app-id (such as ABCDE12345.com.example.app), or give --spec"),
        (["--app-id", "ABCDE12345.com.example.app"], "give at least one --path that opens the app (--path '*' opens every URL)"),
        (["--app-id", "ABCDE12345.com.example.app", "--path", ""], "a path pattern is empty; write '*' to match every path"),
        (["--spec", "x.yml", "--path", "*"], "use either --spec or --app-id/--path/--exclude, not both"),
    ])
    func badOptionsAreUsageErrorsSayingWhatIsWrong(arguments: [String], message: String) async {
        let output = await runLandfall(["aasa", "generate"] + arguments)
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.hasPrefix("error: \(message)\n"))
        #expect(output.standardOutput.isEmpty)
    }

    @Test func anUnknownSpecKeyIsAnErrorNamingTheLine() async {
        let spec = "apps: [ABCDE12345.com.example.app]\nrules:\n  - path: /buy/*\n    caseSensitiv: false\n"
        let output = await runLandfall(["aasa", "generate", "--spec", "-"], standardInput: spec)
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError == "error: standard input: line 4, column 5: unknown key \"caseSensitiv\" in rule 1; did you mean \"caseSensitive\"? known keys: path, query, fragment, exclude, caseSensitive, percentEncoded, comment\n")
    }

    @Test func aSpecThatIsNotUTF8IsAnInputError() async {
        let context = CommandContext(standardInput: [0xFF, 0xFE, 0x61])
        let output = await LandfallCommand.invoke(["aasa", "generate", "--spec", "-"], context: context)
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError == "error: standard input is not UTF-8 text\n")
    }

    @Test func aMissingSpecFileIsAnInputError() async {
        let output = await runLandfall(["aasa", "generate", "--spec", "/nonexistent/spec.yml"])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError == "error: cannot read \"/nonexistent/spec.yml\": no such file\n")
    }
}
