import Foundation
import LandfallCLI
import Testing

/// Every way a contract can be unusable ends with status 2 and a message naming the YAML path
/// and the line.
@Suite struct ContractErrorTests {
    struct BadContract: CustomTestStringConvertible, Sendable {
        /// The contract; `ASSOCIATION`, `ROUTES` and `SITE` stand for the example files' paths.
        var yaml: String
        /// The message after `error: <file>`.
        var expected: String
        var testDescription: String { expected }
    }

    static let badContracts: [BadContract] = [
        BadContract(yaml: "assocation: ASSOCIATION\ncases: []\n",
                    expected: ":1: assocation: unknown key 'assocation'; did you mean 'association'?"),
        BadContract(yaml: "association: ASSOCIATION\nflavour: x\ncases: []\n",
                    expected: ":2: flavour: unknown key 'flavour'; the keys are association, site, routes, app, package, manifest, entitlements, expo, assetlinks, platforms, routeExamples, cases"),
        BadContract(yaml: "association: ASSOCIATION\napp: A.b\ncases:\n  - url: https://example.com/buy/1\n    opnes: true\n",
                    expected: ":5: cases[0].opnes: unknown key 'opnes'; did you mean 'opens'?"),
        BadContract(yaml: "association: ASSOCIATION\ncases:\n  - url: https://example.com/buy/1\n    opens: 3\n",
                    expected: ":4: cases[0].opens: expected true, false or an app ID such as ABCDE12345.com.example.app, found the number 3"),
        BadContract(yaml: "association: ASSOCIATION\ncases:\n  - url: https://example.com/buy/1\n    opens: [a]\n",
                    expected: ":4: cases[0].opens: expected true, false or an app ID such as ABCDE12345.com.example.app, found a list"),
        BadContract(yaml: "association: ASSOCIATION\ncases:\n  - url: true\n    opens: false\n",
                    expected: ":3: cases[0].url: expected text such as https://example.com/path, found the boolean true"),
        BadContract(yaml: "association: ASSOCIATION\ncases:\n  - url: https://example.com/buy/1\n    opens: true\n",
                    expected: ":4: cases[0].opens: `opens: true` needs the app: add `app: TEAMID.bundle.id` at the top, or write the app here (`opens: TEAMID.bundle.id`)"),
        BadContract(yaml: "association: ASSOCIATION\ncases:\n  - url: https://example.com/buy/1\n    route: puzzle\n",
                    expected: ":4: cases[0].route: `route` needs a router: add `site:` (a site configuration) or `routes:` (a route table) at the top"),
        BadContract(yaml: "routes: ROUTES\ncases:\n  - url: https://example.com/buy/1\n    opens: A.b\n",
                    expected: ":4: cases[0].opens: `opens` needs an association file: add `association:` (or `site:`) at the top"),
        BadContract(yaml: "routes: ROUTES\ncases:\n  - url: https://example.com/\n    parameters: {a: b}\n",
                    expected: ":4: cases[0].parameters: `parameters` are checked on the matched route: add `route:` to the case"),
        BadContract(yaml: "routes: ROUTES\ncases:\n  - url: https://example.com/\n    route: home\n    parameters: [a]\n",
                    expected: ":5: cases[0].parameters: expected a mapping of names to values such as {date: \"2026-11-20\"}, found a list"),
        BadContract(yaml: "routes: ROUTES\ncases:\n  - url: https://example.com/\n    route: home\n    parameters: {a: {b: c}}\n",
                    expected: ":5: cases[0].parameters.a: expected text such as \"2026-11-20\", found a mapping"),
        BadContract(yaml: "routes: ROUTES\ncases:\n  - url: https://example.com/\n",
                    expected: ":3: cases[0]: the case states nothing to check: add `opens:` or `route:`"),
        BadContract(yaml: "routes: ROUTES\ncases:\n  - route: home\n",
                    expected: ":3: cases[0]: the case has no `url:`"),
        BadContract(yaml: "routes: ROUTES\ncases:\n  - url: not a url\n    route: home\n",
                    expected: ":3: cases[0].url: not a usable URL \"not a url\": it contains a space (write %20)"),
        BadContract(yaml: "routes: ROUTES\ncases:\n  - just a string\n",
                    expected: ":3: cases[0]: expected a case (`url:` with `opens:` or `route:`), found the text 'just a string'"),
        BadContract(yaml: "routes: ROUTES\ncases: {url: x}\n",
                    expected: ":2: cases: expected a list of cases (`- url: ...`), found a mapping"),
        BadContract(yaml: "routes: ROUTES\ncases: []\n",
                    expected: ":2: cases: the list is empty; a contract checks at least one URL (or add `routeExamples: true`)"),
        BadContract(yaml: "routes: ROUTES\n",
                    expected: ":1: the contract has no `cases:`; list the URLs to check, each with `url:` and `opens:` or `route:` (or add `routeExamples: true`)"),
        BadContract(yaml: "app: A.b\ncases:\n  - url: https://example.com/\n    opens: true\n",
                    expected: ":1: say what to check against: `association:` (an apple-app-site-association file), `site:` (a site configuration) or `routes:` (a route table), or run with --live"),
        BadContract(yaml: "site: SITE\nroutes: ROUTES\ncases: []\n",
                    expected: ":2: routes: give either `site:` (which generates the association files and the router) or `association:`/`routes:`, not both"),
        BadContract(yaml: "site: 42\ncases: []\n",
                    expected: ":1: site: expected text such as examples/demo/landfall.yml, found the number 42"),
        BadContract(yaml: "app: \"\"\nroutes: ROUTES\ncases: []\n",
                    expected: ":1: app: the app ID is empty; write a Team ID and bundle ID such as ABCDE12345.com.example.app"),
        BadContract(yaml: "- url: https://example.com/\n",
                    expected: ":1: a contract is a mapping with `cases:` and one of `association:`, `site:` or `routes:`"),
    ]

