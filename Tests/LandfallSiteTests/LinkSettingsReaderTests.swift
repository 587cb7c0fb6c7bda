import Foundation
import LandfallLinks
import LandfallSite
import Testing

/// The `links:` section of `landfall.yml`: its defaults, every key read, and every problem
/// reported at its line with what to write instead.
@Suite struct LinkSettingsReaderTests {
    /// ``SiteDocuments/minimal`` with a link host, so that loops can be checked.
    static let withLinkHost = SiteDocuments.minimal.edited(
        DocumentEdit("  interstitial: open.example.net\n", "  interstitial: open.example.net\n  links: go.example.com\n  local: {localhost: go.example.com}\n"))

    @Test func aSiteWithoutALinksSectionHasTheDefaults() throws {
        let configuration = try SiteConfigurationReader.site(yaml: SiteDocuments.minimal).configuration
        #expect(configuration.links == LinkSettings())
        #expect(configuration.links.slugLength == 7)
        #expect(configuration.links.slugGenerator.length == 7)
        #expect(configuration.slugPolicy.reservedWords == SlugPolicy.builtInReservedWords)
        #expect(configuration.destinationPolicy.allowlist == [])
    }

    @Test(arguments: ["links:\n", "links: ~\n"])
    func anEmptyLinksSectionHasTheDefaults(_ section: String) throws {
        let check = SiteConfigurationReader.check(yaml: SiteDocuments.minimal + section)
        #expect(check.issues == [])
        #expect(try #require(check.site).configuration.links == LinkSettings())
    }

