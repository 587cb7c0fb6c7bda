import Foundation
import LandfallKit
import Testing

/// What a share sheet shows for a link: the page's title and share card, read from the page's
/// JSON view (the LinkPresentation glue is a thin layer over this, on Apple platforms only).
@Suite struct SharePreviewTests {
    static let card = "https://daily.example.com/static/cards/0123456789abcdef0123456789abcdef.png?page=/puzzle/2026-12-24"
    static let page = """
        {"route": "puzzle", "url": "https://daily.example.com/puzzle/2026-12-24", "parameters": {"date": "2026-12-24"},
         "title": "Daily Puzzle for 2026-12-24", "description": null, "image": "\(card)", "opensApp": true, "content": null}
        """

    @Test("a page's preview is its title and its card, with no original URL")
    func aPage() async throws {
        let transport = ScriptedTransport(["GET /puzzle/2026-12-24": [.status(200, Self.page)]])
        let preview = try await Fixtures.client(transport).sharePreview(for: URL(string: "https://daily.example.com/puzzle/2026-12-24")!)
        #expect(preview == SharePreview(url: URL(string: "https://daily.example.com/puzzle/2026-12-24")!,
                                        title: "Daily Puzzle for 2026-12-24", imageURL: URL(string: Self.card)))
        let request = try #require(await transport.requests.first)
        #expect(request.url.absoluteString == "https://daily.example.com/puzzle/2026-12-24")
        #expect(request.headers["Accept"] == "application/json")
    }

    @Test("a short link is resolved without counting a click, and its preview is its page's, with the page as original URL")
    func aShortLink() async throws {
        let transport = ScriptedTransport([
            "GET /v1/resolve": [.status(200, Fixtures.resolution)],
            "GET /puzzle/2026-12-24": [.status(200, Self.page)],
        ])
        let preview = try await Fixtures.client(transport).sharePreview(for: URL(string: "https://go.daily.example.com/xmas")!)
        #expect(preview.url == URL(string: "https://go.daily.example.com/xmas"))
        #expect(preview.originalURL == URL(string: "https://daily.example.com/puzzle/2026-12-24"))
        #expect(preview.imageURL == URL(string: Self.card))
        let requests = await transport.requests
        #expect(requests.count == 2)
        #expect(requests.first?.url.query?.contains("opened=false") == true)
    }

    @Test("a page without an image gives a preview without one")
    func noImage() throws {
        let json = #"{"url": "https://daily.example.com/a", "title": "A", "image": null}"#
        let preview = try SharePreview(sharing: URL(string: "https://daily.example.com/a")!, pageJSON: Data(json.utf8))
        #expect(preview.imageURL == nil && preview.originalURL == nil && preview.title == "A")
    }

    @Test("an answer that is not a page's JSON view is an invalid response")
    func notAPage() async {
        let transport = ScriptedTransport(["GET /a": [.status(200, "<html>a page</html>")]])
        await #expect(throws: LinkClientError.self) {
            try await Fixtures.client(transport).sharePreview(for: URL(string: "https://daily.example.com/a")!)
        }
    }
}
