import Foundation
import Hummingbird
import Testing
@testable import LandfallServer

/// Bugs found after the first suites were written, each pinned by the case that showed it.
@Suite struct RegressionTests {
    @Test func anArticleWhoseContentCannotBeReadIsLeftOutOfTheSitemap() async throws {
        let site = try TemporarySite(TemporarySite.configuration(routes: """
              - name: article
                pattern: /news/:slug
                page: {content: "news/{slug}"}
                embargo: {field: publishAt}
            """), files: [
                "content/news/out.json": #"{"title": "Out", "publishAt": "2020-01-01"}"#,
                "content/news/broken.json": #"{"title": "Broken", "publishAt": "2099-01-01""#,
            ])
        defer { site.remove() }
        let server = try await TestServer(site: site.source)
        try await server.run(.router) { client in
            let sitemap = try await client.get("/sitemap.xml", host: TemporarySite.host).text
            #expect(sitemap.contains("/news/out"))
            #expect(!sitemap.contains("/news/broken"), "\(sitemap)")
        }
    }

    @Test(arguments: [Demo.alias, Demo.interstitial])
    func anAbsoluteFormRequestTargetNeverNamesTheRedirectsHost(host: String) async throws {
        let server = try await TestServer()
        try await server.run(.router) { client in
            let response = try await client.get("http://evil.example.org/puzzle/today?x=1", host: host)
            let location = try #require(response.headers[.location])
            #expect(location == "https://daily.example.com/puzzle/today?x=1")
        }
    }
}
