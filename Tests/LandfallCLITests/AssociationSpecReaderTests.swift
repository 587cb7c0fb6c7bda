import AppSiteAssociation
@testable import LandfallCLI
import Testing

@Suite struct AssociationSpecReaderTests {
    typealias SpecError = AssociationSpecReader.SpecError

    func read(_ text: String) throws(SpecError) -> AssociationSpec {
        try AssociationSpecReader().read(text)
    }

    @Test func everyRuleKeyIsRead() throws {
        let spec = try read("""
            apps: [ABCDE12345.com.example.app]
            rules:
              - path: /a/*
                query: "x=1"
                fragment: top
                exclude: true
                caseSensitive: false
                percentEncoded: false
                comment: all of them
              - path: /help/*
                query: { articleNumber: "????", lang: "*" }
            """)
        #expect(spec.rules == [
            ComponentRule(path: "/a/*", query: .string("x=1"), fragment: "top", exclude: true, caseSensitive: false,
                          percentEncoded: false, comment: "all of them"),
            ComponentRule(path: "/help/*", query: .items([QueryItemPattern(name: "articleNumber", pattern: "????"),
                                                          QueryItemPattern(name: "lang", pattern: "*")])),
        ])
    }

    @Test func servicesVariablesAndDefaultsAreRead() throws {
        let spec = try read("""
            apps: [ABCDE12345.com.example.app]
            defaults: { caseSensitive: false, percentEncoded: true }
            substitutionVariables: { food: [burrito, taco], drink: [tea] }
            rules: [{ path: "/$(food)/*" }]
            webcredentials: [ABCDE12345.com.example.app]
            appclips: [ABCDE12345.com.example.app.Clip]
            """)
        #expect(spec.defaults == ComponentRule(caseSensitive: false, percentEncoded: true))
        #expect(spec.substitutionVariables == [SubstitutionVariable(name: "food", values: ["burrito", "taco"]),
                                               SubstitutionVariable(name: "drink", values: ["tea"])])
        #expect(spec.webCredentials == ["ABCDE12345.com.example.app"])
        #expect(spec.appClips == ["ABCDE12345.com.example.app.Clip"])
        #expect(spec.file.webCredentials?.apps == ["ABCDE12345.com.example.app"])
    }

    @Test func numbersAndWordsStayAsWritten() throws {
        let spec = try read("apps: [ABCDE12345.com.example.app]\nrules:\n  - path: /id/0042\n    query: { n: 007, flag: yes }\n")
        #expect(spec.rules[0].path == "/id/0042")
        #expect(spec.rules[0].query == .items([QueryItemPattern(name: "n", pattern: "007"), QueryItemPattern(name: "flag", pattern: "yes")]))
    }

    @Test(arguments: [
        ("", nil as Int?, "the file is empty; it needs at least `apps:` and `rules:`"),
        ("apps: [ABCDE12345.com.example.app]\nrulez: []\n", 2, "unknown key \"rulez\" in the top level; did you mean \"rules\"? known keys: apps, rules, defaults, substitutionVariables, webcredentials, appclips"),
        ("rules: [{path: /a}]\n", 1, "missing `apps:`, the list of app IDs (such as ABCDE12345.com.example.app)"),
        ("apps: [ABCDE12345.com.example.app]\n", 1, "missing `rules:`, the list of rules such as `- path: /buy/*`"),
        ("apps: []\nrules: [{path: /a}]\n", 1, "`apps` lists no app; name at least one app ID"),
        ("apps: [ABCDE12345.com.example.app]\nrules: []\n", 2, "`rules` is empty; add a rule such as `- path: \"*\"`"),
        ("apps:\n  - abcde12345.com.example.app\nrules: [{path: /a}]\n", 2, "app ID \"abcde12345.com.example.app\": the Team ID may contain only A-Z and 0-9, found 'a' (did you mean \"ABCDE12345.com.example.app\"?)"),
        ("apps: ABCDE12345.com.example.app\nrules: [{path: /a}]\n", 1, "apps must be a list (lines starting with `- `), found \"ABCDE12345.com.example.app\""),
        ("apps: [ABCDE12345.com.example.app]\nrules:\n  - comment: nothing\n", 3, "rule 1 has no path, query or fragment; write `path: \"*\"` to match every URL"),
        ("apps: [ABCDE12345.com.example.app]\nrules:\n  - path: /a\n    exclude: yes\n", 4, "rule 1 exclude must be true or false, found \"yes\""),
        ("apps: [ABCDE12345.com.example.app]\nrules:\n  - path: [a]\n", 3, "rule 1 path must be text, found a list"),
        ("apps: [ABCDE12345.com.example.app]\nrules:\n  - path: \"\"\n", 3, "rule 1 path is empty; write \"*\" to match everything"),
        ("apps: [ABCDE12345.com.example.app]\nrules: [{path: /a}]\ndefaults: { exclude: true }\n", 3, "unknown key \"exclude\" in defaults; known keys: caseSensitive, percentEncoded"),
        ("apps: [ABCDE12345.com.example.app]\nrules: [{path: /a}]\nsubstitutionVariables: { \"a$\": [x] }\n", 3, "a variable name may not be empty or contain $, ( or ): \"a$\""),
        ("apps: [ABCDE12345.com.example.app]\nrules: [{path: /a}]\nsubstitutionVariables: { a: [] }\n", 3, "substitutionVariables.a lists no values"),
    ])
    func badSpecsAreRejectedAtTheirLine(text: String, line: Int?, message: String) {
        #expect(throws: SpecError.self) { try read(text) }
        do {
            _ = try read(text)
        } catch {
            #expect(error.line == line)
            #expect(error.message == message)
        }
    }

    @Test func aBareStarExplainsTheQuoting() {
        do {
            _ = try read("apps: [ABCDE12345.com.example.app]\nrules:\n  - path: *\n")
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 3)
            #expect(error.message.hasPrefix("not valid YAML: "))
            #expect(error.message.hasSuffix("; quote patterns that start with * or &, such as path: \"*\""))
        }
    }

    @Test func aKeyWrittenTwiceIsAnError() {
        do {
            _ = try read("apps: [ABCDE12345.com.example.app]\nrules: [{path: /a}]\napps: [ABCDE12345.com.example.b]\n")
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("apps"))
        }
    }
}
