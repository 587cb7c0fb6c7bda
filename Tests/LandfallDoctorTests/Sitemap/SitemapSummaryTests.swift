import AppSiteAssociation
import Foundation
import Testing
@testable import LandfallDoctor

@Suite struct SitemapSummaryTests {
    typealias Group = SitemapSummary.Group

    static let pages = [
        "https://daily.example.com/puzzle/2026-11-20",
        "https://daily.example.com/archive/2019",
        "https://daily.example.com/about",
        "https://shop.example.com/cart",
        "https://daily.example.com/puzzle/2026-11-21",
        "https://daily.example.com/contact",
        "https://DAILY.example.com/archive/2020",
        "/relative/page",
        "https://blog.example.com/post",
        "https://daily.example.com/search?q=cats",
        "ftp://daily.example.com/puzzle/1",
    ]

    static func summary(_ pages: [String] = pages, appID: String = SitemapFixtures.appID,
                        file: String = SitemapFixtures.dailyFile) throws -> SitemapSummary {
        SitemapSummary(pages: pages, appID: appID, matchers: ["daily.example.com": try SitemapFixtures.matcher(file)],
                       unavailable: ["shop.example.com": "404"])
    }

    static func rule(_ index: Int) -> RuleLocation { RuleLocation(detailIndex: 0, ruleIndex: index) }

