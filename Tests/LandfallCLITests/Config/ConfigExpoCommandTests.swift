import Foundation
import Testing

@Suite struct ConfigExpoCommandTests {
    static let demo = CLIFixtures.example("demo/landfall.yml")

    @Test func itPrintsTheAppJSONKeysUnderExpo() async throws {
        let output = await runLandfall(["config", "expo", Self.demo])
        #expect(output.status == .success, "\(output.standardError)")
        let object = try #require(try CLIFixtures.jsonObject(output.standardOutput) as? [String: Any])
        let expo = try #require(object["expo"] as? [String: Any])
        #expect(expo["scheme"] as? String == "dailypuzzle")
        #expect((expo["ios"] as? [String: Any])?["associatedDomains"] as? [String] == [
            "applinks:daily.example.com", "applinks:www.daily.example.com", "applinks:go.daily.example.com", "applinks:open.dailypuzzle.app",
        ])
        let filters = try #require((expo["android"] as? [String: Any])?["intentFilters"] as? [[String: Any]])
        #expect(filters.map { $0["autoVerify"] as? Bool } == [true, true, nil])
    }

    /// The example app.json is the demo merged into a real-looking Expo config; merging again
    /// changes nothing, so the example cannot drift from the generator.
    @Test func theCheckedInExampleAppJSONIsUpToDate() async {
        let example = CLIFixtures.example("app/app.json")
        let output = await runLandfall(["config", "expo", Self.demo, "--merge", example, "--dry-run"])
        #expect(output.status == .success, "\(output.standardError)")
        #expect(output.standardOutput == "\(example) is up to date; --merge would change nothing\n")
        #expect(output.standardError == "")
    }

    @Test func mergingWritesTheFileOnceAndWarnsAboutWhatItKept() async throws {
        let original = try String(contentsOf: CLIFixtures.repositoryRoot.appendingPathComponent(
            "Tests/LandfallSiteTests/Fixtures/app-files/expo-app.json"), encoding: .utf8)
        let path = try CLIFixtures.temporaryFile("app.json", original)
        let dryRun = await runLandfall(["config", "expo", Self.demo, "--merge", path, "--dry-run"])
        #expect(dryRun.status == .success)
        #expect(dryRun.standardOutput.hasPrefix("--- a/\(path)\n+++ b/\(path)\n@@ -22,6 +22,9 @@\n"), "\(dryRun.standardOutput)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == original)

        let output = await runLandfall(["config", "expo", Self.demo, "--merge", path])
        #expect(output.status == .success, "\(output.standardError)")
        #expect(output.standardOutput == "merged into \(path)\n")
        #expect(output.standardError.components(separatedBy: "\n").filter { $0.hasPrefix("warning: ") }.count == 3)
        #expect(output.standardError.contains("warning: kept expo.ios.associatedDomains entry \"applinks:legacy.dailypuzzle.app\" (line 25): not a host of landfall.yml\n"))
        let again = await runLandfall(["config", "expo", Self.demo, "--merge", path])
        #expect(again.standardOutput == "\(path) is up to date\n")
    }

    static let refusals: [(name: String, mergeFile: String?, text: String?, error: String)] = [
        ("an app.config.js", "app.config.js", nil,
         "error: FILE is code, which cannot be merged: run `landfall config expo CONFIG` without --merge and paste the keys under \"expo\" into the config object it returns\n"),
        ("an app.config.ts", "app.config.ts", nil, "is code, which cannot be merged"),
        ("not JSON", "app.json", "{\"expo\": {\"name\": \"x\",}}\n",
         "error: cannot merge into FILE: line 1: app.json is not valid JSON (line 1, column 23): trailing comma before '}' is not allowed in JSON\n"),
        ("expo is not an object", "app.json", "{\"expo\": []}\n",
         "error: cannot merge into FILE: line 1: \"expo\" must be an object holding the app's config, not an array\n"),
        ("a missing file", "missing.json", nil, "no such file"),
    ]

    @Test(arguments: refusals)
    func unusableInputEndsWithStatusTwoAndSaysWhy(_ refusal: (name: String, mergeFile: String?, text: String?, error: String)) async throws {
        var arguments = ["config", "expo", Self.demo]
        var expected = refusal.error.replacingOccurrences(of: "CONFIG", with: Self.demo)
        if let name = refusal.mergeFile {
            let path = try refusal.text.map { try CLIFixtures.temporaryFile(name, $0) }
                ?? CLIFixtures.temporaryFolder().appendingPathComponent(name).path
            arguments += ["--merge", path]
            expected = expected.replacingOccurrences(of: "FILE", with: path)
        }
        let output = await runLandfall(arguments)
        #expect(output.status == .usageOrInputError, "\(refusal.name)")
        #expect(output.standardError.contains(expected), "\(output.standardError)")
        #expect(output.standardOutput == "")
    }

    @Test func theHelpTeachesWhereTheKeysGoAndHowToMerge() async {
        let output = await runLandfall(["config", "expo", "--help"])
        let text = output.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for phrase in ["app.json", "npx expo prebuild", "app.config.js", "--dry-run", "--merge",
                       "landfall config expo examples/demo/landfall.yml --merge app.json --dry-run"] {
            #expect(text.contains(phrase), "\(phrase)")
        }
    }
}
