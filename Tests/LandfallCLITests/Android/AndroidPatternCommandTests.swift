import Foundation
import LandfallCLI
import Testing

/// `landfall android pattern`: a line per text, statuses 0/1/2, JSON, and the manifest's escaping.
@Suite struct AndroidPatternCommandTests {
    @Test func everyTextMatchingEndsWithStatusZero() async {
        let output = await runLandfall(["android", "pattern", "--type", "simple-glob", "/puzzle/..*", "/puzzle/12", "/puzzle/1/2"])
        #expect(output.status == .success)
        #expect(output.lines == ["✓ /puzzle/12", "✓ /puzzle/1/2"])
        #expect(output.standardError.isEmpty)
    }

    @Test func aTextNotMatchingEndsWithStatusOne() async {
        let output = await runLandfall(["android", "pattern", "--type", "simple-glob", "/files/.*\\.pdf", "/files/a.pdf", "/files/a.b.pdf"])
        #expect(output.status == .problemsFound)
        #expect(output.lines == ["✓ /files/a.pdf", "✗ /files/a.b.pdf"])
    }

    @Test(arguments: [
        ("literal", "/help", "/help/", "✗ /help/  (not exactly /help)"),
        ("prefix", "/help", "/hel", "✗ /hel  (does not start with /help)"),
        ("suffix", ".pdf", "/a.PDF", "✗ /a.PDF  (does not end with .pdf)"),
        ("advanced-glob", ".*a", "ba", "✗ ba"),
    ])
    func aNoMatchSaysWhichPartFailedWhereThatIsPlain(type: String, pattern: String, text: String, line: String) async {
        let output = await runLandfall(["android", "pattern", "--type", type, pattern, text])
        #expect(output.status == .problemsFound)
        #expect(output.lines == [line])
    }

    @Test func marksAreColouredOnATerminal() async {
        let output = await runLandfall(["android", "pattern", "--type", "prefix", "/a", "/a", "/b"], terminal: true)
        #expect(output.lines == ["\u{1B}[32m✓\u{1B}[0m /a", "\u{1B}[31m✗\u{1B}[0m /b  (does not start with /a)"])
    }

    @Test func jsonHasOneObjectPerText() async throws {
        let output = await runLandfall(["android", "pattern", "--type", "advanced-glob", "/u/[^/]+/edit",
                                        "/u/bob/edit", "/u/a/b/edit", "--format", "json"])
        #expect(output.status == .problemsFound)
        let objects = try #require(try CLIFixtures.jsonObject(output.standardOutput) as? [[String: Any]])
        #expect(objects.count == 2)
        #expect(objects.map { $0["text"] as? String } == ["/u/bob/edit", "/u/a/b/edit"])
        #expect(objects.map { $0["matches"] as? Bool } == [true, false])
        #expect(objects.allSatisfy { Set($0.keys) == ["text", "matches"] })
    }

    @Test func aManifestEscapedPatternIsUnescapedAsAndroidReceivesIt() async {
        // In the manifest, "\\*" is a literal star; without the flag, "\\*" is an escaped backslash then a star.
        let escaped = await runLandfall(["android", "pattern", "--type", "simple-glob", "--manifest-escaped", #"/a\\*"#, "/a*", "/aa"])
        #expect(escaped.lines == [#"Android receives the pattern /a\*"#, "✓ /a*", "✗ /aa"])
        #expect(escaped.status == .problemsFound)
        let raw = await runLandfall(["android", "pattern", "--type", "simple-glob", #"/a\\*"#, #"/a\\"#, "/a*"])
        #expect(raw.lines == [#"✓ /a\\"#, "✗ /a*"])
    }

    @Test func aPatternAndroidRefusesIsAnInputErrorQuotingAndroid() async {
        let output = await runLandfall(["android", "pattern", "--type", "advanced-glob", "*a", "a"])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError == #"error: Android rejects the advanced pattern "*a": Modifier must follow a token. (at character 1: '*' must follow a character, '.', or a set; write \* for a literal '*')"# + "\n")
        #expect(output.standardOutput.isEmpty)
    }

    @Test func aRefusedManifestValueSaysWhatAndroidReceived() async {
        let output = await runLandfall(["android", "pattern", "--type", "advanced-glob", "--manifest-escaped", #"/a\["#, "/a"])
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.hasPrefix(#"error: Android rejects the advanced pattern "/a[": length=3; index=3"#))
        #expect(output.standardError.hasSuffix(#"  the manifest's value /a\[ reaches Android as /a["# + "\n"))
    }

    @Test(arguments: [
        (["android", "pattern", "/a", "/a"], "Missing expected argument '--type <type>'"),
        (["android", "pattern", "--type", "glob", "/a", "/a"], "'glob'"),
        (["android", "pattern", "--type", "prefix", "/a"], "Missing expected argument '<text> ...'"),
    ])
    func aUsageErrorEndsWithStatusTwo(arguments: [String], message: String) async {
        let output = await runLandfall(arguments)
        #expect(output.status == .usageOrInputError)
        #expect(output.standardError.hasPrefix("error: "))
        #expect(output.standardError.contains(message), "\(output.standardError)")
    }

    @Test func theHelpTeachesTheKindsTheEscapingAndTheQuirk() async {
        let output = await runLandfall(["android", "pattern", "--help"])
        #expect(output.status == .success)
        for text in ["android:pathAdvancedPattern", #""\\*""#, "No backtracking", "/.*\\.pdf", "Examples:",
                     "landfall android pattern --type simple-glob", "values: literal, prefix, simple-glob"] {
            #expect(output.standardOutput.contains(text), "\(text)")
        }
    }

    @Test func theGroupListsTheCommand() async {
        let output = await runLandfall(["android", "--help"])
        #expect(output.status == .success)
        #expect(output.standardOutput.contains("pattern"))
    }
}
