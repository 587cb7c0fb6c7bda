import Testing
import AppSiteAssociation
@testable import LandfallDoctor

/// The checks of a served `apple-app-site-association`: byte-order mark, JSON, the linter, and
/// the apps it lists, with the near misses people make (another Team ID, a typo).
@Suite struct AppleAssociationChecksTests {
    static let app = "ABCDE12345.com.example.app"

    /// A file whose one detail lists `apps` with the rule `/buy/*` (or `components` as written).
    static func file(_ apps: [String], components: String = #"[{"/": "/buy/*"}]"#) -> String {
        let list = apps.map { "\"\($0)\"" }.joined(separator: ", ")
        return #"{"applinks": {"details": [{"appIDs": [\#(list)], "components": \#(components)}]}}"#
    }

    static func run(_ body: String, appIDs: [String] = [app]) -> AppleAssociationChecks.Outcome {
        AppleAssociationChecks.checks(body: Array(body.utf8), host: "example.com", appIDs: appIDs)
    }

    /// One served file, the apps asked about, and the status of each check in order.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var body: String
        var appIDs: [String] = [AppleAssociationChecksTests.app]
        var statuses: [String: CheckStatus]
        /// Text each check's detail must contain, by id.
        var details: [String: String] = [:]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a clean file", body: file([app]),
             statuses: ["file.bom": .pass, "file.json": .pass, "aasa.lint": .pass, "aasa.app-id": .pass],
             details: ["aasa.lint": "no problems", "aasa.app-id": "listed in applinks.details[0]"]),
        Case(name: "a byte-order mark", body: "\u{FEFF}" + file([app]),
             statuses: ["file.bom": .fail, "file.json": .pass, "aasa.lint": .pass, "aasa.app-id": .pass],
             details: ["file.bom": "byte-order mark (EF BB BF)"]),
        Case(name: "invalid JSON", body: "{\"applinks\": {\"details\": [\n  {\"appIDs\": [\"\(app)\"],}\n]}}",
             statuses: ["file.bom": .pass, "file.json": .fail, "aasa.lint": .skip, "aasa.app-id": .skip],
             details: ["file.json": "invalid JSON at line 2, column 45: trailing comma", "aasa.app-id": "not valid JSON"]),
        Case(name: "warnings only", body: file([app], components: #"[{"/": "/buy/*", "casesensitive": false}]"#),
             statuses: ["aasa.lint": .warn, "aasa.app-id": .pass], details: ["aasa.lint": "1 warning"]),
        Case(name: "an error and a warning", body: file(["ABCDE1234.com.example.app", app], components: #"[{"/": "/buy/*", "casesensitive": false}]"#),
             statuses: ["aasa.lint": .fail, "aasa.app-id": .pass], details: ["aasa.lint": "1 error, 1 warning"]),
        Case(name: "an app that is not listed", body: file(["ABCDE12345.com.other.app"]),
             statuses: ["aasa.lint": .pass, "aasa.app-id": .fail],
             details: ["aasa.app-id": "applinks does not list \(app); it lists ABCDE12345.com.other.app"]),
        Case(name: "the same app under another Team ID", body: file(["ZZZZZ99999.com.example.app"]),
             statuses: ["aasa.app-id": .fail],
             details: ["aasa.app-id": "the file lists ZZZZZ99999.com.example.app (in applinks.details[0]): same bundle ID, another team ID"]),
        Case(name: "a typo in the bundle ID", body: file(["ABCDE12345.com.exmple.app"]),
             statuses: ["aasa.app-id": .fail], details: ["aasa.app-id": "ABCDE12345.com.exmple.app (in applinks.details[0]): 1 character away"]),
        Case(name: "an app ID in another case", body: file(["ABCDE12345.com.Example.app"]),
             statuses: ["aasa.app-id": .fail], details: ["aasa.app-id": "the same app ID in another case"]),
        Case(name: "an app listed only for passwords", body: #"{"applinks": {"details": []}, "webcredentials": {"apps": ["\#(app)"]}}"#,
             statuses: ["aasa.app-id": .fail], details: ["aasa.app-id": "it is listed under webcredentials, which does not open links"]),
        Case(name: "JSON that is not an association file", body: #"{"applinks": {"details": "all"}}"#,
             statuses: ["file.json": .pass, "aasa.lint": .fail, "aasa.app-id": .skip], details: ["aasa.app-id": "does not decode"]),
        Case(name: "no app asked about", body: file([app, "ZZZZZ99999.com.example.other"]), appIDs: [],
             statuses: ["aasa.lint": .pass, "aasa.apps": .pass], details: ["aasa.apps": "applinks lists 2 apps that can open links on example.com"]),
        Case(name: "no app asked about and none listed", body: #"{"applinks": {"details": []}}"#, appIDs: [],
             statuses: ["aasa.apps": .fail], details: ["aasa.apps": "no app can open these links"]),
        Case(name: "no app asked about in invalid JSON", body: "{", appIDs: [],
             statuses: ["file.json": .fail, "aasa.lint": .skip, "aasa.apps": .skip]),
    ]

    @Test(arguments: cases)
    func eachCaseGivesItsStatusesAndDetails(_ example: Case) {
        let checks = Self.run(example.body, appIDs: example.appIDs).checks
        let expectedIDs = ["file.bom", "file.json", "aasa.lint"] + (example.appIDs.isEmpty ? ["aasa.apps"] : example.appIDs.map { _ in "aasa.app-id" })
        #expect(checks.map(\.id) == expectedIDs)
        CheckExpectations.expect(checks, statuses: example.statuses, details: example.details)
    }

    @Test func lintNotesAreWrittenLikeLandfallAASAValidate() throws {
        let checks = Self.run(Self.file(["ABCDE1234.com.example.app"], components: #"[{"/": "/buy/*", "casesensitive": false}]"#)).checks
        let lint = try #require(checks.first { $0.id == "aasa.lint" })
        #expect(lint.notes.first == #"error[aasa.malformed-app-id] applinks.details[0].appIDs[0] (line 1, column 39): appIDs[0] "ABCDE1234.com.example.app": the Team ID must be 10 characters A-Z or 0-9, found 9"#)
        #expect(lint.notes.dropFirst().first?.hasPrefix("  fix: an app ID is the Team ID") == true)
        #expect(lint.notes.contains { $0.hasPrefix("warning[aasa.unknown-key] applinks.details[0].components[0].casesensitive (line 1, column ") })
        #expect(lint.notes.contains("  fix: did you mean \"caseSensitive\"?"))
        #expect(lint.fix == "run `landfall aasa validate` on the file for details")
    }

    @Test func aPassingLintHasNoFixAndInfosStayNotes() throws {
        let legacy = #"{"applinks": {"apps": [], "details": [{"appID": "\#(Self.app)", "paths": ["/buy/*"]}]}}"#
        let lint = try #require(Self.run(legacy).checks.first { $0.id == "aasa.lint" })
        #expect(lint.status == .pass)
        #expect(lint.fix == nil)
        #expect(lint.detail.hasPrefix("no problems ("))
        #expect(lint.notes.contains { $0.hasPrefix("info[aasa.legacy-paths]") })
    }

    @Test func theSizeIsLeftToTheTransportChecks() throws {
        let padded = Self.file([Self.app]) + String(repeating: " ", count: 130 * 1024)
        let lint = try #require(Self.run(padded).checks.first { $0.id == "aasa.lint" })
        #expect(lint.status == .pass)
        #expect(!lint.notes.contains { $0.contains("aasa.file-too-large") })
    }

    @Test func theDecodedFileComesBackForTheURLChecks() throws {
        let file = try #require(Self.run(Self.file([Self.app])).file)
        #expect(AssociationMatcher(file).appIDs == [Self.app])
        #expect(Self.run("{").file == nil)
    }

    @Test func anAppListedByTwoDetailsNamesBoth() throws {
        let body = #"{"applinks": {"details": [{"appIDs": ["\#(Self.app)"], "components": [{"/": "/a/*"}]}, {"appIDs": ["ZZZZZ99999.com.x.y", "\#(Self.app)"], "components": [{"/": "/b/*"}]}]}}"#
        let check = try #require(Self.run(body).checks.last)
        #expect(check.detail == "listed in applinks.details[0] and applinks.details[1]")
    }

    @Test func theAppsListedNameTheirDetails() throws {
        let check = try #require(Self.run(Self.file([Self.app]), appIDs: []).checks.last)
        #expect(check.notes == ["\(Self.app) (applinks.details[0])"])
    }

    @Test func aFixForAnotherTeamIDNamesTheDetail() throws {
        let check = try #require(Self.run(Self.file(["ZZZZZ99999.com.example.app"])).checks.last)
        #expect(check.fix?.contains("\"\(Self.app)\" in applinks.details[0].appIDs") == true)
    }
}
