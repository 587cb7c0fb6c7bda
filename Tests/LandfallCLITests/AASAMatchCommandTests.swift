import Foundation
import LandfallCLI
import Testing

@Suite struct AASAMatchCommandTests {
    let file = CLIFixtures.example("apple-app-site-association")
    let app = "ABCDE12345.com.example.app"

    @Test func aShortArticleNumberIsExplainedRuleByRule() async {
        let output = await runLandfall(["aasa", "match", file, "https://example.com/help/faq?articleNumber=481", "--app-id", app])
        #expect(output.status == .success)
        #expect(output.lines[0] == "https://example.com/help/faq?articleNumber=481  \(app)")
        #expect(output.lines[1] == "  no_match: does not open \(app): no rule of the details listing it matched")
        #expect(output.lines[2] == "  rules tried:")
        #expect(output.standardOutput.contains("query item `articleNumber` = `481` does not match `????` (needs 4 characters"))
        #expect(output.standardError.isEmpty)
    }

    @Test func withoutAppIDEveryAppInTheFileIsDecided() async {
        let output = await runLandfall(["aasa", "match", file, "https://example.com/buy/1"])
        #expect(output.status == .success)
        #expect(output.lines.filter { $0.hasPrefix("https://example.com/buy/1  ") } == [
            "https://example.com/buy/1  ABCDE12345.com.example.app",
            "https://example.com/buy/1  ABCDE12345.com.example.app.beta",
        ])
    }

    @Test func jsonHasOneObjectPerURLAndApp() async throws {
        let output = await runLandfall(["aasa", "match", file, "https://example.com/buy/1", "https://example.com/help/website/x",
                                        "https://example.com/nothing", "--app-id", app, "--format", "json"])
        #expect(output.status == .success)
        let objects = try #require(try CLIFixtures.jsonObject(output.standardOutput) as? [[String: Any]])
        #expect(objects.count == 3)
        #expect(objects.map { $0["decision"] as? String } == ["match", "exclude", "no_match"])
        #expect(objects.allSatisfy { $0["appID"] as? String == app })
        let rule = try #require(objects[0]["rule"] as? [String: Any])
        #expect(rule["detail"] as? Int == 1)
        #expect(rule["rule"] as? Int == 2)
        #expect(rule["path"] as? String == "applinks.details[0].components[1]")
        #expect(objects[2]["rule"] is NSNull)
        #expect(objects[2]["reason"] as? String == "no_rule_matched")
        #expect((objects[1]["explanation"] as? [String])?.first == objects[1]["summary"] as? String)
    }

    @Test func aStringThatIsNotAURLIsAUsageError() async {
        let output = await runLandfall(["aasa", "match", file, "example.com/buy/1"])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError == "error: not a usable URL \"example.com/buy/1\": it has no scheme; write the whole URL, such as https://example.com/path\n")
        #expect(output.standardOutput.isEmpty)
    }

    @Test func aMissingURLIsAUsageError() async {
        let output = await runLandfall(["aasa", "match", file])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.hasPrefix("error: "))
    }

    @Test func anEmptyAppIDIsAUsageError() async {
        let output = await runLandfall(["aasa", "match", file, "https://example.com/", "--app-id", ""])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.hasPrefix("error: --app-id needs an app ID, such as ABCDE12345.com.example.app\n"))
    }

    @Test func aMissingFileIsAnInputError() async {
        let output = await runLandfall(["aasa", "match", "/nonexistent/aasa.json", "https://example.com/"])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError == "error: cannot read \"/nonexistent/aasa.json\": no such file\n")
    }

    @Test func anUndecodableFileNamesThePlaceAndPointsAtValidate() async {
        let output = await runLandfall(["aasa", "match", "-", "https://example.com/"],
                                       standardInput: #"{"applinks": {"details": [{"appIDs": "ABCDE12345.com.example.app"}]}}"#)
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains("applinks.details[0].appIDs: expected an array of strings, found a string"))
        #expect(output.standardError.contains("landfall aasa validate -"))
    }

    @Test func standardInputIsReadForADash() async throws {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let output = await runLandfall(["aasa", "match", "-", "https://example.com/buy/1", "--app-id", app], standardInput: text)
        #expect(output.status == .success)
        #expect(output.lines[1].hasPrefix("  match: opens \(app)"))
    }

    @Test func aURLOnAnotherHostThanTheFilesNeverMatches() async {
        let output = await runLandfall(["aasa", "match", file, "https://other.example/buy/1", "--app-id", app, "--host", "example.com"])
        #expect(output.lines[1] == "  no_match: does not open \(app): the URL's host other.example is not example.com, where the file is served")
    }

    @Test func anAppTheFileDoesNotListGetsNoMatchAndANearMissIsPointedOut() async {
        let output = await runLandfall(["aasa", "match", file, "https://example.com/buy/1", "--app-id", "ABCDE12345.com.example.APP"])
        #expect(output.status == .success)
        #expect(output.lines[1] == "  no_match: does not open ABCDE12345.com.example.APP: no detail in the file lists this app")
        #expect(output.lines[2] == "  note: the file lists \(app); app IDs compare exactly, case included")
    }

    @Test func aFileWithoutAppsIsAProblem() async {
        let output = await runLandfall(["aasa", "match", "-", "https://example.com/"], standardInput: #"{"applinks": {"details": []}}"#)
        #expect(output.status == .problemsFound)
        #expect(output.standardError.contains("the file lists no apps"))
    }

    @Test(arguments: [
        ("match", CommandStatus.success),
        ("exclude", CommandStatus.problemsFound),
        ("no_match", CommandStatus.problemsFound),
    ])
    func expectFailsWhenADecisionDiffers(expected: String, status: CommandStatus) async {
        let output = await runLandfall(["aasa", "match", file, "https://example.com/buy/1", "--app-id", app, "--expect", expected])
        #expect(output.status == status)
        if status != .success {
            #expect(output.standardError == "error: 1 of 1 decisions are not \(expected)\n")
        }
    }

    @Test func anUnknownExpectationIsAUsageError() async {
        let output = await runLandfall(["aasa", "match", file, "https://example.com/buy/1", "--expect", "opens"])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains("Please provide one of 'match', 'exclude' or 'no_match'"))
    }

    @Test func colourIsUsedOnlyOnATerminalWithoutNoColor() async {
        let arguments = ["aasa", "match", file, "https://example.com/buy/1", "--app-id", app]
        let plain = await runLandfall(arguments)
        let terminal = await runLandfall(arguments, terminal: true)
        let noColor = await runLandfall(arguments, terminal: true, environment: ["NO_COLOR": "1"])
        #expect(!plain.standardOutput.contains("\u{1B}["))
        #expect(terminal.standardOutput.contains("\u{1B}[32mmatch\u{1B}[0m"))
        #expect(noColor.standardOutput == plain.standardOutput)
    }
}
