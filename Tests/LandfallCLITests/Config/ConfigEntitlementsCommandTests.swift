import AppSiteAssociation
import Foundation
import Testing

@Suite struct ConfigEntitlementsCommandTests {
    static let demo = CLIFixtures.example("demo/landfall.yml")

    /// A copy of one of the site tests' app files in a fresh folder, as a path.
    static func copy(ofAppFile name: String) throws -> String {
        let source = CLIFixtures.repositoryRoot.appendingPathComponent("Tests/LandfallSiteTests/Fixtures/app-files/\(name)")
        return try CLIFixtures.temporaryFile(name, try String(contentsOf: source, encoding: .utf8))
    }

    @Test func theCheckedInExampleIsWhatTheCommandPrintsForTheDemo() async throws {
        let output = await runLandfall(["config", "entitlements", Self.demo])
        #expect(output.status == .success, "\(output.standardError)")
        #expect(output.standardError == "")
        let example = try String(contentsOfFile: CLIFixtures.example("app/DailyPuzzle.entitlements"), encoding: .utf8)
        #expect(output.standardOutput == example)
        #expect(EntitlementsFile(data: Data(example.utf8)).appLinksHosts == [
            "daily.example.com", "www.daily.example.com", "go.daily.example.com", "open.dailypuzzle.app",
        ])
    }

    @Test func mergingWritesTheFileAndWarnsAboutEveryEntryKept() async throws {
        let path = try Self.copy(ofAppFile: "DailyPuzzle-with-domains.entitlements")
        let output = await runLandfall(["config", "entitlements", Self.demo, "--merge", path])
        #expect(output.status == .success, "\(output.standardError)")
        #expect(output.standardOutput == "merged into \(path)\n")
        #expect(output.standardError.split(separator: "\n") == [
            "warning: kept applinks:old.daily.example.com: not a host of landfall.yml",
            "warning: kept applinks:partner.example.org: not a host of landfall.yml",
            "warning: kept appclips:daily.example.com: Landfall writes only applinks: and webcredentials: entries",
            "warning: removed webcredentials:daily.example.com: landfall.yml does not claim it for the app 'daily'",
        ])
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.contains("<string>applinks:go.daily.example.com</string>"))
        #expect(written.contains("<key>keychain-access-groups</key>"))

        let again = await runLandfall(["config", "entitlements", Self.demo, "--merge", path])
        #expect(again.status == .success)
        #expect(again.standardOutput == "\(path) is up to date\n")
    }

    @Test func aDryRunPrintsTheDiffAndWritesNothing() async throws {
        let path = try Self.copy(ofAppFile: "DailyPuzzle-without-domains.entitlements")
        let before = try String(contentsOfFile: path, encoding: .utf8)
        let output = await runLandfall(["config", "entitlements", Self.demo, "--merge", path, "--dry-run"])
        #expect(output.status == .success, "\(output.standardError)")
        #expect(output.standardOutput.contains("+\t<key>com.apple.developer.associated-domains</key>\n"))
        #expect(output.standardOutput.contains("+\t\t<string>applinks:daily.example.com</string>\n"))
        #expect(!output.standardOutput.contains("\n-"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
    }

    static let refusals: [(String, [String], String?, String)] = [
        // (case, arguments after the configuration, the --merge file's text, the error)
        ("an app without iOS", ["--app", "web"], nil,
         "error: the app 'web' has no ios entry in landfall.yml, so it claims no associated domains\n"),
        ("an unknown app", ["--app", "dialy"], nil,
         "error: the configuration has no app named 'dialy'; its apps are daily, web\n"),
        ("a file that is not a plist", ["--app", "daily", "--merge"], "<manifest/>\n",
         "error: cannot merge into FILE: line 1: the root element is <manifest>, not <plist>: is this an .entitlements file?\n"),
        ("a missing file", ["--app", "daily", "--merge", "/no/such/App.entitlements"], nil,
         "error: cannot read \"/no/such/App.entitlements\": no such file\n"),
    ]

    @Test(arguments: refusals)
    func unusableInputEndsWithStatusTwoAndSaysWhy(_ name: String, _ arguments: [String], _ file: String?, _ error: String) async throws {
        let configuration = try String(contentsOfFile: Self.demo, encoding: .utf8)
            .replacingOccurrences(of: "schemes: [dailypuzzle]", with: """
                  - name: web
                    android:
                      package: com.example.web
                      sha256: [14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5]

                schemes: [dailypuzzle]
                """)
        let path = try CLIFixtures.temporaryFile("landfall.yml", configuration)
        var arguments = arguments
        var expected = error
        if let file {
            let target = try CLIFixtures.temporaryFile("App.entitlements", file)
            arguments.append(target)
            expected = expected.replacingOccurrences(of: "FILE", with: target)
        }
        let output = await runLandfall(["config", "entitlements", path] + arguments)
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError == expected)
        #expect(output.standardOutput == "")
    }

    @Test func aDryRunWithoutMergeIsAUsageError() async {
        let output = await runLandfall(["config", "entitlements", Self.demo, "--dry-run"])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.contains("--dry-run shows what --merge would change: give --merge FILE too"))
    }

    @Test func theHelpTeachesWhereTheFileGoes() async {
        let output = await runLandfall(["config", "entitlements", "--help"])
        // The help is wrapped to the terminal's width: compare words.
        let text = output.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for phrase in ["CODE_SIGN_ENTITLEMENTS", "Signing & Capabilities", "provisioning profile", "--dry-run",
                       "landfall config entitlements examples/demo/landfall.yml"] {
            #expect(text.contains(phrase), "\(phrase)")
        }
    }
}