    @Test func pagesAreGroupedByVerdictHostAndRuleInTheDocumentedOrder() throws {
        let summary = try Self.summary()
        #expect(summary.groups == [
            Group(verdict: .opens, host: "daily.example.com", rule: Self.rule(1), pattern: "/puzzle/*",
                  pages: ["https://daily.example.com/puzzle/2026-11-20", "https://daily.example.com/puzzle/2026-11-21"]),
            Group(verdict: .opens, host: "daily.example.com", rule: Self.rule(2), pattern: "/about",
                  pages: ["https://daily.example.com/about"]),
            Group(verdict: .opens, host: "daily.example.com", rule: Self.rule(3), pattern: #"{"/":"/search","?":{"q":"*"}}"#,
                  pages: ["https://daily.example.com/search?q=cats"]),
            Group(verdict: .excluded, host: "daily.example.com", rule: Self.rule(0), pattern: "/archive/*",
                  pages: ["https://daily.example.com/archive/2019", "https://DAILY.example.com/archive/2020"]),
            Group(verdict: .noRuleMatched, host: "daily.example.com", pages: ["https://daily.example.com/contact"]),
            Group(verdict: .noAssociationFile, host: "shop.example.com", pages: ["https://shop.example.com/cart"], reason: "404"),
            Group(verdict: .noAssociationFile, host: "blog.example.com", pages: ["https://blog.example.com/post"],
                  reason: "no association file was fetched for this host"),
            Group(verdict: .invalidURL, host: nil, pages: ["/relative/page"],
                  reason: "it has no scheme; write the whole URL, such as https://example.com/path"),
            Group(verdict: .invalidURL, host: nil, pages: ["ftp://daily.example.com/puzzle/1"],
                  reason: "only http and https URLs are universal links; this one is ftp"),
        ])
        #expect(summary.pageCount == 11)
        #expect(summary.opensCount == 4)
        #expect(summary.appID == SitemapFixtures.appID)
    }

    @Test func aLegacyPathsRuleIsShownAsWrittenWithItsNOT() throws {
        let summary = try Self.summary(["https://daily.example.com/archive/1", "https://daily.example.com/about"],
                                       file: SitemapFixtures.legacyFile)
        #expect(summary.groups == [
            Group(verdict: .opens, host: "daily.example.com", rule: RuleLocation(detailIndex: 0, ruleIndex: 2, isLegacyPath: true),
                  pattern: "/about", pages: ["https://daily.example.com/about"]),
            Group(verdict: .excluded, host: "daily.example.com", rule: RuleLocation(detailIndex: 0, ruleIndex: 0, isLegacyPath: true),
                  pattern: "NOT /archive/*", pages: ["https://daily.example.com/archive/1"]),
        ])
        #expect(summary.groups.map { $0.rule?.jsonPath.description } == ["applinks.details[0].paths[2]", "applinks.details[0].paths[0]"])
    }

    /// The matcher says `appNotListed`; the summary keeps the verdict `noRuleMatched` (no rule can
    /// match on that host) and says why in the reason.
    @Test func anAppTheFileDoesNotListHasEveryPageUnmatchedWithTheReason() throws {
        let pages = ["https://daily.example.com/puzzle/1", "https://daily.example.com/archive/1", "https://shop.example.com/"]
        let summary = try Self.summary(pages, appID: SitemapFixtures.otherAppID)
        #expect(summary.groups == [
            Group(verdict: .noRuleMatched, host: "daily.example.com", pages: Array(pages.prefix(2)),
                  reason: "no detail in the file lists ABCDE12345.com.example.other"),
            Group(verdict: .noAssociationFile, host: "shop.example.com", pages: ["https://shop.example.com/"], reason: "404"),
        ])
        #expect(summary.opensCount == 0)
    }

    @Test func hostsComeInTheOrderOfTheirFirstPageAndRulesInFileOrder() throws {
        let daily = try SitemapFixtures.matcher(SitemapFixtures.dailyFile)
        let pages = [
            "https://b.example.com/about", "https://a.example.com/puzzle/1", "https://b.example.com/puzzle/1",
            "https://a.example.com/about", "https://b.example.com/about",
        ]
        let summary = SitemapSummary(pages: pages, appID: SitemapFixtures.appID,
                                     matchers: ["a.example.com": daily, "B.Example.com.": daily], unavailable: [:])
        #expect(summary.groups.map { "\($0.host ?? "-") \($0.pattern ?? "-") \($0.pages.count)" } == [
            "b.example.com /puzzle/* 1", "b.example.com /about 2", "a.example.com /puzzle/* 1", "a.example.com /about 1",
        ])
    }

    @Test func aPageGivenTwiceIsCountedTwice() throws {
        let page = "https://daily.example.com/puzzle/1"
        let summary = try Self.summary([page, page])
        #expect(summary.groups.map(\.pages) == [[page, page]])
        #expect(summary.pageCount == 2 && summary.opensCount == 2)
    }

    @Test func noPagesGiveNoGroups() throws {
        let summary = try Self.summary([])
        #expect(summary.groups.isEmpty && summary.pageCount == 0 && summary.opensCount == 0)
        #expect(summary.lines() == ["opens ABCDE12345.com.example.daily: 0 of 0 pages"])
    }

    @Test func linesAreAlignedWithExamples() throws {
        let summary = try Self.summary()
        #expect(summary.lines(examplesPerGroup: 1) == [
            "opens ABCDE12345.com.example.daily: 4 of 11 pages",
            "  2 pages  open by applinks.details[0].components[1] `/puzzle/*` on daily.example.com                      e.g. https://daily.example.com/puzzle/2026-11-20, …",
            "  1 page   open by applinks.details[0].components[2] `/about` on daily.example.com                         e.g. https://daily.example.com/about",
            #"  1 page   open by applinks.details[0].components[3] `{"/":"/search","?":{"q":"*"}}` on daily.example.com  e.g. https://daily.example.com/search?q=cats"#,
            "  2 pages  excluded by applinks.details[0].components[0] `/archive/*` on daily.example.com                 e.g. https://daily.example.com/archive/2019, …",
            "  1 page   no rule matched on daily.example.com                                                            e.g. https://daily.example.com/contact",
            "  1 page   no association file on shop.example.com (404)                                                   e.g. https://shop.example.com/cart",
            "  1 page   no association file on blog.example.com (no association file was fetched for this host)         e.g. https://blog.example.com/post",
            "  1 page   not a usable URL (it has no scheme; write the whole URL, such as https://example.com/path)      e.g. /relative/page",
            "  1 page   not a usable URL (only http and https URLs are universal links; this one is ftp)                e.g. ftp://daily.example.com/puzzle/1",
        ])
    }

    @Test func linesWithoutExamplesHaveNoTrailingSpace() throws {
        let pages = (1...12).map { "https://daily.example.com/puzzle/\($0)" } + ["https://daily.example.com/contact"]
        #expect(try Self.summary(pages).lines(examplesPerGroup: 0) == [
            "opens ABCDE12345.com.example.daily: 12 of 13 pages",
            "  12 pages  open by applinks.details[0].components[1] `/puzzle/*` on daily.example.com",
            "   1 page   no rule matched on daily.example.com",
        ])
    }

    @Test func examplesStopAtTheLimitWithAnEllipsis() throws {
        let pages = (1...4).map { "https://daily.example.com/puzzle/\($0)" }
        let line = try #require(try Self.summary(pages).lines().last)
        #expect(line.hasSuffix("e.g. https://daily.example.com/puzzle/1, https://daily.example.com/puzzle/2, https://daily.example.com/puzzle/3, …"))
    }

    @Test func aSummaryRoundTripsThroughJSONWithSnakeCaseVerdicts() throws {
        let summary = try Self.summary()
        let data = try JSONEncoder().encode(summary)
        #expect(try JSONDecoder().decode(SitemapSummary.self, from: data) == summary)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""verdict":"no_rule_matched""#) && text.contains(#""verdict":"invalid_url""#))
    }
}
