import AppSiteAssociation
import Foundation
import Testing

@Suite struct ConfigAndroidManifestCommandTests {
    static let demo = CLIFixtures.example("demo/landfall.yml")

    @Test func thePrintedManifestIsWhatLandfallAndroidMatchReads() async throws {
        let output = await runLandfall(["config", "android-manifest", Self.demo])
        #expect(output.status == .success, "\(output.standardError)")
        let manifest = try AndroidManifest(text: output.standardOutput)
        #expect(manifest.activities.map(\.name) == [".MainActivity"])
        #expect(manifest.activities[0].intentFilters.map(\.autoVerify) == [true, true, false])
        let matcher = AndroidIntentMatcher(manifest)
        for (url, opens) in [("https://daily.example.com/puzzle/2026-11-20", true), ("https://www.daily.example.com/invites/7KQ2M", true),
                             ("https://go.daily.example.com/k7QmZ3x", true), ("dailypuzzle://puzzle/today", true),
                             ("https://daily.example.com/archive/2025", false), ("https://admin.daily.example.com/puzzle/today", false)] {
            #expect(matcher.decision(for: try LinkURL(parsing: url)).opens == opens, "\(url)")
        }
    }

    @Test func theCheckedInExampleManifestIsUpToDate() async throws {
        let example = CLIFixtures.example("app/AndroidManifest.xml")
        let output = await runLandfall(["config", "android-manifest", Self.demo, "--merge", example, "--dry-run"])
        #expect(output.status == .success, "\(output.standardError)")
        #expect(output.standardOutput == "\(example) is up to date; --merge would change nothing\n")
        #expect(output.standardError == "")
    }

    @Test func mergingWritesTheBlockIntoTheActivityAndWarnsAboutHandWrittenFilters() async throws {
        let source = CLIFixtures.repositoryRoot.appendingPathComponent("Tests/LandfallSiteTests/Fixtures/app-files/AndroidManifest-project.xml")
        let original = try String(contentsOf: source, encoding: .utf8)
        let path = try CLIFixtures.temporaryFile("AndroidManifest.xml", original)
        let output = await runLandfall(["config", "android-manifest", Self.demo, "--merge", path])
        #expect(output.status == .success, "\(output.standardError)")
        #expect(output.standardOutput == "merged into \(path)\n")
        #expect(output.standardError == "warning: line 44: a filter Landfall did not write also claims daily.example.com; "
                + "it opens whatever paths it lists, whatever the routes say\n")
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.hasPrefix(String(original.prefix(upTo: original.range(of: "\t\t</activity>")!.lowerBound))))
        #expect(written.contains("\t\t\t<!-- landfall:end -->\r\n\t\t</activity>\r\n"))

        let again = await runLandfall(["config", "android-manifest", Self.demo, "--merge", path])
        #expect(again.standardOutput == "\(path) is up to date\n")
    }

    @Test func theActivityOptionChoosesWhereTheBlockGoes() async throws {
        let source = CLIFixtures.repositoryRoot.appendingPathComponent("Tests/LandfallSiteTests/Fixtures/app-files/AndroidManifest-project.xml")
        let path = try CLIFixtures.temporaryFile("AndroidManifest.xml", try String(contentsOf: source, encoding: .utf8))
        let output = await runLandfall(["config", "android-manifest", Self.demo, "--merge", path, "--activity", ".share.ShareActivity"])
        #expect(output.status == .success, "\(output.standardError)")
        let manifest = try AndroidManifest(text: try String(contentsOfFile: path, encoding: .utf8))
        #expect(manifest.activities.first { $0.name == ".share.ShareActivity" }?.intentFilters.count == 4)

        let printed = await runLandfall(["config", "android-manifest", Self.demo, "--activity", ".LinkActivity"])
        #expect(try AndroidManifest(text: printed.standardOutput).activities.map(\.name) == [".LinkActivity"])
    }

    static let refusals: [(String, [String], String?, String)] = [
        // (case, arguments after the configuration, the --merge file's text, the error)
        ("an app without Android", ["--app", "ios-only"], nil,
         "error: the app 'ios-only' has no android entry in landfall.yml, so it has no intent filters\n"),
        ("no such activity", ["--activity", ".LinkActivity", "--merge"],
         "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">\n  <application>\n    <activity android:name=\".MainActivity\"/>\n  </application>\n</manifest>\n",
         "error: cannot merge into FILE: line 2: the manifest has no activity named .LinkActivity; its activities are .MainActivity (line 3)\n"),
        ("not XML", ["--merge"], "<manifest>\n",
         "error: cannot merge into FILE: line 1: the file is not well-formed XML: line 1, column 1: <manifest> (line 1) is never closed; add </manifest>\n"),
        ("an empty activity name", ["--activity", ""], nil,
         "--activity needs an activity's android:name, such as .MainActivity"),
    ]

    @Test(arguments: refusals)
    func unusableInputEndsWithStatusTwoAndSaysWhy(_ name: String, _ arguments: [String], _ file: String?, _ error: String) async throws {
        let configuration = try String(contentsOfFile: Self.demo, encoding: .utf8)
            .replacingOccurrences(of: "schemes: [dailypuzzle]", with: """
                  - name: ios-only
                    ios: {teamID: ABCDE12345, bundleID: com.example.other}

                schemes: [dailypuzzle]
                """)
        let path = try CLIFixtures.temporaryFile("landfall.yml", configuration)
        var arguments = arguments
        var expected = error
        if let file {
            let target = try CLIFixtures.temporaryFile("AndroidManifest.xml", file)
            arguments.append(target)
            expected = expected.replacingOccurrences(of: "FILE", with: target)
        }
        let output = await runLandfall(["config", "android-manifest", path, "--app", name == "an app without Android" ? "ios-only" : "daily"]
                                       + arguments.filter { $0 != "--app" && $0 != "ios-only" })
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains(expected), "\(output.standardError)")
        #expect(output.standardOutput == "")
    }

    @Test func theHelpTeachesWhereTheManifestIsAndHowExclusionsWork() async {
        let output = await runLandfall(["config", "android-manifest", "--help"])
        // The help is wrapped to the terminal's width: compare words.
        let text = output.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for phrase in ["app/src/main/AndroidManifest.xml", "dynamic_app_link_components", "--dry-run", "--activity",
                       "landfall config android-manifest examples/demo/landfall.yml --merge app/src/main/AndroidManifest.xml --dry-run"] {
            #expect(text.contains(phrase), "\(phrase)")
        }
    }
}
