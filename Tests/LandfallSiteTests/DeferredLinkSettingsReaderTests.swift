import Foundation
import LandfallSite
import Testing

/// The `deferredLinks:` section of `landfall.yml`: its defaults, its durations, and every
/// value refused at its line with what to write instead.
@Suite struct DeferredLinkSettingsReaderTests {
    @Test func aSiteWithoutTheSectionHasTheDefaults() throws {
        let configuration = try SiteConfigurationReader.site(yaml: SiteDocuments.minimal).configuration
        #expect(configuration.deferredLinks == DeferredLinkSettings())
        #expect(configuration.deferredLinks.weakMatchWindow == 3_600)
        #expect(configuration.deferredLinks.claimLifetime == 604_800)
        #expect(configuration.deferredLinks.problems.isEmpty)
    }

    @Test func theDemoKeepsTheDefaultsInAComment() throws {
        let demo = try SiteDocuments.demo
        #expect(try SiteConfigurationReader.site(yaml: demo).configuration.deferredLinks == DeferredLinkSettings())
        #expect(demo.contains("# deferredLinks:"))
        let uncommented = demo.replacingOccurrences(of: "# deferredLinks:", with: "deferredLinks:")
            .replacingOccurrences(of: "#   weakMatchWindow:", with: "  weakMatchWindow:")
            .replacingOccurrences(of: "#   claimLifetime:", with: "  claimLifetime:")
        let check = SiteConfigurationReader.check(yaml: uncommented)
        #expect(check.issues == [])
        #expect(try #require(check.site).configuration.deferredLinks == DeferredLinkSettings())
    }

    @Test(arguments: ["deferredLinks:\n", "deferredLinks: ~\n", "deferredLinks: {}\n"])
    func anEmptySectionHasTheDefaults(_ section: String) throws {
        let check = SiteConfigurationReader.check(yaml: SiteDocuments.minimal + section)
        #expect(check.issues == [])
        #expect(try #require(check.site).configuration.deferredLinks == DeferredLinkSettings())
    }

    static let read: [(section: String, settings: DeferredLinkSettings)] = [
        ("deferredLinks:\n  weakMatchWindow: 30m\n  claimLifetime: 14d\n", DeferredLinkSettings(weakMatchWindow: 1_800, claimLifetime: 1_209_600)),
        ("deferredLinks: {weakMatchWindow: 600}\n", DeferredLinkSettings(weakMatchWindow: 600)),
        ("deferredLinks: {claimLifetime: 48h}\n", DeferredLinkSettings(claimLifetime: 172_800)),
        ("deferredLinks: {weakMatchWindow: 1m, claimLifetime: 1h}\n", DeferredLinkSettings(weakMatchWindow: 60, claimLifetime: 3_600)),
        ("deferredLinks: {weakMatchWindow: 24h, claimLifetime: 30d}\n", DeferredLinkSettings(weakMatchWindow: 86_400, claimLifetime: 2_592_000)),
        ("deferredLinks: {weakMatchWindow: 86400s, claimLifetime: \"2592000\"}\n", DeferredLinkSettings(weakMatchWindow: 86_400, claimLifetime: 2_592_000)),
    ]

    @Test(arguments: read)
    func everyDurationIsReadUpToItsLimits(section: String, settings: DeferredLinkSettings) throws {
        let check = SiteConfigurationReader.check(yaml: SiteDocuments.minimal + section)
        #expect(check.issues == [])
        #expect(try #require(check.site).configuration.deferredLinks == settings)
    }

    // MARK: problems

    struct Broken: Sendable, CustomTestStringConvertible {
        var section: String
        var path: String
        var line: Int
        var column: Int
        var message: String

        var testDescription: String { section.debugDescription }
    }

