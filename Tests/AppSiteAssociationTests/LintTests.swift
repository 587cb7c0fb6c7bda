@testable import AppSiteAssociation
import LandfallJSON
import SeededRandom
import Testing

@Suite struct AssociationLintTests {
    typealias F = LintFixtures

    /// The example from `HowIOSReadsTheFile.md`: every modern feature, used correctly.
    static let semanticsExample = TestResources.semanticsExample

    static let cleanFiles: [String] = [
        semanticsExample,
        F.components(##"{"/": "/buy/*"}, {"/": "/help/*", "?": {"id": "?*"}}, {"#": "nope", "exclude": true}"##),
        #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/*"}]}]}}"#,
        // Two details for one app: the second is consulted when the first has no matching rule.
        F.details(#"{"appIDs": ["\#(F.app)"], "components": [{"/": "/a/*"}]}, {"appIDs": ["\#(F.app)"], "components": [{"/": "/b/*"}]}"#),
    ]

    @Test(arguments: cleanFiles)
    func aCleanModernFileHasNoWarningsOrErrors(_ json: String) {
        let report = AssociationLinter().lint(json)
        let problems = report.diagnostics.filter { $0.severity >= .warning }
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
        #expect(report.passes(strict: true))
    }

    @Test func theSemanticsExampleHasNoDiagnosticsAtAll() {
        let report = AssociationLinter().lint(Self.semanticsExample)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.description).joined(separator: "\n"))")
    }

    @Test(arguments: cleanFiles)
    func theLenientReadingAgreesWithTheDecoderOnValidFiles(_ json: String) throws {
        var pass = LintPass()
        pass.lintDocument(try JSONValue.parse(json))
        #expect(pass.file == (try AssociationFile(json: json)))
    }

