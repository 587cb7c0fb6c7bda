import Foundation
@testable import LandfallSite
import Testing

/// The DocC article about `landfall.yml` shows real files and real output: these tests fail
/// when the demo, the generator, the reader's keys or its messages move away from it.
@Suite struct DocumentationTests {
    static var article: String {
        get throws {
            try String(contentsOf: SiteDocuments.repositoryRoot.appendingPathComponent(
                "Sources/LandfallSite/LandfallSite.docc/SiteConfigurationFile.md"), encoding: .utf8)
        }
    }

    /// The contents of the article's fenced blocks written with `language` (empty for a
    /// block without one), in order.
    static func blocks(_ language: String, in text: String) -> [String] {
        var blocks: [String] = []
        var open: (language: Substring, lines: [Substring])?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let block = open {
                if line == "```" {
                    if block.language == language { blocks.append(block.lines.joined(separator: "\n") + "\n") }
                    open = nil
                } else {
                    open?.lines.append(line)
                }
            } else if line.hasPrefix("```") {
                open = (line.dropFirst(3), [])
            }
        }
        return blocks
    }

    @Test func theArticleShowsTheDemoFileAsItIs() throws {
        #expect(Self.blocks("yaml", in: try Self.article).first == (try SiteDocuments.demo))
    }

    @Test func theArticleShowsTheDemosGeneratedAssociationFile() throws {
        let site = try SiteConfigurationReader.site(yaml: try SiteDocuments.demo)
        #expect(Self.blocks("json", in: try Self.article) == [site.appleAssociationJSON])
    }

    @Test func theArticlesOtherYAMLReadsWithoutAnIssue() throws {
        let extras = Self.blocks("yaml", in: try Self.article).dropFirst()
        #expect(extras.count == 7)
        for extra in extras {
            let document = SiteDocuments.minimal + extra
            #expect(SiteConfigurationReader.check(yaml: document).issues == [], "\(extra)")
        }
    }

    @Test func theArticleNamesEveryKeyTheReaderKnows() throws {
        let article = try Self.article
        let keys = SiteDocumentReader.topKeys + SiteDocumentReader.siteKeys + SiteDocumentReader.hostKeys
            + SiteDocumentReader.appKeys + SiteDocumentReader.iosKeys + SiteDocumentReader.androidKeys
            + SiteDocumentReader.routingKeys + SiteDocumentReader.routeKeys + SiteDocumentReader.pageKeys
            + SiteDocumentReader.embargoKeys + SiteDocumentReader.associationKeys + SiteDocumentReader.linkKeys
            + SiteDocumentReader.invitationKeys + SiteDocumentReader.deferredLinkKeys + RetentionSettings.keys
            + SiteDocumentReader.cardKeys + SiteDocumentReader.cardTextKeys
        for key in Set(keys).sorted() {
            #expect(article.contains("`\(key)`") || article.contains(".\(key)`") || article.contains("### \(key)\n"), "\(key)")
        }
    }

    /// The sample runs `landfall config check` on a broken copy of the demo that is no file of
    /// the repository, so its block is `console illustrative` for DocumentedExamplesTests (which
    /// runs commands on files that exist) and checked here, against what the reader prints.
    @Test func theArticlesSampleOutputIsWhatTheReaderPrints() throws {
        let sample = try #require(Self.blocks("console illustrative", in: try Self.article).first { $0.hasPrefix("$ landfall config check") })
        let broken = try SiteDocuments.demo.edited(
            DocumentEdit("timeZone: America/New_York ", "timeZone: America/New_Yrok "),
            DocumentEdit("teamID: ABCDE12345", "teamID: abcde12345"),
            DocumentEdit("embargo: {day: date}", "embargo: {day: dat}"))
        let issues = SiteConfigurationReader.check(yaml: broken, source: "landfall.yml").issues
        let printed = issues.map { $0.description(in: "landfall.yml") } + ["landfall.yml: refused: \(issues.count) errors"]
        #expect(sample.split(separator: "\n").dropFirst().map(String.init) == printed)
    }

    @Test func theArticlesCardErrorIsWhatTheReaderPrints() throws {
        let sample = try #require(Self.blocks("", in: try Self.article).first { $0.hasPrefix("landfall.yml:") && $0.contains(".card.") })
        let broken = try SiteDocuments.demo.edited(DocumentEdit("Shared score: {score}", "Shared score: {scor}"))
        let issues = SiteConfigurationReader.check(yaml: broken, source: "landfall.yml").issues
        #expect(issues.map { $0.description(in: "landfall.yml") + "\n" } == [sample])
    }
}