    @Test(arguments: badContracts)
    func aBadContractNamesThePlaceAndExitsWithStatus2(_ contract: BadContract) async throws {
        let yaml = contract.yaml
            .replacingOccurrences(of: "ASSOCIATION", with: CLIFixtures.example("apple-app-site-association"))
            .replacingOccurrences(of: "ROUTES", with: CLIFixtures.example("routes.yml"))
            .replacingOccurrences(of: "SITE", with: CLIFixtures.example("demo/landfall.yml"))
        let path = try CLIFixtures.temporaryFile("contract.yml", yaml)
        let output = await runLandfall(["test", path])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError == "error: \(path)\(contract.expected)\n")
        #expect(output.standardOutput.isEmpty)
    }

    @Test func yamlThatDoesNotParseIsABadContract() async throws {
        let path = try CLIFixtures.temporaryFile("contract.yml", "routes: [unclosed\n")
        let output = await runLandfall(["test", path])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.hasPrefix("error: \(path): not valid YAML: "))
    }

    @Test func aMissingContractIsAnInputError() async {
        let output = await runLandfall(["test", "/nonexistent/contract.yml"])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError == "error: cannot read \"/nonexistent/contract.yml\": no such file\n")
    }

    @Test func pathsAreRelativeToTheContractAndAMissingFileIsAnInputError() async throws {
        let path = try CLIFixtures.temporaryFile("contract.yml", "association: missing.json\napp: A.b\ncases:\n  - {url: \"https://example.com/\", opens: true}\n")
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let output = await runLandfall(["test", path])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError == "error: cannot read \"\(folder)/missing.json\": no such file\n")
    }

    @Test func anAssociationFileThatIsNotJSONIsAnInputError() async throws {
        let output = await runLandfall(["test", "-"], standardInput: """
            association: \(CLIFixtures.example("routes.yml"))
            app: A.b
            cases:
              - {url: "https://example.com/", opens: true}
            """)
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains("is not a usable association file"))
    }

    @Test func aSiteConfigurationWithErrorsIsAnInputErrorListingThem() async {
        let broken = CLIFixtures.example("broken-landfall.yml")
        let output = await runLandfall(["test", "-"], standardInput: """
            site: \(broken)
            cases:
              - {url: "https://example.com/", route: home}
            """)
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.hasPrefix("error: \(broken) is not a usable site configuration; run `landfall config check \(broken)`\n"))
        #expect(output.standardError.components(separatedBy: "\n").count > 2, "the site's issues follow")
    }

    @Test func anEmptyJUnitFileNameIsAUsageError() async {
        let output = await runLandfall(["test", CLIFixtures.example("contracts/demo.yml"), "--junit", ""])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains("--junit needs a file name"))
    }
}
