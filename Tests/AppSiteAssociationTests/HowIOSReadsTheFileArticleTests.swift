import Foundation
import Testing

/// The DocC article `HowIOSReadsTheFile.md` opens with the file that the decoding, linting and
/// explanation tests use (``TestResources/semanticsExample``); this keeps the two the same.
@Suite struct HowIOSReadsTheFileArticleTests {
    static let article = TestResources.repositoryRoot
        .appendingPathComponent("Sources/AppSiteAssociation/AppSiteAssociation.docc/HowIOSReadsTheFile.md")

    /// The contents of the first ```` ```json ```` block of `text`, without its fences.
    static func firstJSONBlock(in text: String) -> String? {
        guard let start = text.range(of: "```json\n"),
              let end = text.range(of: "\n```", range: start.upperBound..<text.endIndex) else { return nil }
        return String(text[start.upperBound..<end.lowerBound])
    }

    @Test func theArticlesFirstFileIsTheOneTheTestsUse() throws {
        let text = String(decoding: try TestResources.read(Self.article), as: UTF8.self)
        let block = try #require(Self.firstJSONBlock(in: text), "\(Self.article.path) has no json block")
        #expect(block == TestResources.semanticsExample)
    }
}
