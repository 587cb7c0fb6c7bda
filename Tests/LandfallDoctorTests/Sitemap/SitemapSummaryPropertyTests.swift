import AppSiteAssociation
import PropertyBased
import Testing
@testable import LandfallDoctor

/// For generated pages on hosts with a file, without one, and not URLs at all, the groups
/// partition the pages: each page is in exactly one group, in its sitemap order, and the group
/// says what the matcher decides for it.
@Suite struct SitemapSummaryPropertyTests {
    static let hosts = ["https://daily.example.com", "https://shop.example.com", "https://blog.example.com", "", "ftp://daily.example.com"]
    static let paths = ["/puzzle/", "/archive/", "/about", "/search?q=", "/contact/", "/", "/PUZZLE/"]

    /// Pages as (host, path) choices; each page gets its index appended so that pages are distinct.
    static let choices = zip(Gen<Int>.int(in: 0...(hosts.count - 1)), Gen<Int>.int(in: 0...(paths.count - 1))).array(of: 0...40)

    static func pages(_ choices: [(Int, Int)]) -> [String] {
        choices.enumerated().map { index, choice in
            let path = paths[choice.1]
            return hosts[choice.0] + path + (path.hasSuffix("/") || path.hasSuffix("=") ? "\(index)" : "?n=\(index)")
        }
    }

    @Test func theGroupsPartitionThePagesInOrder() async throws {
        let matcher = try SitemapFixtures.matcher(SitemapFixtures.dailyFile)
        await propertyCheck(count: 300, input: Self.choices) { choices in
            let pages = Self.pages(choices)
            let summary = SitemapSummary(pages: pages, appID: SitemapFixtures.appID,
                                         matchers: ["daily.example.com": matcher], unavailable: ["shop.example.com": "404"])
            let position = Dictionary(uniqueKeysWithValues: pages.enumerated().map { ($0.element, $0.offset) })
            let grouped = summary.groups.flatMap(\.pages)
            #expect(grouped.count == pages.count)
            #expect(grouped.sorted { position[$0, default: -1] < position[$1, default: -1] } == pages)
            #expect(summary.pageCount == pages.count)
            for group in summary.groups {
                let indices = group.pages.map { position[$0, default: -1] }
                #expect(indices == indices.sorted(), "\(group.pages)")
                #expect(!group.pages.isEmpty)
            }
            let ranks = summary.groups.map(\.verdict.rank)
            #expect(ranks == ranks.sorted())
            var opens = 0
            for group in summary.groups {
                for page in group.pages {
                    let decision = try? matcher.decision(for: page, appID: SitemapFixtures.appID)
                    switch group.verdict {
                    case .opens:
                        opens += 1
                        #expect(decision?.outcome == .match && decision?.rule == group.rule, "\(page)")
                    case .excluded:
                        #expect(decision?.outcome == .exclude && decision?.rule == group.rule, "\(page)")
                    case .noRuleMatched:
                        #expect(group.host == "daily.example.com" && decision?.outcome == .noMatch, "\(page)")
                    case .noAssociationFile:
                        #expect(group.host == "shop.example.com" || group.host == "blog.example.com", "\(page)")
                    case .invalidURL:
                        #expect(decision == nil || decision?.noMatchReason == .notWebURL, "\(page)")
                    }
                }
            }
            #expect(summary.opensCount == opens)
        }
    }
}
