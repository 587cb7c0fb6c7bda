import Foundation
import Hummingbird
import Testing
@testable import LandfallServer

/// `links.longLinkImages`: a long link's preview image `si` is shown under the site's name only
/// from the site's hosts or `links.allowlist` unless the site says `any`.
@Suite struct LongLinkSettingsTests {
    /// The demo with `lines` added to its `links:` section.
    static func demo(links lines: String) -> SiteSource {
        var files = DemoSite.files
        let yaml = files["landfall.yml"] ?? ""
        files["landfall.yml"] = yaml.replacingOccurrences(of: "    - ^https://shop\\.example\\.org/.*$\n",
                                                          with: "    - ^https://shop\\.example\\.org/.*$\n" + lines)
        return .embedded(name: "the demo with \(lines.trimmingCharacters(in: .whitespacesAndNewlines))", files: files,
                         binaryFiles: DemoSite.binaryFiles)
    }

    static let query = "link=https://daily.example.com/puzzle/2026-11-20&st=Friday"

    /// The `og:image` a crawler sees for the long link with the image `image` (none: without `si`).
    static func previewImage(_ image: String?, client: ServerClient) async throws -> String? {
        let si = image.map { "&si=\(JSONText.queryValue($0))" } ?? ""
        let response = try await client.execute("/?\(Self.query)\(si)", host: Demo.links, headers: [.userAgent: Visitors.slack])
        #expect(response.status == .ok)
        return HTMLPage(response.text).meta("og:image")
    }

    @Test("by default an si on the site's hosts or the allowlist is shown, any other is dropped (logged) for the site's image", arguments: [
        ("https://daily.example.com/static/friday.png", true),
        ("https://shop.example.org/winter.png", true),
        ("https://evil.example.net/brand-takeover.png", false),
        ("https://go.daily.example.com/x.png", false),
    ])
    func imagesAreLimitedByDefault(image: String, shown: Bool) async throws {
        let server = try await TestServer()
        try await server.run(.router) { client in
            let siteImage = try await Self.previewImage(nil, client: client)
            let seen = try await Self.previewImage(image, client: client)
            let dropped = server.recentLog.lines.filter { $0.message.hasPrefix("long link image dropped") }
            if shown {
                #expect(seen == image)
                #expect(dropped.isEmpty)
            } else {
                #expect(seen == siteImage, "the site's default image instead of \(image): \(seen ?? "none")")
                #expect(dropped.map(\.level) == [.notice])
                #expect(dropped.first?["si"] == image)
            }
        }
    }

    @Test("with longLinkImages: any, every si is shown")
    func anyImage() async throws {
        let server = try await TestServer(site: Self.demo(links: "  longLinkImages: any\n"))
        try await server.run(.router) { client in
            let image = try await Self.previewImage("https://evil.example.net/brand.png", client: client)
            #expect(image == "https://evil.example.net/brand.png")
        }
    }
}
