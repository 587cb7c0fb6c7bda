import Foundation
import LandfallCLI
import Testing

@Suite struct AASAConformanceCommandTests {
    static let oneCaseWrong = """
        {"format": "landfall-aasa-conformance/1", "cases": [
          {"name": "buy-matches", "aasa": {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/buy/*"}]}]}},
           "url": "https://example.com/buy/1", "expect": {"ABCDE12345.com.example.app": "match"}},
          {"name": "wrong-expectation", "source": "made up for this test",
           "aasa": {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/buy/*"}]}]}},
           "url": "https://example.com/sell/1", "expect": {"ABCDE12345.com.example.app": "match"}}
        ]}
        """

    @Test func theConformanceCaseFilePassesAndTheLastLineCounts() async {
        let output = await runLandfall(["aasa", "conformance", CLIFixtures.conformanceFile])
        #expect(output.status == .success, "\(output.standardOutput)\(output.standardError)")
        let last = output.lines.last ?? ""
        #expect(last.hasSuffix(" passed, 0 failed"))
        #expect(Int(last.split(separator: " ")[0]) ?? 0 >= 37)
    }

    @Test func aDisagreementIsPrintedWithItsExplanationAndFails() async {
        let output = await runLandfall(["aasa", "conformance", "-"], standardInput: Self.oneCaseWrong)
        #expect(output.status == .problemsFound)
        #expect(output.lines == [
            "FAIL wrong-expectation: https://example.com/sell/1 for ABCDE12345.com.example.app",
            "  expected match, got no_match",
            "  source: made up for this test",
            "  does not open ABCDE12345.com.example.app: no rule of the details listing it matched",
            "  detail 1, rule 1 `/buy/*`: path `/sell/1` does not match `/buy/*` (does not start with `/buy/`)",
            "",
            "1 passed, 1 failed",
        ])
    }

    @Test func jsonReportsEveryResult() async throws {
        let output = await runLandfall(["aasa", "conformance", "-", "--format", "json"], standardInput: Self.oneCaseWrong)
        #expect(output.status == .problemsFound)
        let object = try #require(try CLIFixtures.jsonObject(output.standardOutput) as? [String: Any])
        #expect(object["passed"] as? Int == 1)
        #expect(object["failed"] as? Int == 1)
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.map { $0["passed"] as? Bool } == [true, false])
        #expect(results[1]["actual"] as? String == "no_match")
    }

    @Test func aFileThatIsNotACaseFileIsAnInputError() async {
        let output = await runLandfall(["aasa", "conformance", "-"], standardInput: #"{"cases": [{"url": 3}]}"#)
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError == "error: standard input is not a case file: cases[0].url: expected a string URL\n")
        #expect(output.lines.last == "0 passed, 0 failed")
    }

    @Test func standardInputCanBeNamedOnlyOnce() async {
        let output = await runLandfall(["aasa", "conformance", "-", "-"])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.hasPrefix("error: standard input (-) can be read only once"))
    }
}
