import Foundation
import Testing

/// The built `landfall` binary run as a real subprocess: what a user and a CI script see.
@Suite struct LandfallExecutableTests {
    let example = CLIFixtures.example("apple-app-site-association")

    @Test func aDecisionExitsZeroAndPrintsPlainTextWhenNotATerminal() async throws {
        let result = try await LandfallExecutable.run(["aasa", "match", example, "https://example.com/help/faq?articleNumber=481"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("https://example.com/help/faq?articleNumber=481  ABCDE12345.com.example.app\n"))
        #expect(!result.standardOutput.contains("\u{1B}["))
        #expect(result.standardError.isEmpty)
    }

    @Test func jsonOutputParses() async throws {
        let result = try await LandfallExecutable.run(["aasa", "match", example, "https://example.com/buy/1", "--format", "json"])
        #expect(result.status == 0)
        let objects = try #require(try CLIFixtures.jsonObject(result.standardOutput) as? [[String: Any]])
        #expect(objects.map { $0["decision"] as? String } == ["match", "match"])
    }

    @Test func standardInputIsReadForADash() async throws {
        let text = try String(contentsOfFile: example, encoding: .utf8)
        let result = try await LandfallExecutable.run(["aasa", "match", "-", "https://example.com/buy/1", "--app-id", "ABCDE12345.com.example.app"],
                                                standardInput: text)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("  match: opens ABCDE12345.com.example.app"))
    }

    @Test func anUnexpectedDecisionExitsOne() async throws {
        let result = try await LandfallExecutable.run(["aasa", "match", example, "https://example.com/help/website/a", "--expect", "match"])
        #expect(result.status == 1)
        #expect(result.standardError == "error: 2 of 2 decisions are not match\n")
    }

    @Test func aUsageErrorExitsTwoWithALowerCaseErrorOnStandardError() async throws {
        let result = try await LandfallExecutable.run(["aasa", "match", example])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("error: "))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func anUnreadableFileExitsTwo() async throws {
        let result = try await LandfallExecutable.run(["aasa", "match", "/nonexistent/file", "https://example.com/"])
        #expect(result.status == 2)
        #expect(result.standardError == "error: cannot read \"/nonexistent/file\": no such file\n")
    }

    @Test func helpExitsZero() async throws {
        let result = try await LandfallExecutable.run(["aasa", "--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("USAGE: landfall aasa <subcommand>"))
    }

    @Test func theConformanceFileEndsWithZeroFailed() async throws {
        let result = try await LandfallExecutable.run(["aasa", "conformance", CLIFixtures.conformanceFile])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.last?.hasSuffix(" passed, 0 failed") == true)
    }
}
