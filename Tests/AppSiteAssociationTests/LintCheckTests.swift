import Testing
import AppSiteAssociation

/// `AssociationLinter.check` parses once and gives both the lint report and the decoded file.
@Suite struct LintCheckTests {
    static let inputs: [(name: String, json: String)] = [
        ("a clean modern file", TestResources.semanticsExample),
        ("a file with a misspelt key", #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/a", "casesensitive": false}]}]}}"#),
        ("invalid JSON", #"{"applinks": {"details": [}"#),
        ("a wrong type", #"{"applinks": {"details": [{"appIDs": "ABCDE12345.com.example.app"}]}}"#),
        ("an empty file", ""),
    ]

    @Test(arguments: inputs.map(\.json))
    func theReportIsTheSameAsLintingAlone(_ json: String) {
        #expect(AssociationLinter().check(Array(json.utf8)).report == AssociationLinter().lint(json))
    }

    @Test(arguments: inputs.map(\.json))
    func theFileIsWhatTheDecoderGivesAndNilWhenItFails(_ json: String) {
        let checked = AssociationLinter().check(Array(json.utf8))
        let decoded = try? AssociationFile(json: json)
        #expect(checked.file == decoded)
        if decoded == nil {
            #expect(!checked.report.passes(strict: false), "a file the decoder refuses must not pass")
        }
    }
}
