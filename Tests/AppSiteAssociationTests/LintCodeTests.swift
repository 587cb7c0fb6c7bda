import LandfallJSON
import Testing
import AppSiteAssociation

/// One file that must produce a diagnostic with `code` at `path`.
struct LintCodeCase: Sendable, CustomTestStringConvertible {
    let code: AASALintCode
    let note: String
    let json: String
    let path: JSONPath?

    init(_ code: AASALintCode, _ note: String, _ json: String, at path: JSONPath?) {
        self.code = code
        self.note = note
        self.json = json
        self.path = path
    }

    var testDescription: String { "\(code.rawValue): \(note)" }
}

/// Builders for small association files.
enum LintFixtures {
    static let app = "ABCDE12345.com.example.app"
    static let otherApp = "ABCDE12345.com.example.other"

    /// `{"applinks": {"details": [{"appIDs": [app], "components": [rules]}]}}` with extra text spliced in.
    static func components(_ rules: String, appLinks extra: String = "", detail detailExtra: String = "") -> String {
        #"{"applinks": {\#(extra)"details": [{\#(detailExtra)"appIDs": ["\#(app)"], "components": [\#(rules)]}]}}"#
    }

    static func details(_ details: String, appLinks extra: String = "") -> String {
        #"{"applinks": {\#(extra)"details": [\#(details)]}}"#
    }
}

@Suite struct CodeLintTests {
    typealias F = LintFixtures
    static let detail0: JSONPath = ["applinks", "details", 0]
    static func component(_ index: Int, _ key: String? = nil) -> JSONPath {
        var path = detail0.appending("components").appending(index)
        if let key { path = path.appending(key) }
        return path
    }

