import Foundation
import LandfallCLI
import Testing

@Suite struct RoutesMatchCommandTests {
    let table = CLIFixtures.example("routes.yml")

    @Test func aMatchShowsTheRouteThePatternAndTheParameters() async {
        let output = await runLandfall(["routes", "match", "--routes", table,
                                        "https://www.example.com/puzzle/2025-10-25?ref=share&tag=a&tag=b#clues"])
        #expect(output.status == .success)
        #expect(output.lines == [
            "https://www.example.com/puzzle/2025-10-25?ref=share&tag=a&tag=b#clues",
            "  matched  puzzle  /puzzle/:date",
            "    date = 2025-10-25",
            "    ref = share",
            "    tag = [a, b]",
            "    #fragment = clues",
        ])
        #expect(output.standardError.isEmpty)
    }

    @Test func aFallbackAndARejectionAreExplainedAndTheRejectionFails() async {
        let output = await runLandfall(["routes", "match", "--routes", table,
                                        "https://example.com/nothing/here", "https://evil.com/puzzle/2025-10-25"])
        #expect(output.status == .problemsFound)
        #expect(output.lines == [
            "https://example.com/nothing/here",
            "  fallback  no route matches /nothing/here; the app's fallback decides",
            "https://evil.com/puzzle/2025-10-25",
            "  rejected  host 'evil.com' is not in the allow-list",
        ])
        #expect(output.standardError == "error: 1 of 2 URLs were rejected\n")
    }

    @Test("a site configuration (the form the help shows) routes with the table config routes writes for the app")
    func aSiteConfigurationIsReadForItsRouteTable() async {
        let output = await runLandfall(["routes", "match", "--routes", CLIFixtures.example("demo/landfall.yml"),
                                        "https://daily.example.com/puzzle/2026-11-20", "dailypuzzle://invites/7KQ2M-X4P9T-HCW3R"])
        #expect(output.status == .success, "\(output.standardError)")
        #expect(output.lines == [
            "https://daily.example.com/puzzle/2026-11-20",
            "  matched  puzzle  /puzzle/:date",
            "    date = 2026-11-20",
            "dailypuzzle://invites/7KQ2M-X4P9T-HCW3R",
            "  matched  invite  /invites/:code",
            "    code = 7KQ2M-X4P9T-HCW3R",
        ])
        let examples = await runLandfall(["routes", "match", "--routes", CLIFixtures.example("demo/landfall.yml"), "--examples"])
        #expect(examples.status == .success, "\(examples.standardError)")
    }

    @Test("a site configuration with errors is refused with each of them, as config check names them")
    func aBrokenSiteConfigurationNamesItsErrors() async {
        let output = await runLandfall(["routes", "match", "--routes", CLIFixtures.example("broken-landfall.yml"), "https://daily.example.com/"])
        #expect(output.status == .problemsFound, "a table with problems, as the help says")
        #expect(output.standardError.contains("is a site configuration with errors (landfall config check says more):"))
        #expect(output.standardError.contains("error: site.timeZone: unknown time zone 'Europe/Pariss'; did you mean 'Europe/Paris'?"))
    }

    @Test func aRouteThatNeedsAConditionSaysSo() async {
        let output = await runLandfall(["routes", "match", "--routes", table, "myapp://user/ada?userID=evil"])
        #expect(output.status == .success)
        #expect(output.lines == [
            "myapp://user/ada?userID=evil",
            "  matched  profile  /user/:userID",
            "    userID = ada",
            "    requires signedIn: the app holds the link until then",
        ])
    }

    @Test func jsonHasOneObjectPerURLWithStringsAndArraysForRepeatedKeys() async throws {
        let output = await runLandfall(["routes", "match", "--routes", table, "--format", "json",
                                        "https://example.com/search?q=ice+cream&tag=a&tag=b",
                                        "https://example.com/nothing?x=1", "ftp://example.com/"])
        #expect(output.status == .problemsFound)
        let objects = try #require(try CLIFixtures.jsonObject(output.standardOutput) as? [[String: Any]])
        #expect(objects.count == 3)
        #expect(objects.map { $0["url"] as? String } == ["https://example.com/search?q=ice+cream&tag=a&tag=b",
                                                        "https://example.com/nothing?x=1", "ftp://example.com/"])
        #expect(objects.map { $0["decision"] as? String } == ["matched", "fallback", "rejected"])
        #expect(objects[0]["pattern"] as? String == "/search")
        #expect(objects[0]["route"] as? String == "search")
        let parameters = try #require(objects[0]["parameters"] as? [String: Any])
        #expect(parameters["q"] as? String == "ice cream", "the table sets plusAsSpace")
        #expect(parameters["tag"] as? [String] == ["a", "b"])
        #expect(objects[1]["pattern"] is NSNull)
        #expect((objects[1]["parameters"] as? [String: Any])?["x"] as? String == "1")
        #expect(objects[2]["reason"] as? String == "scheme 'ftp' is not accepted (https and the router's custom schemes are)")
        #expect((objects[2]["parameters"] as? [String: Any])?.isEmpty == true)
    }

    @Test func everyExampleInTheExampleTableMatchesItsOwnRoute() async throws {
        let text = try String(contentsOfFile: table, encoding: .utf8)
        var examples: [(route: String, url: String)] = []
        var route = ""
        for line in text.split(separator: "\n") {
            if let range = line.range(of: "- name: ") { route = String(line[range.upperBound...]) }
            if let range = line.range(of: "examples: [") {
                let list = line[range.upperBound...].prefix { $0 != "]" }
                for url in list.split(separator: ",") {
                    examples.append((route, url.trimmingCharacters(in: CharacterSet(charactersIn: " \""))))
                }
            }
        }
        #expect(examples.count >= 15)
        let output = await runLandfall(["routes", "match", "--routes", table, "--format", "json"] + examples.map(\.url))
        #expect(output.status == .success)
        let objects = try #require(try CLIFixtures.jsonObject(output.standardOutput) as? [[String: Any]])
        #expect(objects.map { $0["route"] as? String } == examples.map(\.route))
    }

    @Test func aJSONTableFromStandardInputWorks() async {
        let json = #"{"hosts": ["example.com"], "routes": [{"pattern": "/item/:id", "parameters": {"id": "int"}}]}"#
        let output = await runLandfall(["routes", "match", "--routes", "-", "https://example.com/item/42"], standardInput: json)
        #expect(output.status == .success)
        #expect(output.lines == ["https://example.com/item/42", "  matched  /item/:id", "    id = 42"])
    }

    @Test func aBadPatternIsAProblemThatPointsAtTheCharacter() async throws {
        let file = try CLIFixtures.temporaryFile("routes.yml", """
            hosts: [example.com]
            routes:
              - pattern: /user/:id/:id
            """)
        let output = await runLandfall(["routes", "match", "--routes", file, "https://example.com/user/1/2"])
        #expect(output.status == .problemsFound)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError == """
            error: \(file): routes[0] '/user/:id/:id': pattern '/user/:id/:id', character 11: duplicate parameter name 'id'
              /user/:id/:id
                        ^

            """)
    }

    @Test func aMisplacedValueNamesItsPlaceInTheFile() async throws {
        let file = try CLIFixtures.temporaryFile("routes.yml", """
            hosts: [example.com]
            routes:
              - pattern: /a
                priority: high
            """)
        let output = await runLandfall(["routes", "match", "--routes", file, "https://example.com/a"])
        #expect(output.status == .problemsFound)
        #expect(output.standardError.hasPrefix("error: \(file): routes[0].priority:"))
    }

    @Test func aMisspeltKeyIsWarnedAboutWithASuggestion() async throws {
        let file = try CLIFixtures.temporaryFile("routes.yml", """
            hosts: [example.com]
            routes:
              - pattern: /puzzle/:date
                paramters: {date: day}
            """)
        let output = await runLandfall(["routes", "match", "--routes", file, "https://example.com/puzzle/x"])
        #expect(output.status == .success)
        #expect(output.standardError == "warning: \(file):4: routes[0]: unknown key 'paramters' is ignored; did you mean 'parameters'?\n")
    }

    @Test func aMissingFileIsAnInputError() async {
        let output = await runLandfall(["routes", "match", "--routes", "/nonexistent/routes.yml", "https://example.com/"])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError == "error: cannot read \"/nonexistent/routes.yml\": no such file\n")
    }

    @Test func noURLIsAUsageError() async {
        let output = await runLandfall(["routes", "match", "--routes", table])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains("give at least one URL"))
    }

    @Test func noRouteTableIsAUsageError() async {
        let output = await runLandfall(["routes", "match", "https://example.com/"])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains("--routes"))
    }

    @Test func colourIsUsedOnlyOnATerminal() async {
        let coloured = await runLandfall(["routes", "match", "--routes", table, "https://example.com/"], terminal: true)
        #expect(coloured.standardOutput.contains("\u{1B}["))
        let plain = await runLandfall(["routes", "match", "--routes", table, "https://example.com/"], terminal: true,
                                      environment: ["NO_COLOR": "1"])
        #expect(!plain.standardOutput.contains("\u{1B}["))
    }
}

@Suite struct RoutesMatchExamplesTests {
    @Test func everyExampleOfTheExampleTableOpensItsRoute() async throws {
        let output = await runLandfall(["routes", "match", "--routes", CLIFixtures.example("routes.yml"), "--examples", "--format", "json"])
        #expect(output.status == .success, "\(output.standardError)")
        let objects = try #require(try CLIFixtures.jsonObject(output.standardOutput) as? [[String: Any]])
        #expect(objects.count >= 15)
        #expect(objects.allSatisfy { $0["route"] as? String == $0["exampleOf"] as? String })
    }

    @Test func anExampleThatOpensAnotherRouteFails() async throws {
        let file = try CLIFixtures.temporaryFile("routes.yml", """
            hosts: [example.com]
            routes:
              - name: today
                pattern: /puzzle/today
              - name: puzzle
                pattern: /puzzle/:date
                examples: [https://example.com/puzzle/today]
            """)
        let output = await runLandfall(["routes", "match", "--routes", file, "--examples"])
        #expect(output.status == .problemsFound)
        #expect(output.lines.first == "https://example.com/puzzle/today  (example of puzzle)")
        #expect(output.standardError == "error: example routes[1] 'puzzle': https://example.com/puzzle/today matched 'today' (/puzzle/today)\n")
    }
}
