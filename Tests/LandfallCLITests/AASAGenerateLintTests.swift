import AppSiteAssociation
import Foundation
import LandfallCLI
import Testing

/// What `landfall aasa generate` writes passes `landfall aasa validate` with no warnings, and a
/// description that would not is refused.
@Suite struct AASAGenerateLintTests {
    static let optionSets: [[String]] = [
        ["--app-id", "ABCDE12345.com.example.app", "--path", "*"],
        ["--app-id", "ABCDE12345.com.example.app", "--app-id", "ABCDE12345.com.example.app2",
         "--path", "/buy/*", "--path", "/help/*", "--exclude", "/help/website/*", "--exclude", "/buy/gift-cards/*"],
        ["--app-id", "ABCDE12345.com.example.app", "--path", "/id/????", "--compact"],
        ["--spec", CLIFixtures.example("aasa-spec.yml")],
        ["--spec", CLIFixtures.example("aasa-spec.yml"), "--compact"],
    ]

    @Test(arguments: optionSets)
    func theGeneratedFilePassesTheLinterWithoutWarnings(arguments: [String]) async {
        let output = await runLandfall(["aasa", "generate"] + arguments)
        #expect(output.status == .success, "\(output.standardError)")
        let report = AssociationLinter().lint(Array(output.standardOutput.utf8))
        #expect(report.diagnostics.filter { $0.severity >= .warning }.isEmpty, "\(report.diagnostics)")
    }

    @Test func theExampleFilePassesTheLinterStrictly() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: CLIFixtures.example("apple-app-site-association")))
        #expect(AssociationLinter().lint(bytes).passes(strict: true))
    }

    @Test func aRuleThatCanNeverBeReachedIsRefused() async {
        let output = await runLandfall(["aasa", "generate", "--app-id", "ABCDE12345.com.example.app", "--path", "*", "--path", "/buy/*"])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.hasPrefix("error: the description gives a file with problems, so nothing was written:\n"))
        #expect(output.standardError.contains("warning[aasa.unreachable-after-catch-all]"))
    }

    @Test func anUndefinedVariableInASpecIsRefused() async {
        let spec = "apps: [ABCDE12345.com.example.app]\nrules:\n  - path: /$(fod)/*\n"
        let output = await runLandfall(["aasa", "generate", "--spec", "-"], standardInput: spec)
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains("error[aasa.undefined-variable]"))
    }

    @Test func nothingIsWrittenWhenTheDescriptionIsRefused() async throws {
        let path = try CLIFixtures.temporaryFolder().appendingPathComponent("aasa").path
        let output = await runLandfall(["aasa", "generate", "--app-id", "ABCDE12345.com.example.app", "--path", "*",
                                        "--path", "*", "--output", path])
        #expect(output.status == .usageOrInputError)
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