    static let cases: [LintCodeCase] = [
        // The file
        LintCodeCase(.invalidJSON, "a file cut short", #"{"applinks": {"details": ["#, at: nil),
        LintCodeCase(.byteOrderMark, "a UTF-8 BOM", "\u{FEFF}" + F.components(#"{"/": "/a"}"#), at: nil),
        LintCodeCase(.fileTooLarge, "132 KB of padding", F.components(#"{"/": "/a"}"#) + String(repeating: " ", count: 132_000), at: nil),
        LintCodeCase(.wrongType, "appIDs as a string",
                     F.details(#"{"appIDs": "\#(F.app)", "components": [{"/": "/a"}]}"#), at: detail0.appending("appIDs")),
        LintCodeCase(.wrongType, "the top level as an array", "[]", at: []),
        LintCodeCase(.unknownKey, "casesensitive", F.components(#"{"/": "/a", "casesensitive": false}"#), at: component(0, "casesensitive")),
        LintCodeCase(.duplicateKey, "exclude twice", F.components(#"{"/": "/a", "exclude": true, "exclude": false}"#), at: component(0, "exclude")),
        LintCodeCase(.noServices, "an empty object", "{}", at: []),
        LintCodeCase(.noAppLinks, "only webcredentials", #"{"webcredentials": {"apps": ["\#(F.app)"]}}"#, at: []),
        LintCodeCase(.serviceWithoutApps, "webcredentials with no apps", #"{"webcredentials": {"apps": []}}"#, at: ["webcredentials", "apps"]),
        // App IDs and details
        LintCodeCase(.malformedAppID, "a 9-character Team ID",
                     F.details(#"{"appIDs": ["ABCDE1234.com.x"], "components": [{"/": "/a"}]}"#), at: detail0.appending("appIDs").appending(0)),
        LintCodeCase(.malformedAppID, "in appclips", #"{"appclips": {"apps": ["abcde12345.com.x.Clip"]}}"#, at: ["appclips", "apps", 0]),
        LintCodeCase(.duplicateAppID, "listed twice",
                     F.details(#"{"appIDs": ["\#(F.app)", "\#(F.app)"], "components": [{"/": "/a"}]}"#), at: detail0.appending("appIDs").appending(1)),
        LintCodeCase(.emptyDetails, "details: []", F.details(""), at: ["applinks", "details"]),
        LintCodeCase(.detailWithoutApps, "no appIDs", F.details(#"{"components": [{"/": "/a"}]}"#), at: detail0),
        LintCodeCase(.detailWithoutRules, "no components", F.details(#"{"appIDs": ["\#(F.app)"]}"#), at: detail0),
        LintCodeCase(.pathsAndComponents, "both",
                     F.details(#"{"appIDs": ["\#(F.app)"], "components": [{"/": "/a"}], "paths": ["/b"]}"#), at: detail0.appending("paths")),
        LintCodeCase(.appIDIgnored, "appIDs empty and appID set",
                     F.details(#"{"appIDs": [], "appID": "\#(F.app)", "components": [{"/": "/a"}]}"#), at: detail0.appending("appID")),
        // Legacy forms
        LintCodeCase(.legacyPaths, "paths", F.details(#"{"appIDs": ["\#(F.app)"], "paths": ["/a"]}"#), at: detail0.appending("paths")),
        LintCodeCase(.legacyAppID, "appID", F.details(#"{"appID": "\#(F.app)", "components": [{"/": "/a"}]}"#), at: detail0.appending("appID")),
        LintCodeCase(.legacyDetailsDictionary, "keyed by app ID",
                     #"{"applinks": {"apps": [], "details": {"\#(F.app)": {"paths": ["/a"]}}}}"#, at: ["applinks", "details"]),
        LintCodeCase(.legacyApps, "apps: []", F.components(#"{"/": "/a"}"#, appLinks: #""apps": [], "#), at: ["applinks", "apps"]),
        LintCodeCase(.legacyAppsNotEmpty, "apps listing an app", F.components(#"{"/": "/a"}"#, appLinks: #""apps": ["\#(F.app)"], "#), at: ["applinks", "apps"]),
        LintCodeCase(.malformedNotPrefix, "NOT without the space",
                     F.details(#"{"appIDs": ["\#(F.app)"], "paths": ["NOT/private/*", "*"]}"#), at: detail0.appending("paths").appending(0)),
        LintCodeCase(.malformedNotPrefix, "not in lower case",
                     F.details(#"{"appIDs": ["\#(F.app)"], "paths": ["not /private/*", "*"]}"#), at: detail0.appending("paths").appending(0)),
        LintCodeCase(.notPrefixInComponent, "NOT in a component", F.components(#"{"/": "NOT /private/*"}, {"/": "*"}"#), at: component(0, "/")),
        // Patterns
        LintCodeCase(.fragmentInPath, "# in a path", F.components(##"{"/": "/a#top"}"##), at: component(0, "/")),
        LintCodeCase(.queryInPath, "a query in a path", F.components(#"{"/": "/search?q=*"}"#), at: component(0, "/")),
        LintCodeCase(.queryInPath, "a query in a legacy path",
                     F.details(#"{"appIDs": ["\#(F.app)"], "paths": ["/search?q=*"]}"#), at: detail0.appending("paths").appending(0)),
        LintCodeCase(.fragmentStartsWithHash, "#top", F.components(##"{"/": "/a", "#": "#top"}"##), at: component(0, "#")),
        LintCodeCase(.queryStartsWithQuestionMark, "?q=1", F.components(#"{"/": "/a", "?": "?q=1"}"#), at: component(0, "?")),
        LintCodeCase(.pathWithoutLeadingSlash, "buy/*", F.components(#"{"/": "buy/*"}"#), at: component(0, "/")),
        LintCodeCase(.componentWithoutPattern, "only exclude", F.components(#"{"exclude": true}"#), at: component(0)),
        LintCodeCase(.ignoredQueryDictionary, "a Boolean query value",
                     F.components(#"{"/": "/a", "?": {"ref": true}}"#), at: component(0, "?").appending("ref")),
        LintCodeCase(.patternInDefaults, "a path in the file's defaults",
                     F.components(##"{"#": "x"}"##, appLinks: #""defaults": {"/": "/shop/*"}, "#), at: ["applinks", "defaults", "/"]),
        LintCodeCase(.lowercasePercentHex, "%2f", F.components(#"{"/": "/a%2fb"}"#), at: component(0, "/")),
        LintCodeCase(.percentEscapeWithDecoding, "%20 with percentEncoded false",
                     F.components(#"{"/": "/a%20b", "percentEncoded": false}"#), at: component(0, "/")),
        LintCodeCase(.unencodedCharacter, "a raw é", F.components(#"{"/": "/café"}"#), at: component(0, "/")),
        // Substitution variables
        LintCodeCase(.undefinedVariable, "$(foods)",
                     F.components(#"{"/": "/$(foods)/*"}"#, appLinks: #""substitutionVariables": {"food": ["taco"]}, "#), at: component(0, "/")),
        LintCodeCase(.malformedVariableReference, "$( without )", F.components(#"{"/": "/$(lang/*"}"#), at: component(0, "/")),
        LintCodeCase(.malformedVariableReference, "$(a$b)", F.components(#"{"/": "/$(a$b)/*"}"#), at: component(0, "/")),
        LintCodeCase(.invalidVariableName, "a name with (",
                     F.components(#"{"/": "/a"}"#, appLinks: #""substitutionVariables": {"fo(od": ["taco"]}, "#),
                     at: ["applinks", "substitutionVariables", "fo(od"]),
        LintCodeCase(.variableInVariableValue, "a value with $(",
                     F.components(#"{"/": "/$(food)"}"#, appLinks: #""substitutionVariables": {"food": ["$(lang)"]}, "#),
                     at: ["applinks", "substitutionVariables", "food", 0]),
        LintCodeCase(.emptyVariable, "no values",
                     F.components(#"{"/": "/$(food)"}"#, appLinks: #""substitutionVariables": {"food": []}, "#),
                     at: ["applinks", "substitutionVariables", "food"]),
        LintCodeCase(.variableShadowsBuiltin, "lang redefined",
                     F.components(#"{"/": "/$(lang)"}"#, appLinks: #""substitutionVariables": {"lang": ["en"]}, "#),
                     at: ["applinks", "substitutionVariables", "lang"]),
        LintCodeCase(.unusedVariable, "food never used",
                     F.components(#"{"/": "/a"}"#, appLinks: #""substitutionVariables": {"food": ["taco"]}, "#),
                     at: ["applinks", "substitutionVariables", "food"]),
        // Rules that can never be reached
        LintCodeCase(.unreachableAfterCatchAll, "after \"/\": \"*\"", F.components(#"{"/": "*"}, {"/": "/buy/*"}"#), at: component(1)),
        LintCodeCase(.unreachableAfterCatchAll, "after an exclusion of everything",
                     F.components(#"{"/": "*", "exclude": true}, {"/": "/buy/*"}"#), at: component(1)),
        LintCodeCase(.duplicateRule, "the same rule twice", F.components(#"{"/": "/buy/*"}, {"/": "/a"}, {"/": "/buy/*"}"#), at: component(2)),
        LintCodeCase(.shadowedExclusion, "an exclusion after a broader match",
                     F.components(#"{"/": "/help/*"}, {"/": "/help/website/*", "exclude": true}"#), at: component(1)),
        LintCodeCase(.shadowedRule, "a match after a broader exclusion",
                     F.components(#"{"/": "/help/*", "exclude": true}, {"/": "/help/faq"}"#), at: component(1)),
    ]

    @Test(arguments: cases)
    func eachCodeFiresWithItsSeverityAtItsPlace(_ testCase: LintCodeCase) {
        let report = AssociationLinter().lint(testCase.json)
        let found = report.diagnostics.filter { $0.code == testCase.code.rawValue }
        #expect(!found.isEmpty, "no \(testCase.code.rawValue) in:\n\(report.diagnostics.map(\.description).joined(separator: "\n"))")
        #expect(found.allSatisfy { $0.severity == testCase.code.severity })
        #expect(found.contains { $0.path == testCase.path }, "paths: \(found.map { $0.path?.description ?? "nil" })")
        #expect(found.allSatisfy { !$0.message.isEmpty })
    }

    /// Codes whose test needs a file built in code (see `BadInputLintTests`).
    static let testedElsewhere: Set<AASALintCode> = [.reachabilityCheckLimited]

    @Test func everyCodeInTheCatalogueHasACase() {
        let covered = Set(Self.cases.map(\.code)).union(Self.testedElsewhere)
        let missing = AASALintCode.allCases.filter { !covered.contains($0) }
        #expect(missing.isEmpty, "no test case for \(missing.map(\.rawValue))")
    }

    @Test func everyCodeIsDottedLowerCaseAndPrefixedWithAASA() {
        for code in AASALintCode.allCases {
            #expect(code.rawValue.hasPrefix("aasa."))
            #expect(code.rawValue == code.rawValue.lowercased())
            #expect(!code.summary.isEmpty)
        }
        #expect(Set(AASALintCode.allCases.map(\.rawValue)).count == AASALintCode.allCases.count)
    }

    @Test func diagnosticsCarryTheirCodeAsTheCatalogueRawValue() {
        let report = AssociationLinter().lint(F.components(#"{"/": "/a", "casesensitive": false}"#))
        #expect(report.diagnostics.first?.aasaCode == .unknownKey)
    }
}