    // The minimal document has 24 lines: `deferredLinks:` is on line 25; a value of
    // weakMatchWindow starts at column 20, one of claimLifetime at column 18.
    static let broken = [
        Broken(section: "deferredLinks:\n  weakMatchWindow: 30s\n", path: "deferredLinks.weakMatchWindow", line: 26, column: 20,
               message: "30s is out of range; expected 1m...1d"),
        Broken(section: "deferredLinks:\n  weakMatchWindow: 2d\n", path: "deferredLinks.weakMatchWindow", line: 26, column: 20,
               message: "2d is out of range; expected 1m...1d"),
        Broken(section: "deferredLinks:\n  weakMatchWindow: 0\n", path: "deferredLinks.weakMatchWindow", line: 26, column: 20,
               message: "0s is out of range; expected 1m...1d"),
        Broken(section: "deferredLinks:\n  claimLifetime: 59m\n", path: "deferredLinks.claimLifetime", line: 26, column: 18,
               message: "59m is out of range; expected 1h...30d"),
        Broken(section: "deferredLinks:\n  claimLifetime: 31d\n", path: "deferredLinks.claimLifetime", line: 26, column: 18,
               message: "31d is out of range; expected 1h...30d"),
        Broken(section: "deferredLinks:\n  weakMatchWindow: 1.5h\n", path: "deferredLinks.weakMatchWindow", line: 26, column: 20,
               message: "'1.5h' is not a duration; write a whole number and a unit, such as 90s, 30m, 1h or 7d"),
        Broken(section: "deferredLinks:\n  weakMatchWindow: -1h\n", path: "deferredLinks.weakMatchWindow", line: 26, column: 20,
               message: "'-1h' is not a duration"),
        Broken(section: "deferredLinks:\n  weakMatchWindow: 1 hour\n", path: "deferredLinks.weakMatchWindow", line: 26, column: 20,
               message: "'hour' in '1 hour' is not a unit; write 1h"),
        Broken(section: "deferredLinks:\n  claimLifetime: 2w\n", path: "deferredLinks.claimLifetime", line: 26, column: 18,
               message: "'w' in '2w' is not a unit; write 2w as 14d"),
        Broken(section: "deferredLinks:\n  claimLifetime: 7D\n", path: "deferredLinks.claimLifetime", line: 26, column: 18,
               message: "'D' in '7D' is not a unit; write 7d"),
        Broken(section: "deferredLinks:\n  claimLifetime: \"\"\n", path: "deferredLinks.claimLifetime", line: 26, column: 18,
               message: "a duration is empty"),
        Broken(section: "deferredLinks:\n  weakMatchWindow: [1h]\n", path: "deferredLinks.weakMatchWindow", line: 26, column: 20,
               message: "expected text, found a list"),
        Broken(section: "deferredLinks:\n  weakMatchWindw: 1h\n", path: "deferredLinks.weakMatchWindw", line: 26, column: 3,
               message: "unknown key 'weakMatchWindw'; did you mean 'weakMatchWindow'?"),
        Broken(section: "deferredLinks:\n  claimTTL: 7d\n", path: "deferredLinks.claimTTL", line: 26, column: 3,
               message: "unknown key 'claimTTL'; known keys: weakMatchWindow, claimLifetime"),
        Broken(section: "deferredLinks: 1h\n", path: "deferredLinks", line: 25, column: 16,
               message: "expected a mapping such as {weakMatchWindow: 1h, claimLifetime: 7d}, found \"1h\""),
        Broken(section: "deferredLink:\n  weakMatchWindow: 1h\n", path: "deferredLink", line: 25, column: 1,
               message: "unknown key 'deferredLink'; did you mean 'deferredLinks'?"),
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

    @Test func bothDurationsAreReportedInOneRun() {
        let issues = SiteConfigurationReader.check(yaml: SiteDocuments.minimal + "deferredLinks:\n  weakMatchWindow: 1w\n  claimLifetime: 1m\n").issues
        #expect(issues.map(\.path) == ["deferredLinks.weakMatchWindow", "deferredLinks.claimLifetime"])
        #expect(issues.map(\.line) == [26, 27])
    }

    @Test func aConfigurationMadeInCodeIsCheckedToo() throws {
        var configuration = try SiteConfigurationReader.site(yaml: SiteDocuments.minimal).configuration
        configuration.deferredLinks = DeferredLinkSettings(weakMatchWindow: 10, claimLifetime: 40 * 86_400)
        #expect(configuration.deferredLinks.problems.map(\.key) == ["weakMatchWindow", "claimLifetime"])
        let error = try #require(throws: SiteConfigurationError.self) { try Site(configuration) }
        #expect(error.errors.map(\.path) == ["deferredLinks.weakMatchWindow", "deferredLinks.claimLifetime"])
        #expect(error.errors.map(\.message) == ["10s is out of range; expected 1m...1d", "40d is out of range; expected 1h...30d"])
    }
}
