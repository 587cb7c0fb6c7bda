import Foundation
import LandfallSite
import Testing

/// The `retention:` section of `landfall.yml`: its defaults, its durations and `forever`, and
/// every value refused at its line with what to write instead.
@Suite struct RetentionSettingsReaderTests {
    @Test func aSiteWithoutTheSectionKeepsClickCountsForeverEvents400DaysAndAuditEntriesTwoYears() throws {
        let configuration = try SiteConfigurationReader.site(yaml: SiteDocuments.minimal).configuration
        #expect(configuration.retention == RetentionSettings())
        #expect(configuration.retention.clickCounts == nil)
        #expect(configuration.retention.events == 34_560_000)
        #expect(configuration.retention.audit == 63_072_000)
        #expect(configuration.retention.problems.isEmpty)
    }

    @Test(arguments: ["retention:\n", "retention: ~\n", "retention: {}\n"])
    func anEmptySectionHasTheDefaults(_ section: String) throws {
        let check = SiteConfigurationReader.check(yaml: SiteDocuments.minimal + section)
        #expect(check.issues == [])
        #expect(try #require(check.site).configuration.retention == RetentionSettings())
    }

    static let read: [(section: String, settings: RetentionSettings)] = [
        ("retention:\n  clickCounts: 400d\n  events: 90d\n  audit: 365d\n",
         RetentionSettings(clickCounts: 400 * 86_400, events: 90 * 86_400, audit: 365 * 86_400)),
        ("retention: {events: forever, audit: Forever}\n", RetentionSettings(events: nil, audit: nil)),
        ("retention: {clickCounts: forever}\n", RetentionSettings()),
        ("retention: {clickCounts: 1d, events: 24h, audit: 86400}\n", RetentionSettings(clickCounts: 86_400, events: 86_400, audit: 86_400)),
        ("retention: {clickCounts: 3650d}\n", RetentionSettings(clickCounts: 315_360_000)),
    ]

    @Test(arguments: read)
    func everyDurationAndForeverIsReadUpToItsLimits(section: String, settings: RetentionSettings) throws {
        let check = SiteConfigurationReader.check(yaml: SiteDocuments.minimal + section)
        #expect(check.issues == [])
        #expect(try #require(check.site).configuration.retention == settings)
    }

    struct Broken: Sendable, CustomTestStringConvertible {
        var section: String
        var path: String
        var line: Int
        var column: Int
        var message: String

        var testDescription: String { section.debugDescription }
    }

    // The minimal document has 24 lines: `retention:` is on line 25; a value of events starts
    // at column 11, one of clickCounts at column 16, one of audit at column 10.
    static let broken = [
        Broken(section: "retention:\n  events: 12h\n", path: "retention.events", line: 26, column: 11,
               message: "12h is out of range; expected 1d...3650d (or forever)"),
        Broken(section: "retention:\n  clickCounts: 3651d\n", path: "retention.clickCounts", line: 26, column: 16,
               message: "3651d is out of range; expected 1d...3650d (or forever)"),
        Broken(section: "retention:\n  audit: 0\n", path: "retention.audit", line: 26, column: 10,
               message: "0s is out of range; expected 1d...3650d (or forever)"),
        Broken(section: "retention:\n  events: 1 year\n", path: "retention.events", line: 26, column: 11,
               message: "'year' in '1 year' is not a unit"),
        Broken(section: "retention:\n  events: never\n", path: "retention.events", line: 26, column: 11,
               message: "'never' is not a duration; write a whole number and a unit, such as 90s, 30m, 1h or 7d, or forever"),
        Broken(section: "retention:\n  audit: 2w\n", path: "retention.audit", line: 26, column: 10,
               message: "'w' in '2w' is not a unit; write 2w as 14d"),
        Broken(section: "retention:\n  audit: [30d]\n", path: "retention.audit", line: 26, column: 10,
               message: "expected text, found a list"),
        Broken(section: "retention:\n  clicks: 30d\n", path: "retention.clicks", line: 26, column: 3,
               message: "unknown key 'clicks'"),
        Broken(section: "retention: 30d\n", path: "retention", line: 25, column: 12,
               message: "expected a mapping such as {clickCounts: forever, events: 400d, audit: 730d}, found \"30d\""),
    ]

    @Test(arguments: broken)
    func aProblemIsReportedAtItsLineAndColumn(_ broken: Broken) {
        let check = SiteConfigurationReader.check(yaml: SiteDocuments.minimal + broken.section, source: "landfall.yml")
        #expect(check.hasErrors)
        let got = check.issues.map { $0.description(in: "landfall.yml") }.joined(separator: "\n")
        #expect(check.issues.contains {
            $0.severity == .error && $0.path == broken.path && $0.line == broken.line && $0.column == broken.column
                && $0.message.contains(broken.message)
        }, "got:\n\(got)")
    }

    @Test func everyBadValueIsReportedInOneRun() {
        let issues = SiteConfigurationReader.check(yaml: SiteDocuments.minimal + "retention:\n  clickCounts: 1h\n  events: soon\n  audit: 9999d\n").issues
        #expect(issues.map(\.path) == ["retention.clickCounts", "retention.events", "retention.audit"])
        #expect(issues.map(\.line) == [26, 27, 28])
    }

    @Test func aConfigurationMadeInCodeIsCheckedToo() throws {
        var configuration = try SiteConfigurationReader.site(yaml: SiteDocuments.minimal).configuration
        configuration.retention = RetentionSettings(clickCounts: 3_600, events: nil, audit: 4_000 * 86_400)
        let error = try #require(throws: SiteConfigurationError.self) { try Site(configuration) }
        #expect(error.errors.map(\.path) == ["retention.clickCounts", "retention.audit"])
        #expect(error.errors.map(\.message) == ["1h is out of range; expected 1d...3650d (or forever)",
                                                "4000d is out of range; expected 1d...3650d (or forever)"])
    }
}
