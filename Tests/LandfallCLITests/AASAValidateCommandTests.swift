import Foundation
import LandfallCLI
import Testing

@Suite struct AASAValidateCommandTests {
    let good = CLIFixtures.example("apple-app-site-association")
    let broken = CLIFixtures.example("broken-apple-app-site-association")
    let assetLinks = CLIFixtures.example("assetlinks.json")
    /// Warnings only: `details` is missing.
    let warningsOnly = #"{"applinks": {}}"#

    @Test func theExamplesPass() async {
        let output = await runLandfall(["aasa", "validate", good, assetLinks])
        #expect(output.status == .success, "\(output.standardOutput)")
        #expect(output.lines == ["\(good): passed", "", "\(assetLinks): passed", "", "2 files checked: 2 passed, 0 failed"])
    }

    @Test func aBrokenFileFailsWithEveryProblemAndItsFix() async {
        let output = await runLandfall(["aasa", "validate", broken])
        #expect(output.status == .problemsFound)
        #expect(output.lines.first == "\(broken): failed (2 errors, 3 warnings, 1 info)")
        #expect(output.lines.contains("  warning[aasa.unknown-key] applinks.details[0].appIds (line 5, column 9): unknown key \"appIds\"; iOS ignores it"))
        #expect(output.lines.contains("    fix: did you mean \"appIDs\"?"))
        #expect(output.lines.contains("    fix: did you mean \"caseSensitive\"?"))
        #expect(output.lines.contains { $0.hasPrefix("  error[aasa.malformed-app-id] applinks.details[0].appID (line 6, column 18): ") })
        #expect(output.lines.contains { $0.hasPrefix("  warning[aasa.shadowed-exclusion] applinks.details[0].components[2] (line 10, column 11): ") })
        #expect(output.lines.contains { $0.hasPrefix("  error[aasa.undefined-variable] ") })
        #expect(output.lines.last == "1 file checked: 0 passed, 1 failed")
    }

    @Test func warningsPassUnlessStrict() async {
        let lenient = await runLandfall(["aasa", "validate", "-"], standardInput: warningsOnly)
        let strict = await runLandfall(["aasa", "validate", "--strict", "-"], standardInput: warningsOnly)
        #expect(lenient.status == .success)
        #expect(lenient.lines.first == "(standard input) [apple-app-site-association]: passed (1 warning)")
        #expect(strict.status == .problemsFound)
        #expect(strict.lines.first == "(standard input) [apple-app-site-association]: failed (1 warning)")
        #expect(strict.lines.last == "1 file checked: 0 passed, 1 failed (--strict: warnings fail)")
    }

    @Test func jsonHasOneObjectPerFileWithEveryDiagnostic() async throws {
        let output = await runLandfall(["aasa", "validate", "--format", "json", broken, good])
        #expect(output.status == .problemsFound)
        let files = try #require(try CLIFixtures.jsonObject(output.standardOutput) as? [[String: Any]])
        #expect(files.map { $0["file"] as? String } == [broken, good])
        #expect(files.map { $0["passed"] as? Bool } == [false, true])
        #expect(files.map { $0["kind"] as? String } == ["aasa", "aasa"])
        let diagnostics = try #require(files[0]["diagnostics"] as? [[String: Any]])
        let first = try #require(diagnostics.first)
        #expect(first["code"] as? String == "aasa.unknown-key")
        #expect(first["severity"] as? String == "warning")
        #expect(first["path"] as? String == "applinks.details[0].appIds")
        #expect(first["line"] as? Int == 5)
        #expect(first["column"] as? Int == 9)
        #expect(first["fix"] as? String == "did you mean \"appIDs\"?")
        #expect((first["message"] as? String)?.isEmpty == false)
        #expect((files[1]["diagnostics"] as? [Any])?.isEmpty == true)
    }

    @Test func invalidJSONHasNoPathButALineAndColumn() async throws {
        let output = await runLandfall(["aasa", "validate", "--format", "json", "-"], standardInput: "{\"applinks\": }")
        let files = try #require(try CLIFixtures.jsonObject(output.standardOutput) as? [[String: Any]])
        let diagnostic = try #require((files[0]["diagnostics"] as? [[String: Any]])?.first)
        #expect(diagnostic["code"] as? String == "aasa.invalid-json")
        #expect(diagnostic["path"] is NSNull)
        #expect(diagnostic["line"] as? Int == 1)
        #expect(files[0]["file"] as? String == "-")
    }

    @Test func aTopLevelArrayIsCheckedAsAssetLinks() async {
        let output = await runLandfall(["aasa", "validate", "-"], standardInput: "[]")
        #expect(output.lines.first?.hasPrefix("(standard input) [assetlinks.json]: ") == true)
        #expect(output.standardOutput.contains("[assetlinks."))
    }

    @Test func kindForcesTheLinter() async throws {
        let text = try String(contentsOfFile: good, encoding: .utf8)
        let output = await runLandfall(["aasa", "validate", "--kind", "assetlinks", "-"], standardInput: text)
        #expect(output.status == .problemsFound)
        #expect(output.standardOutput.contains("error[assetlinks.top-level-not-array]"))
    }

    @Test func aFileNamedAssetlinksJSONIsCheckedAsAssetLinks() async throws {
        let path = try CLIFixtures.temporaryFile("assetlinks.json", #"{"relation": []}"#)
        let output = await runLandfall(["aasa", "validate", path])
        #expect(output.standardOutput.contains("error[assetlinks.top-level-not-array]"))
    }

    @Test func anUnreadableFileIsReportedAndTheOthersAreStillChecked() async {
        let output = await runLandfall(["aasa", "validate", "/nonexistent/aasa", good])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError == "error: cannot read \"/nonexistent/aasa\": no such file\n")
        #expect(output.lines.first == "\(good): passed")
    }

    @Test func noFileIsAUsageError() async {
        let output = await runLandfall(["aasa", "validate"])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.hasPrefix("error: give at least one file to check, or - to read standard input"))
    }

    @Test func listCodesListsBothCatalogues() async throws {
        let output = await runLandfall(["aasa", "validate", "--list-codes"])
        #expect(output.status == .success)
        #expect(output.lines.first == "apple-app-site-association")
        #expect(output.lines.contains("assetlinks.json"))
        #expect(output.lines.contains { $0.hasPrefix("  warning aasa.unknown-key ") })
        #expect(output.lines.contains { $0.contains(" assetlinks.unknown-key ") })
        let json = await runLandfall(["aasa", "validate", "--list-codes", "--kind", "aasa", "--format", "json"])
        let codes = try #require(try CLIFixtures.jsonObject(json.standardOutput) as? [[String: Any]])
        #expect(codes.allSatisfy { ($0["code"] as? String)?.hasPrefix("aasa.") == true })
        #expect(codes.contains { $0["code"] as? String == "aasa.invalid-json" && $0["severity"] as? String == "error" })
    }

    @Test func listCodesTakesNoFiles() async {
        let output = await runLandfall(["aasa", "validate", "--list-codes", good])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.hasPrefix("error: --list-codes takes no files"))
    }

    @Test func severitiesAreColouredOnATerminal() async {
        let output = await runLandfall(["aasa", "validate", broken], terminal: true)
        #expect(output.standardOutput.contains("\u{1B}[31merror\u{1B}[0m[aasa.malformed-app-id]"))
        #expect(output.standardOutput.contains("\u{1B}[33mwarning\u{1B}[0m[aasa.unknown-key]"))
    }
}