    @Test func everyKeyIsRead() throws {
        let document = Self.withLinkHost + #"""
            links:
              slugLength: 9
              reservedSlugs: [shop, Winter-Sale]
              allowlist:
                - ^https://shop\.example\.org/.*$
                - 'https://[a-z]+\.partner\.example/.*'

            """#
        let check = SiteConfigurationReader.check(yaml: document)
        #expect(check.issues == [])
        let configuration = try #require(check.site).configuration
        #expect(configuration.links == LinkSettings(
            slugLength: 9, reservedSlugs: ["shop", "Winter-Sale"],
            allowlist: [try AllowlistPattern(#"^https://shop\.example\.org/.*$"#), try AllowlistPattern(#"https://[a-z]+\.partner\.example/.*"#)]))
        #expect(configuration.links.slugGenerator.length == 9)
        #expect(configuration.slugPolicy.isReserved("SHOP"))
        #expect(configuration.slugPolicy.isReserved("winter-sale"))
        #expect(configuration.links.slugGenerator.policy == configuration.slugPolicy)
    }

    @Test("longLinks and longLinkImages are read", arguments: [
        ("longLinks: off", false, LongLinkImages.allowed), ("longLinks: on", true, .allowed), ("longLinks: false", false, .allowed),
        ("longLinks: true", true, .allowed), ("longLinks: OFF", false, .allowed), ("longLinkImages: any", true, .any),
        ("longLinkImages: allowed", true, .allowed), ("{longLinks: off, longLinkImages: any}", false, .any),
    ])
    func longLinkSettingsAreRead(line: String, longLinks: Bool, images: LongLinkImages) throws {
        let section = line.hasPrefix("{") ? "links: \(line)\n" : "links:\n  \(line)\n"
        let check = SiteConfigurationReader.check(yaml: SiteDocuments.minimal + section)
        #expect(check.issues == [])
        let links = try #require(check.site).configuration.links
        #expect(links.longLinks == longLinks)
        #expect(links.longLinkImages == images)
    }

    @Test func longLinksAreOnAndTheirImagesLimitedByDefault() throws {
        let links = try SiteConfigurationReader.site(yaml: SiteDocuments.minimal).configuration.links
        #expect(links.longLinks)
        #expect(links.longLinkImages == .allowed)
    }

    @Test func aSingleAllowlistPatternMayBeWrittenWithoutAList() throws {
        let document = SiteDocuments.minimal + "links:\n  allowlist: ^https://shop\\.example\\.org/.*$\n"
        let configuration = try SiteConfigurationReader.site(yaml: document).configuration
        #expect(configuration.links.allowlist.map(\.source) == [#"^https://shop\.example\.org/.*$"#])
    }

    // MARK: the policies derived from the configuration

    @Test func theDestinationPolicyAcceptsTheSitesHostsAndRefusesTheLinkHost() throws {
        let document = Self.withLinkHost + "links:\n  allowlist: [^https://shop\\.example\\.org/.*$]\n"
        let policy = try SiteConfigurationReader.site(yaml: document).configuration.destinationPolicy
        #expect(policy.siteHosts == ["example.com", "open.example.net"])
        #expect(policy.linkHosts == ["go.example.com", "localhost"])
        #expect(try policy.destination("https://example.com/puzzle/2025-10-25").siteHost == "example.com")
        #expect(try policy.destination("https://open.example.net/puzzle/2025-10-25").siteHost == "open.example.net")
        #expect(try policy.destination("https://shop.example.org/x").approval == .allowlist(#"^https://shop\.example\.org/.*$"#))
        #expect(throws: DestinationRefusal.self) { try policy.destination("https://go.example.com/abc") }
        #expect(policy.check("https://go.example.com/abc").failureCode == .linkHostLoop)
        #expect(policy.check("http://localhost/abc").failureCode == .linkHostLoop)
        #expect(policy.check("https://evil.com/").failureCode == .notAllowed)
    }

    @Test func theDemosPolicyHasItsHostsAndItsPattern() throws {
        let configuration = try SiteConfigurationReader.site(yaml: try SiteDocuments.demo).configuration
        let policy = configuration.destinationPolicy
        #expect(policy.siteHosts == ["daily.example.com", "www.daily.example.com", "open.dailypuzzle.app"])
        #expect(policy.linkHosts == ["go.daily.example.com", "go.localhost"])
        #expect(policy.allowlist.map(\.source) == [#"^https://shop\.example\.org/.*$"#])
        #expect(policy.check("https://shop.example.org/winter").failureCode == nil)
        #expect(policy.check("https://go.daily.example.com/abc").failureCode == .linkHostLoop)
    }

    @Test func everyHostileDestinationIsRefusedByTheDemosPolicy() throws {
        let data = try Data(contentsOf: SiteDocuments.repositoryRoot.appendingPathComponent("Tests/Fixtures/hostile-destinations.json"))
        let table = try JSONDecoder().decode([[String: String]].self, from: data)
        let policy = try SiteConfigurationReader.site(yaml: try SiteDocuments.demo).configuration.destinationPolicy
        #expect(table.count >= 70)
        for entry in table {
            let url = try #require(entry["url"])
            #expect(policy.check(url).failureCode?.rawValue == entry["reason"], "\(url.debugDescription)")
        }
    }

    @Test func aSlugLengthOutsideTheRangeInCodeIsBroughtIntoIt() {
        #expect(LinkSettings(slugLength: 2).slugGenerator.length == 4)
        #expect(LinkSettings(slugLength: 99).slugGenerator.length == 32)
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

    // The minimal document has 24 lines: `links:` is on line 25.
    static let broken = [
        Broken(section: "links:\n  slugLenght: 8\n", path: "links.slugLenght", line: 26, column: 3,
               message: "unknown key 'slugLenght'; did you mean 'slugLength'?"),
        Broken(section: "links:\n  allowList: []\n", path: "links.allowList", line: 26, column: 3,
               message: "unknown key 'allowList'; did you mean 'allowlist'?"),
        Broken(section: "links:\n  reservedSlug: [shop]\n", path: "links.reservedSlug", line: 26, column: 3,
               message: "did you mean 'reservedSlugs'?"),
        Broken(section: "links: [shop]\n", path: "links", line: 25, column: 8,
               message: "expected a mapping, found a list"),
        Broken(section: "links:\n  slugLength: 3\n", path: "links.slugLength", line: 26, column: 15,
               message: "3 is out of range; expected 4...32"),
        Broken(section: "links:\n  slugLength: 33\n", path: "links.slugLength", line: 26, column: 15,
               message: "33 is out of range; expected 4...32"),
        Broken(section: "links:\n  slugLength: seven\n", path: "links.slugLength", line: 26, column: 15,
               message: "expected a whole number, found \"seven\""),
        Broken(section: "links:\n  reservedSlugs: [shop, \"sale/*\"]\n", path: "links.reservedSlugs[1]", line: 26, column: 25,
               message: "'sale/*' is not a word a slug could be"),
        Broken(section: "links:\n  reservedSlugs: {shop: true}\n", path: "links.reservedSlugs", line: 26, column: 18,
               message: "expected a list of texts, found a mapping"),
        Broken(section: "links:\n  allowlist:\n    - ^https://shop\\.example\\.org/.*$\n    - ^https://(partner\\.example/.*$\n",
               path: "links.allowlist[1]", line: 28, column: 7,
               message: "the allowlist pattern '^https://(partner\\.example/.*$' is not a regular expression"),
        Broken(section: "links:\n  allowlist: ['.*']\n", path: "links.allowlist[0]", line: 26, column: 15,
               message: "would allow any host and make short links an open redirect"),
        Broken(section: "links:\n  allowlist: [\"\"]\n", path: "links.allowlist[0]", line: 26, column: 15,
               message: "an allowlist pattern is empty"),
        Broken(section: "links:\n  allowlist:\n    - [shop]\n", path: "links.allowlist[0]", line: 27, column: 7,
               message: "expected text, found a list"),
        Broken(section: "links:\n  longLinks: maybe\n", path: "links.longLinks", line: 26, column: 14,
               message: "'maybe' is neither on nor off; write longLinks: off"),
        Broken(section: "links:\n  longLinks: [on]\n", path: "links.longLinks", line: 26, column: 14,
               message: "expected text, found a list"),
        Broken(section: "links:\n  longlinks: off\n", path: "links.longlinks", line: 26, column: 3,
               message: "unknown key 'longlinks'; did you mean 'longLinks'?"),
        Broken(section: "links:\n  longLinkImages: some\n", path: "links.longLinkImages", line: 26, column: 19,
               message: "'some' is not a choice of long link images; write allowed (si on the site's hosts or links.allowlist only) or any"),
        Broken(section: "links:\n  longLinkImages: Any\n", path: "links.longLinkImages", line: 26, column: 19,
               message: "'Any' is not a choice of long link images"),
    ]

    @Test(arguments: broken)
    func aProblemIsReportedAtItsLineAndColumn(_ broken: Broken) {
        let check = SiteConfigurationReader.check(yaml: SiteDocuments.minimal + broken.section, source: "landfall.yml")
        #expect(check.site == nil)
        let got = check.issues.map { $0.description(in: "landfall.yml") }.joined(separator: "\n")
        #expect(check.issues.contains {
            $0.severity == .error && $0.path == broken.path && $0.line == broken.line && $0.column == broken.column
                && $0.message.contains(broken.message)
        }, "got:\n\(got)")
    }

    @Test func aBuiltInReservedWordListedAgainIsAWarning() throws {
        let check = SiteConfigurationReader.check(yaml: SiteDocuments.minimal + "links:\n  reservedSlugs: [shop, Admin]\n")
        #expect(!check.hasErrors)
        #expect(check.issues == [SiteIssue(.warning, path: "links.reservedSlugs[1]", line: 26, column: 25,
                                           message: "'Admin' is always reserved; remove it")])
        #expect(try #require(check.site).configuration.links.reservedSlugs == ["shop"])
    }

    @Test func everyProblemOfTheSectionIsReportedInOneRun() {
        let section = "links:\n  slugLength: 2\n  reservedSlugs: [\"a b\"]\n  allowlist: [\"(\"]\n  extra: 1\n"
        let issues = SiteConfigurationReader.check(yaml: SiteDocuments.minimal + section).issues
        #expect(issues.map(\.path) == ["links.slugLength", "links.reservedSlugs[0]", "links.allowlist[0]", "links.extra"])
        #expect(issues.map(\.line) == [26, 27, 28, 29])
    }
}

extension Result where Failure == DestinationRefusal {
    /// The refusal's code, or `nil` when the destination was accepted.
    var failureCode: DestinationRefusal.Code? {
        if case .failure(let refusal) = self { return refusal.code }
        return nil
    }
}
