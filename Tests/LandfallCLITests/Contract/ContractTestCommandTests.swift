import Foundation
import LandfallCLI
import Testing

@Suite struct ContractTestCommandTests {
    let demoSite = CLIFixtures.example("demo/landfall.yml")

    @Test func theDemoContractPassesAgainstTheDemoSiteConfiguration() async {
        let output = await runLandfall(["test", CLIFixtures.example("contracts/demo.yml")])
        #expect(output.status == .success)
        #expect(output.lines == [
            "✓ https://daily.example.com/puzzle/2026-11-20  opens ABCDE12345.com.example.dailypuzzle; route puzzle (date = 2026-11-20)",
            "✓ https://daily.example.com/puzzle/today  opens ABCDE12345.com.example.dailypuzzle; route today",
            "✓ https://daily.example.com/invites/7KQ2M-X4P9T-HCW3R  route invite (code = 7KQ2M-X4P9T-HCW3R)",
            "✓ https://daily.example.com/archive/2025  does not open ABCDE12345.com.example.dailypuzzle; route archive",
            "✓ https://go.daily.example.com/k7QmZ3x  opens ABCDE12345.com.example.dailypuzzle",
            "5 cases: 5 passed, 0 failed",
        ])
        #expect(output.standardError.isEmpty)
    }

    @Test func aFailingCaseSaysWhatHappenedInsteadAndWhichRuleDecided() async {
        let output = await runLandfall(["test", CLIFixtures.example("contracts/demo-broken.yml")])
        #expect(output.status == .problemsFound)
        #expect(output.lines == [
            "✗ https://daily.example.com/puzzle/2026-11-20  expected parameter date = 2026-11-21, but it is 2026-11-20",
            "✗ https://daily.example.com/archive/2025  expected it to open ABCDE12345.com.example.dailypuzzle, but does not open "
                + "ABCDE12345.com.example.dailypuzzle: detail 1, rule 2 `/archive/?*` excludes it",
            "✗ https://daily.example.com/news/launch  expected route puzzle, but matched article (/news/:slug)",
            "✓ https://daily.example.com/puzzle/today  opens ABCDE12345.com.example.dailypuzzle; route today",
            "4 cases: 1 passed, 3 failed",
        ])
    }

    @Test func anAssociationFileAndARouteTableAreCheckedWithoutASite() async {
        let output = await runLandfall(["test", CLIFixtures.example("contracts/association.yml")])
        #expect(output.status == .success)
        #expect(output.lines.last == "6 cases: 6 passed, 0 failed")
        #expect(output.lines.contains("✓ https://example.com/search?q=ice+cream&tag=a&tag=b  route search (q = ice cream, tag = [a, b])"))
        #expect(output.lines.contains("✓ https://example.com/en_GB/taco/42  opens ABCDE12345.com.example.app.beta"))
    }

    @Test func aLinkHostURLIsDecidedByTheLinkHostsAssociationFile() async throws {
        // The site's own file does not claim /k7QmZ3x; the link host's claims every slug but the reserved ones.
        let contract = try CLIFixtures.temporaryFile("contract.yml", """
            site: \(demoSite)
            app: ABCDE12345.com.example.dailypuzzle
            cases:
              - url: https://go.daily.example.com/k7QmZ3x
                opens: true
              - url: https://go.daily.example.com/shop
                opens: false
              - url: https://daily.example.com/k7QmZ3x
                opens: true
            """)
        let output = await runLandfall(["test", contract])
        #expect(output.status == .problemsFound)
        #expect(output.lines.map { String($0.prefix(1)) } == ["✓", "✓", "✗", "3"])
        #expect(output.lines.last == "3 cases: 2 passed, 1 failed")
    }

    @Test func opensCanNameAnotherAppAndANearMissInCaseIsPointedOut() async throws {
        let contract = try CLIFixtures.temporaryFile("contract.yml", """
            association: \(CLIFixtures.example("apple-app-site-association"))
            cases:
              - url: https://example.com/buy/1
                opens: ABCDE12345.com.example.app.beta
              - url: https://example.com/buy/1
                opens: ABCDE12345.com.example.APP
            """)
        let output = await runLandfall(["test", contract])
        #expect(output.status == .problemsFound)
        #expect(output.lines.first == "✓ https://example.com/buy/1  opens ABCDE12345.com.example.app.beta")
        #expect(output.lines[1].hasPrefix("✗ https://example.com/buy/1  expected it to open ABCDE12345.com.example.APP, but "))
        #expect(output.lines[1].hasSuffix("(the file lists ABCDE12345.com.example.app; app IDs compare exactly, case included)"))
    }

    @Test func aRouteThatFallsBackOrIsRejectedFailsWithTheRoutersReason() async throws {
        let contract = try CLIFixtures.temporaryFile("contract.yml", """
            routes: \(CLIFixtures.example("routes.yml"))
            cases:
              - url: https://example.com/nothing/here
                route: home
              - url: https://evil.com/puzzle/2025-10-25
                route: puzzle
              - url: https://example.com/puzzle/2025-10-25
                route: puzzle
                parameters: {date: "2025-10-25", ref: share}
            """)
        let output = await runLandfall(["test", contract])
        #expect(output.status == .problemsFound)
        #expect(output.lines == [
            "✗ https://example.com/nothing/here  expected route home, but fallback: no route matches /nothing/here; the app's fallback decides",
            "✗ https://evil.com/puzzle/2025-10-25  expected route puzzle, but rejected: host 'evil.com' is not in the allow-list",
            "✗ https://example.com/puzzle/2025-10-25  expected parameter ref = share, but route puzzle has no ref",
            "3 cases: 0 passed, 3 failed",
        ])
    }

    @Test func bareNumbersAndListsAreParameterValuesAsWritten() async throws {
        let contract = try CLIFixtures.temporaryFile("contract.yml", """
            routes: \(CLIFixtures.example("routes.yml"))
            cases:
              - url: https://example.com/archive/2024/12
                route: archive
                parameters: {year: 2024, month: 12}
              - url: https://example.com/search?q=x&tag=a&tag=b
                route: search
                parameters: {tag: [a, c]}
            """)
        let output = await runLandfall(["test", contract])
        #expect(output.status == .problemsFound)
        #expect(output.lines == [
            "✓ https://example.com/archive/2024/12  route archive (year = 2024, month = 12)",
            "✗ https://example.com/search?q=x&tag=a&tag=b  expected parameter tag = [a, c], but it is [a, b]",
            "2 cases: 1 passed, 1 failed",
        ])
    }

    @Test func colourMarksPassAndFailOnATerminalOnly() async {
        let coloured = await runLandfall(["test", CLIFixtures.example("contracts/demo.yml")], terminal: true)
        #expect(coloured.standardOutput.contains("\u{1B}[32m✓\u{1B}[0m"))
        let plain = await runLandfall(["test", CLIFixtures.example("contracts/demo.yml")], terminal: true,
                                      environment: ["NO_COLOR": "1"])
        #expect(!plain.standardOutput.contains("\u{1B}["))
    }

    @Test func aContractCanBeReadFromStandardInput() async {
        let output = await runLandfall(["test", "-"], standardInput: """
            association: \(CLIFixtures.example("apple-app-site-association"))
            app: ABCDE12345.com.example.app
            cases:
              - {url: "https://example.com/help/website/x", opens: false}
            """)
        #expect(output.status == .success)
        #expect(output.lines == ["✓ https://example.com/help/website/x  does not open ABCDE12345.com.example.app",
                                 "1 case: 1 passed, 0 failed"])
    }

    @Test func helpShowsAnExampleContract() async {
        let output = await runLandfall(["test", "--help"])
        #expect(output.status == .success)
        #expect(output.standardOutput.contains("landfall test contract.yml --junit results.xml"))
        #expect(output.standardOutput.contains("opens: false"))
    }
}
