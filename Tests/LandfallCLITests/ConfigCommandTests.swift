import AppSiteAssociation
import Foundation
import Testing

@Suite struct ConfigCheckCommandTests {
    @Test func theDemoConfigurationPasses() async {
        let output = await runLandfall(["config", "check", CLIFixtures.example("demo/landfall.yml")])
        #expect(output.status == .success, "\(output.standardError)")
        #expect(output.standardOutput.hasSuffix("landfall.yml: ok: 5 routes, 1 app, 4 hosts\n"))
    }

    @Test func aBrokenConfigurationIsRefusedWithEveryProblemInDocumentOrder() async {
        let output = await runLandfall(["config", "check", CLIFixtures.example("broken-landfall.yml")])
        #expect(output.status == .problemsFound)
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0].hasSuffix("broken-landfall.yml:3:13: error: site.timeZone: unknown time zone 'Europe/Pariss'; did you mean 'Europe/Paris'?"))
        #expect(lines[3].contains(":13:5: error: routes[0].pgae: unknown key 'pgae'; did you mean 'page'?"))
        #expect(lines[4].hasSuffix("refused: 4 errors"))
    }

    @Test func jsonOutputListsEveryIssueWithItsPlace() async throws {
        let output = await runLandfall(["config", "check", CLIFixtures.example("broken-landfall.yml"), "--format", "json"])
        #expect(output.status == .problemsFound)
        let object = try #require(try CLIFixtures.jsonObject(output.standardOutput) as? [String: Any])
        #expect(object["valid"] as? Bool == false)
        let issues = try #require(object["issues"] as? [[String: Any]])
        #expect(issues.count == 4)
        #expect(issues.first?["path"] as? String == "site.timeZone")
        #expect(issues.first?["line"] as? Int == 3)
        #expect(issues.first?["column"] as? Int == 13)
    }

    @Test("the long link settings are accepted with on/off and allowed/any, and refused otherwise at their line and column")
    func longLinkSettings() async throws {
        let demo = try String(contentsOfFile: CLIFixtures.example("demo/landfall.yml"), encoding: .utf8)
        let allowlist = "    - ^https://shop\\.example\\.org/.*$\n"
        #expect(demo.contains(allowlist))
        let accepted = await runLandfall(["config", "check", "-"],
                                         standardInput: demo.replacingOccurrences(of: allowlist, with: allowlist + "  longLinks: off\n  longLinkImages: any\n"))
        #expect(accepted.status == .success, "\(accepted.standardOutput)")
        let refused = await runLandfall(["config", "check", "-"],
                                        standardInput: demo.replacingOccurrences(of: allowlist, with: allowlist + "  longLinks: sometimes\n  longLinkImages: none\n"))
        #expect(refused.status == .problemsFound)
        let line = demo.components(separatedBy: "\n").firstIndex { $0.hasPrefix("    - ^https://shop") }.map { $0 + 2 } ?? 0
        #expect(refused.standardOutput.contains(":\(line):14: error: links.longLinks: 'sometimes' is neither on nor off"), "\(refused.standardOutput)")
        #expect(refused.standardOutput.contains(":\(line + 1):19: error: links.longLinkImages: 'none' is not a choice of long link images"),
                "\(refused.standardOutput)")
    }

    @Test("a card's placeholder that the route cannot fill is refused at its line and column, with the ones it can")
    func cardPlaceholder() async throws {
        let demo = try String(contentsOfFile: CLIFixtures.example("demo/landfall.yml"), encoding: .utf8)
        let scoreLine = "        - \"Shared score: {score}\""
        #expect(demo.contains(scoreLine))
        let refused = await runLandfall(["config", "check", "-"],
                                        standardInput: demo.replacingOccurrences(of: scoreLine, with: "        - \"Shared score: {points}\""))
        #expect(refused.status == .problemsFound)
        let line = demo.components(separatedBy: "\n").firstIndex { $0.hasPrefix(scoreLine) }.map { $0 + 1 } ?? 0
        #expect(refused.standardOutput.contains(
            ":\(line):26: error: routes[1].card.lines[1]: {points} is not a placeholder this card can fill; the card of '/puzzle/:date' can fill: {date}, {title}, {description}, {site}, {number}, {theme}, {score}; name a short link's data key in 'data:' or a content field in 'content:'"),
            "\(refused.standardOutput)")
    }

    @Test func standardInputIsReadWithADash() async {
        let output = await runLandfall(["config", "check", "-"], standardInput: "site: {name: x}\n")
        #expect(output.status == .problemsFound)
        #expect(output.standardOutput.contains("(standard input)"))
        #expect(output.standardOutput.contains("the 'hosts' section is required"))
    }

    @Test func aMissingFileIsAnInputError() async {
        let output = await runLandfall(["config", "check", "/no/such/landfall.yml"])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains("no such file"))
    }

    @Test func aFileThatIsNotUTF8IsAnInputError() async throws {
        let path = try CLIFixtures.temporaryFile("landfall.yml", "")
        try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: path))
        let output = await runLandfall(["config", "check", path])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains("not UTF-8"))
    }
}

@Suite struct ConfigAssociationsCommandTests {
    @Test func itPrintsTheAppleFileTheServerServesAndItPassesStrictValidation() async {
        let output = await runLandfall(["config", "associations", CLIFixtures.example("demo/landfall.yml")])
        #expect(output.status == .success)
        #expect(output.standardOutput.contains("\"ABCDE12345.com.example.dailypuzzle\""))
        let report = AssociationLinter().lint(output.standardOutput)
        #expect(report.diagnostics.filter { $0.severity != .info }.isEmpty, "\(report.diagnostics)")
    }

    @Test func androidPrintsAssetLinksWithTheFingerprint() async {
        let output = await runLandfall(["config", "associations", CLIFixtures.example("demo/landfall.yml"), "--android"])
        #expect(output.status == .success)
        #expect(output.standardOutput.contains("\"package_name\": \"com.example.dailypuzzle\""))
        let report = AssetLinksLinter().lint(output.standardOutput)
        #expect(report.diagnostics.filter { $0.severity != .info }.isEmpty, "\(report.diagnostics)")
    }

    @Test func aBrokenConfigurationPrintsNoFile() async {
        let output = await runLandfall(["config", "associations", CLIFixtures.example("broken-landfall.yml")])
        #expect(output.status == .problemsFound)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.contains("site.timeZone"))
    }
}

@Suite struct ConfigRoutesCommandTests {
    @Test func itPrintsARouteTableTheAppsRouterLoadsWithEveryHost() async throws {
        let output = await runLandfall(["config", "routes", CLIFixtures.example("demo/landfall.yml")])
        #expect(output.status == .success)
        let object = try #require(try CLIFixtures.jsonObject(output.standardOutput) as? [String: Any])
        let hosts = try #require(object["hosts"] as? [String])
        #expect(hosts == ["daily.example.com", "www.daily.example.com", "go.daily.example.com", "open.dailypuzzle.app"])
        let routes = try #require(object["routes"] as? [[String: Any]])
        #expect(routes.map { $0["name"] as? String } == ["today", "puzzle", "invite", "article", "archive"])
    }
}
