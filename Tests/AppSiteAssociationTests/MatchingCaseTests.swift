import Foundation
import LandfallJSON
import Testing
import AppSiteAssociation

/// Landfall's own matching cases, read from `Fixtures/matching-cases.json`: the one table of
/// `(name, rule, file, url, domain?, app ID, expected outcome)`. The same file runs through
/// `landfall aasa conformance`, so the CLI and `swift test` check identical cases.
@Suite struct MatchingCaseTests {
    @Test func theCaseFileHasAtLeast150CasesEachNamingARule() throws {
        let table = try MatchingCaseTable.loaded.get()
        #expect(table.caseCount >= 150)
        for row in table.rows {
            #expect(MatchingCaseTable.ruleFamily(of: row.rule) != nil, "\(row.name): rule \"\(row.rule)\" does not start with 1-11, file: or url:")
        }
    }

    @Test func everyNumberedRuleAndFileFormIsCovered() throws {
        let rules = Set(try MatchingCaseTable.loaded.get().rows.map(\.rule))
        let families = Set(rules.compactMap(MatchingCaseTable.ruleFamily(of:)))
        for number in 1...11 {
            #expect(families.contains(String(number)), "no case checks rule \(number)")
        }
        let fileForms = [
            "file: appIDs wins over appID",
            "file: legacy appID and paths, NOT excludes",
            "file: details keyed by app ID (the oldest form)",
            "file: components win over paths",
            "file: the first detail listing the app wins",
            "3: defaults may carry pattern keys",
            "3: exclude in defaults",
            "url: http and https both count",
            "url: other schemes never match",
            "url: the file covers only its own host",
        ]
        for form in fileForms {
            #expect(rules.contains(form), "no case checks \"\(form)\"")
        }
    }

    @Test func caseNamesAreUnique() throws {
        let table = try MatchingCaseTable.loaded.get()
        let names = table.rows.map(\.name)
        #expect(Set(names).count == table.caseCount)
    }

    @Test(arguments: MatchingCaseTable.rows)
    func theMatcherDecidesWhatTheSpecificationSays(_ row: MatchingCase) throws {
        let matcher = AssociationMatcher(try AssociationFile(jsonValue: row.file))
        let url = try LinkURL(parsing: row.url)
        let explanation = matcher.explanation(for: url, appID: row.appID, servedFrom: row.domain)
        let why = explanation.lines.joined(separator: "\n")
        #expect(explanation.decision.outcome == row.expected, "\(row.rule) — \(row.name):\n\(why)")
        if let decidedBy = row.decidedBy {
            #expect(explanation.decision.rule?.jsonPath.description == decidedBy, "\(row.name):\n\(why)")
        }
        let quick = matcher.decision(for: url, appID: row.appID, servedFrom: row.domain)
        #expect(quick == explanation.decision, "the decision without a trace differs from the explained one")
    }

    @Test func theConformanceRunnerReadsTheSameFileAndAgrees() throws {
        let suite = try ConformanceSuite(json: try TestResources.read(MatchingCaseTable.fileURL))
        let results = suite.run()
        #expect(suite.cases.count == (try MatchingCaseTable.loaded.get().caseCount))
        #expect(results.count == MatchingCaseTable.rows.count)
        for result in results where !result.passed {
            Issue.record("\(result.caseName) [\(result.appID)]: expected \(result.expected.rawValue)\n\(result.explanation.joined(separator: "\n"))")
        }
    }
}

/// One expectation of one case: a case of the table and one app it checks.
struct MatchingCase: Sendable, CustomTestStringConvertible {
    var name: String
    /// The line of the DocC article `HowIOSReadsTheFile.md` the case checks, such as
    /// `5: trailing slash does not matter`.
    var rule: String
    var file: JSONValue
    var domain: String?
    var url: String
    var appID: String
    var expected: MatchDecision.Outcome
    /// The JSON path of the rule that must decide for this app, when the case says (`decidedBy`).
    var decidedBy: String?

    var testDescription: String { "\(rule) — \(name) [\(appID)] → \(expected.rawValue)" }
}

/// Reads `Fixtures/matching-cases.json`.
enum MatchingCaseTable {
    struct Table {
        var rows: [MatchingCase]
        var caseCount: Int
    }

    struct FormatError: Error, CustomStringConvertible {
        var description: String
    }

    static let fileURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/matching-cases.json")

    static let loaded: Result<Table, any Error> = Result { try load() }

    /// The rows, or none when the file cannot be read (``MatchingCaseTests`` then fails loudly).
    static var rows: [MatchingCase] { (try? loaded.get().rows) ?? [] }

    /// `"5"` for `5: ...`, `"file"` for `file: ...`, `"url"` for `url: ...`; `nil` otherwise.
    static func ruleFamily(of rule: String) -> String? {
        guard let colon = rule.firstIndex(of: ":") else { return nil }
        let family = String(rule[..<colon])
        if family == "file" || family == "url" { return family }
        if let number = Int(family), (1...11).contains(number) { return family }
        return nil
    }

    static func load() throws -> Table {
        let root = try JSONParser().parseDocument(try TestResources.read(fileURL)).value
        guard root["format"]?.stringValue == ConformanceSuite.format, let cases = root["cases"]?.arrayValue else {
            throw FormatError(description: "\(fileURL.path): expected \(ConformanceSuite.format) with a \"cases\" array")
        }
        var rows: [MatchingCase] = []
        for (index, value) in cases.enumerated() {
            func field(_ key: String) throws -> String {
                guard let text = value[key]?.stringValue else {
                    throw FormatError(description: "cases[\(index)].\(key): expected a string")
                }
                return text
            }
            guard let file = value["aasa"], let expect = value["expect"]?.objectMembers, !expect.isEmpty else {
                throw FormatError(description: "cases[\(index)]: expected \"aasa\" and a non-empty \"expect\"")
            }
            for member in expect {
                guard let text = member.value.stringValue, let outcome = MatchDecision.Outcome(rawValue: text) else {
                    throw FormatError(description: "cases[\(index)].expect.\(member.key): expected match, exclude or no_match")
                }
                rows.append(MatchingCase(
                    name: try field("name"),
                    rule: try field("rule"),
                    file: file,
                    domain: value["domain"]?.stringValue,
                    url: try field("url"),
                    appID: member.key,
                    expected: outcome,
                    decidedBy: value["decidedBy"]?[member.key]?.stringValue
                ))
            }
        }
        return Table(rows: rows, caseCount: cases.count)
    }
}