    @Test func diagnosticsComeInDocumentOrder() {
        let json = """
        {
          "applinks": {
            "details": [{
              "appIds": ["ABCDE1234.com.x"],
              "components": [{"/": "/a#b"}, {"/": "/search?q=*", "excluded": true}]
            }]
          },
          "webcredential": {}
        }
        """
        let report = AssociationLinter().lint(json)
        let offsets = report.diagnostics.compactMap(\.location?.offset)
        #expect(offsets == offsets.sorted())
        #expect(report.codes == [
            "aasa.detail-without-apps", "aasa.unknown-key", "aasa.fragment-in-path", "aasa.query-in-path", "aasa.unknown-key", "aasa.unknown-key",
        ])
        #expect(report.diagnostics.map { $0.location?.line } == [3, 4, 5, 5, 5, 8])
    }

    @Test func diagnosticsWithoutAPlaceComeFirst() {
        let report = AssociationLinter(maximumSize: 10).lint("\u{FEFF}" + F.components(#"{"/": "/a", "casesensitive": true}"#))
        #expect(Array(report.codes.prefix(2)) == ["aasa.file-too-large", "aasa.byte-order-mark"])
        #expect(report.diagnostics.prefix(2).allSatisfy { $0.location == nil })
    }

    @Test func invalidJSONCarriesTheParsersLineAndColumn() {
        let report = AssociationLinter().lint("{\n  \"applinks\": {\n    \"details\": [,]\n  }\n}")
        #expect(report.codes == ["aasa.invalid-json"])
        let diagnostic = report.diagnostics[0]
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.location?.line == 3)
        #expect(diagnostic.location?.column == 17)
        #expect(diagnostic.message.contains("line 3, column 17"))
    }

    @Test(arguments: [
        ("casesensitive", "caseSensitive"), ("percentencoded", "percentEncoded"), ("excluded", "exclude"),
        ("Exclude", "exclude"), ("path", "/"), ("query", "?"), ("fragment", "#"), ("coment", "comment"),
    ])
    func unknownComponentKeysSuggestTheKeyMeant(_ written: String, _ meant: String) {
        let report = AssociationLinter().lint(F.components(#"{"/": "/a", "\#(written)": "x"}"#))
        let diagnostic = report.diagnostics.first { $0.code == "aasa.unknown-key" }
        #expect(diagnostic?.fix == "did you mean \"\(meant)\"?")
        #expect(diagnostic?.severity == .warning)
    }

    @Test(arguments: [
        ("appIds", "appIDs"), ("appid", "appID"), ("component", "components"), ("Components", "components"), ("path", "paths"),
    ])
    func unknownDetailKeysSuggestTheKeyMeant(_ written: String, _ meant: String) {
        let report = AssociationLinter().lint(F.details(#"{"appIDs": ["\#(F.app)"], "components": [{"/": "/a"}], "\#(written)": []}"#))
        let diagnostic = report.diagnostics.first { $0.code == "aasa.unknown-key" }
        #expect(diagnostic?.path == ["applinks", "details", 0, .key(written)])
        #expect(diagnostic?.fix == "did you mean \"\(meant)\"?")
    }

    @Test(arguments: [
        ("detail", "details"), ("substitutionvariables", "substitutionVariables"), ("default", "defaults"),
    ])
    func unknownAppLinksKeysSuggestTheKeyMeant(_ written: String, _ meant: String) {
        let report = AssociationLinter().lint(F.components(#"{"/": "/a"}"#, appLinks: #""\#(written)": {}, "#))
        let diagnostic = report.diagnostics.first { $0.code == "aasa.unknown-key" }
        #expect(diagnostic?.fix == "did you mean \"\(meant)\"?")
    }

    @Test func aKeyFromAnotherLevelSaysWhereItBelongs() {
        let report = AssociationLinter().lint(F.components(#"{"/": "/a"}"#, detail: #""caseSensitive": false, "#))
        let diagnostic = report.diagnostics.first { $0.code == "aasa.unknown-key" }
        #expect(diagnostic?.fix == #""caseSensitive" belongs inside "defaults" or a component"#)
    }

    @Test func anUnknownServiceSuggestsTheServiceMeant() {
        let report = AssociationLinter().lint(#"{"applink": {"details": []}}"#)
        #expect(report.diagnostics.first { $0.code == "aasa.unknown-key" }?.fix == "did you mean \"applinks\"?")
        #expect(report.codes.contains("aasa.no-services"))
    }

    @Test func anUnrelatedKeyGetsNoSuggestionButTheKnownKeys() {
        let report = AssociationLinter().lint(F.components(#"{"/": "/a", "zzzzzz": 1}"#))
        let fix = report.diagnostics.first { $0.code == "aasa.unknown-key" }?.fix ?? ""
        #expect(fix.hasPrefix("remove it; the keys read here are \"/\""))
    }

    @Test(arguments: [
        ("ABCDE1234.com.x", "the Team ID must be 10 characters A-Z or 0-9, found 9"),
        ("ABCDE123456.com.x", "the Team ID must be 10 characters A-Z or 0-9, found 11"),
        ("abcde12345.com.x", "the Team ID may contain only A-Z and 0-9, found 'a'"),
        ("com.example.app", "the Team ID must be 10 characters A-Z or 0-9, found 3"),
        ("ABCDE12345", "expected <Team ID>.<bundle ID>, found no '.'"),
        ("ABCDE12345.", "the bundle ID after the Team ID is empty"),
        ("ABCDE12345.com_example", "a bundle ID may contain only letters, digits, '-' and '.', found '_'"),
        ("ABCDE12345.com..x", "the bundle ID has an empty part between dots"),
        ("", "the app ID is empty; expected <Team ID>.<bundle ID>"),
    ])
    func malformedAppIDsSayWhatIsWrong(_ appID: String, _ problem: String) {
        #expect(AppIDFormat.problem(in: appID)?.message == problem)
        let report = AssociationLinter().lint(F.details(#"{"appIDs": ["\#(F.app)", "\#(appID)"], "components": [{"/": "/a"}]}"#))
        let diagnostic = report.diagnostics.first { $0.code == "aasa.malformed-app-id" }
        #expect(diagnostic?.message == "appIDs[1] \"\(appID)\": \(problem)")
        #expect(diagnostic?.path == ["applinks", "details", 0, "appIDs", 1])
    }

    @Test(arguments: ["ABCDE12345.com.example.app", "0123456789.a", "ABCDE12345.com.Example-App.Clip"])
    func wellFormedAppIDsPass(_ appID: String) {
        #expect(AppIDFormat.problem(in: appID) == nil)
    }

    @Test func aLowerCaseTeamIDGetsTheUpperCasedIDAsTheFix() {
        let report = AssociationLinter().lint(#"{"webcredentials": {"apps": ["abcde12345.com.x"]}}"#)
        #expect(report.diagnostics.first { $0.code == "aasa.malformed-app-id" }?.fix == #"write "ABCDE12345.com.x""#)
    }

    @Test(arguments: ["webcredentials", "appclips", "activitycontinuation"])
    func appIDsAreCheckedInEveryService(_ service: String) {
        let report = AssociationLinter().lint(#"{"\#(service)": {"apps": ["ABCDE.com.x"]}}"#)
        #expect(report.diagnostics.contains { $0.code == "aasa.malformed-app-id" && $0.path == [.key(service), "apps", 0] })
    }

    @Test func theKeyOfADetailKeyedByAppIDIsChecked() {
        let report = AssociationLinter().lint(#"{"applinks": {"details": {"ABC.com.x": {"paths": ["/a"]}}}}"#)
        #expect(report.diagnostics.contains { $0.code == "aasa.malformed-app-id" && $0.path == ["applinks", "details", "ABC.com.x"] })
    }

    @Test func appIDNextToAnAppIDsListWithoutItIsIgnored() {
        let report = AssociationLinter().lint(F.details(#"{"appIDs": ["\#(F.otherApp)"], "appID": "\#(F.app)", "components": [{"/": "/a"}]}"#))
        let diagnostic = report.diagnostics.first { $0.code == "aasa.app-id-ignored" }
        #expect(diagnostic?.message.contains("does not list it") == true)
    }

    @Test func appIDRepeatingAnEntryOfAppIDsIsOnlyLegacy() {
        let report = AssociationLinter().lint(F.details(#"{"appIDs": ["\#(F.app)"], "appID": "\#(F.app)", "components": [{"/": "/a"}]}"#))
        #expect(report.codes == ["aasa.legacy-app-id"])
    }

    @Test func aLegacyFileGetsInfosWithTheModernForm() {
        let json = #"{"applinks": {"apps": [], "details": [{"appID": "\#(F.app)", "paths": ["/buy/*", "NOT /help/website/*", "/help/*"]}]}}"#
        let report = AssociationLinter().lint(json)
        #expect(report.codes == ["aasa.legacy-apps", "aasa.legacy-app-id", "aasa.legacy-paths"])
        #expect(report.passes(strict: true))
        let fix = report.diagnostics.last?.fix
        #expect(fix == #"write "components": [{"/": "/buy/*"}, {"/": "/help/website/*", "exclude": true}, {"/": "/help/*"}]"#)
    }

    @Test func mixingPathsAndComponentsSaysPathsAreIgnored() {
        let report = AssociationLinter().lint(F.details(#"{"appIDs": ["\#(F.app)"], "components": [{"/": "/a"}], "paths": ["/b"]}"#))
        #expect(report.codes == ["aasa.paths-and-components"])
        #expect(report.diagnostics[0].message.contains("ignore \"paths\""))
    }

    @Test(arguments: ["NOT/private/*", "not /private/*", "Not /private/*", "NOT  /private/*", "NOT\t/private/*"])
    func legacyNotWrittenWrongIsCaught(_ path: String) {
        let report = AssociationLinter().lint(F.details(#"{"appIDs": ["\#(F.app)"], "paths": ["\#(path.replacingOccurrences(of: "\t", with: "\\t"))"]}"#))
        let diagnostic = report.diagnostics.first { $0.code == "aasa.malformed-not-prefix" }
        #expect(diagnostic?.fix == #"write "NOT /private/*""#)
        #expect(!report.codes.contains("aasa.unencoded-character"))
    }

    @Test(arguments: ["NOT /private/*", "notes/*", "/NOT/x", "nothing"])
    func legacyPathsThatAreFineAreNotFlaggedForNot(_ path: String) {
        let report = AssociationLinter().lint(F.details(#"{"appIDs": ["\#(F.app)"], "paths": ["\#(path)", "*"]}"#))
        #expect(!report.codes.contains("aasa.malformed-not-prefix"))
    }

    @Test(arguments: ["/id/???", "/a?b", "/x/?*", "/q?=1", "*?"])
    func questionMarksThatAreWildcardsAreNotQueries(_ pattern: String) {
        let report = AssociationLinter().lint(F.components(#"{"/": "\#(pattern)"}"#))
        #expect(!report.codes.contains("aasa.query-in-path"))
    }

    @Test func aQueryInAPathIsMovedToAQueryDictionaryInTheFix() {
        let report = AssociationLinter().lint(F.components(#"{"/": "/search?q=*&page=?"}"#))
        let diagnostic = report.diagnostics.first { $0.code == "aasa.query-in-path" }
        #expect(diagnostic?.fix == #"write "/": "/search", "?": {"q": "*", "page": "?"}"#)
    }

    @Test func aFragmentInAPathIsMovedToTheHashKeyInTheFix() {
        let report = AssociationLinter().lint(F.components(##"{"/": "/a/#/settings"}"##))
        #expect(report.diagnostics.first { $0.code == "aasa.fragment-in-path" }?.fix == ##"write "/": "/a/", "#": "/settings""##)
    }

    @Test(arguments: ["?*", "??", "?", "*?", "a=?"])
    func aQueryStringThatStartsWithAWildcardIsNotFlagged(_ query: String) {
        let report = AssociationLinter().lint(F.components(#"{"/": "/a", "?": "\#(query)"}"#))
        #expect(!report.codes.contains("aasa.query-starts-with-question-mark"))
    }

    @Test(arguments: ["?q=1", "?ref", "?utm_source=*&x=1"])
    func aQueryStringWrittenWithItsQuestionMarkIsFlagged(_ query: String) {
        let report = AssociationLinter().lint(F.components(#"{"/": "/a", "?": "\#(query)"}"#))
        #expect(report.diagnostics.first?.fix == "write \"\(query.dropFirst())\"")
    }

    @Test func lowerCaseHexMattersOnlyWhenComparedCaseSensitivelyAsWritten() {
        #expect(AssociationLinter().lint(F.components(#"{"/": "/a%2fb", "caseSensitive": false}"#)).diagnostics.isEmpty)
        #expect(AssociationLinter().lint(F.components(#"{"/": "/a%2Fb"}"#)).diagnostics.isEmpty)
        let report = AssociationLinter().lint(F.components(#"{"/": "/a%2fb"}"#))
        #expect(report.diagnostics.first?.fix == #"write "/a%2Fb""#)
    }

    @Test func settingsFromDefaultsApplyToThePatternChecks() {
        let report = AssociationLinter().lint(F.components(#"{"/": "/a%20b"}"#, appLinks: #""defaults": {"percentEncoded": false}, "#))
        #expect(report.codes == ["aasa.percent-escape-with-decoding"])
        #expect(report.diagnostics[0].fix == #"write "/a b", or remove "percentEncoded": false"#)
    }

    @Test func aRawCharacterGetsItsEncodedFormAsTheFix() {
        let report = AssociationLinter().lint(F.components(#"{"/": "/café menu"}"#))
        #expect(report.diagnostics.first?.fix == #"write "/caf%C3%A9%20menu", or set "percentEncoded": false"#)
        #expect(AssociationLinter().lint(F.components(#"{"/": "/café", "percentEncoded": false}"#)).diagnostics.isEmpty)
    }

    @Test func undefinedVariablesSuggestADefinedName() {
        let json = F.components(#"{"/": "/$(foods)/*"}"#, appLinks: #""substitutionVariables": {"food": ["taco"]}, "#)
        let report = AssociationLinter().lint(json)
        #expect(report.diagnostics.first { $0.code == "aasa.undefined-variable" }?.fix == "did you mean $(food)?")
        #expect(report.codes.contains("aasa.unused-variable"))
    }

    @Test func builtInVariablesAreDefined() {
        let report = AssociationLinter().lint(F.components(#"{"/": "/$(lang)_$(region)/$(alpha)$(upper)$(lower)$(alnum)$(digit)$(xdigit)"}"#))
        #expect(report.diagnostics.isEmpty, "\(report.codes)")
    }

    @Test func variablesInTheFilesDefaultsAreKnown() {
        let json = F.components(##"{"#": "x"}"##, appLinks: #""substitutionVariables": {"food": ["taco"]}, "defaults": {"/": "/$(food)/*"}, "#)
        let report = AssociationLinter().lint(json)
        #expect(!report.codes.contains("aasa.undefined-variable"))
        #expect(!report.codes.contains("aasa.unused-variable"))
    }

    @Test(arguments: ["$(", "$()", "$(a$b)", "$(a(b)"])
    func malformedReferencesAreErrors(_ reference: String) {
        let report = AssociationLinter().lint(F.components(#"{"/": "/x/\#(reference)"}"#))
        #expect(report.codes.contains("aasa.malformed-variable-reference"), "\(report.codes)")
    }

    @Test func patternPiecesReassembleIntoThePatternTheyCameFrom() {
        var generator = SeededGenerator(seed: 11)
        let alphabet: [Character] = ["$", "(", ")", "a", "b", "/", "*"]
        for _ in 0..<5_000 {
            let text = String((0..<Int(generator.next() % 14)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            let references = VariableReferences(in: text)
            let rebuilt = references.pieces.map { piece -> String in
                switch piece {
                case .text(let text): text
                case .variable(let name): "$(\(name))"
                }
            }.joined()
            #expect(rebuilt == text, "\(text)")
            let names = references.pieces.compactMap { piece -> String? in
                if case .variable(let name) = piece { return name }
                return nil
            }
            #expect(references.names == names, "\(text)")
            for name in names {
                #expect(!name.isEmpty && !name.contains("$") && !name.contains("(") && !name.contains(")"), "\(text)")
            }
        }
    }

    @Test(arguments: ["a$b", "a)b", "", "(x)"])
    func variableNamesThatCannotBeReferredToAreErrors(_ name: String) {
        let json = F.components(#"{"/": "/a"}"#, appLinks: #""substitutionVariables": {"\#(name)": ["taco"]}, "#)
        let report = AssociationLinter().lint(json)
        #expect(report.codes.contains("aasa.invalid-variable-name"))
        #expect(!report.codes.contains("aasa.unused-variable"))
    }

    @Test func aQueryDictionaryWithANonStringValueIsReportedAtEachSuchValue() {
        let report = AssociationLinter().lint(F.components(#"{"/": "/a", "?": {"a": "1", "b": 2, "c": null}}"#))
        let paths = report.diagnostics.filter { $0.code == "aasa.ignored-query-dictionary" }.map(\.path)
        #expect(paths == [["applinks", "details", 0, "components", 0, "?", "b"], ["applinks", "details", 0, "components", 0, "?", "c"]])
        #expect(!report.codes.contains("aasa.wrong-type"))
    }

    @Test func repeatedKeysPointAtTheOccurrenceIOSIgnores() {
        let json = "{\"applinks\": {\"details\": [], \"details\": [{\"appIDs\": [\"\(F.app)\"], \"components\": [{\"/\": \"/a\"}]}]}}"
        let report = AssociationLinter().lint(json)
        #expect(report.codes == ["aasa.duplicate-key"])
        #expect(report.diagnostics[0].location?.column == 15)
        #expect(report.diagnostics[0].message.contains("appears again at line 1, column 30"))
    }

    @Test func repeatedQueryItemNamesAndVariablesAreReported() {
        let query = F.components(#"{"/": "/a", "?": {"id": "1", "id": "2"}}"#)
        #expect(AssociationLinter().lint(query).codes == ["aasa.duplicate-key"])
        let variables = F.components(#"{"/": "/$(x)"}"#, appLinks: #""substitutionVariables": {"x": ["a"], "x": ["b"]}, "#)
        #expect(AssociationLinter().lint(variables).codes == ["aasa.duplicate-key"])
    }

    @Test func patternKeysInADetailsDefaultsAreInfos() {
        let report = AssociationLinter().lint(F.components(##"{"#": "a"}"##, detail: #""defaults": {"/": "/shop/*", "exclude": false}, "#))
        #expect(report.codes == ["aasa.pattern-in-defaults", "aasa.pattern-in-defaults"])
        #expect(report.passes(strict: true))
    }

    @Test func aComponentGettingItsPathFromDefaultsHasAPattern() {
        let report = AssociationLinter().lint(F.components(#"{"exclude": true}, {"?": {"a": "1"}}"#, detail: #""defaults": {"/": "/shop/*"}, "#))
        #expect(!report.codes.contains("aasa.component-without-pattern"))
    }

    @Test func messagesNameThePlaceAndTheValue() {
        let report = AssociationLinter().lint(F.details(#"{"appIDs": ["\#(F.app)", "ABCDE1234.com.x"], "components": [{"/": "/a"}]}"#))
        #expect(report.diagnostics.first?.description == """
            error[aasa.malformed-app-id] applinks.details[0].appIDs[1] (line 1, column 69): appIDs[1] "ABCDE1234.com.x": the Team ID must be 10 characters A-Z or 0-9, found 9
              fix: an app ID is the Team ID (10 characters, from the Apple Developer account's Membership page), a dot, and the bundle ID: "ABCDE12345.com.example.app"
            """)
    }

    @Test func aStringStringWhereAListBelongsGetsTheListAsTheFix() {
        let report = AssociationLinter().lint(F.details(#"{"appIDs": "\#(F.app)", "components": [{"/": "/a"}]}"#))
        let diagnostic = report.diagnostics.first { $0.code == "aasa.wrong-type" }
        #expect(diagnostic?.message == "expected an array of strings, found a string")
        #expect(diagnostic?.fix == #"write a list: ["\#(F.app)"]"#)
    }

    @Test func theDocumentationExampleIsWhatTheLinterPrints() {
        let report = AssociationLinter().lint(#"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/buy/*", "casesensitive": false}]}]}}
            """#)
        #expect(report.diagnostics.map(\.description) == [
            """
            warning[aasa.unknown-key] applinks.details[0].components[0].casesensitive (line 1, column 101): unknown key "casesensitive"; iOS ignores it
              fix: did you mean "caseSensitive"?
            """,
        ])
        #expect(report.passes(strict: false))
        #expect(!report.passes(strict: true))
    }

    @Test func theCatalogueListsEveryCodeOnce() {
        #expect(AASALintCode.allCases.count >= 45)
        #expect(AASALintCode(rawValue: "aasa.invalid-json")?.severity == .error)
        #expect(AASALintCode.unusedVariable.severity == .info)
    }
}
