import Foundation
import Hummingbird
import Testing
@testable import LandfallServer

/// A short link or a page opened in an app's own browser, which opens no universal link: the
/// page says how to leave it, and "Open in the app" uses the app's custom scheme.
@Suite struct InAppBrowserPageTests {
    static let instagram = Visitors.iPhone + " Instagram 361.0.0.35.82 (iPhone16,2; iOS 18_1; en_US; en; scale=3.00)"
    static let facebookAndroid = Visitors.android + " [FB_IAB/FB4A;FBAV/489.0.0.40.109;]"

    @Test("in Instagram's browser the landing page says how to open it in Safari, and Open in the app is the custom scheme",
          arguments: ServerCases.all)
    func instagramGetsTheSchemeAndTheWayOut(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            _ = try await client.createLink(to: "https://daily.example.com/puzzle/2026-11-20?ref=ig", slug: "insta", key: key)
            let inApp = HTMLPage(try await client.visit("insta", as: Self.instagram).text)
            #expect(inApp.text(id: "in-app-browser")?.contains("You&#39;re in Instagram&#39;s browser") == true, "as written, escaped")
            #expect(inApp.text(id: "in-app-browser")?.contains("Open in Safari") == true)
            #expect(inApp.link(id: "open-in-app") == "dailypuzzle://puzzle/2026-11-20?ref=ig")

            let safari = HTMLPage(try await client.visit("insta", as: Visitors.iPhone).text)
            #expect(safari.text(id: "in-app-browser") == nil)
            #expect(safari.link(id: "open-in-app")?.hasPrefix("https://open.dailypuzzle.app/puzzle/2026-11-20") == true, "Safari keeps the universal link")
        }
    }

    @Test("in Facebook's browser on Android a route's page offers an intent: address and says to open it in Chrome")
    func facebookOnAndroidGetsAnIntent() async throws {
        let server = try await TestServer()
        try await server.run(.router) { client in
            let page = HTMLPage(try await client.get("/puzzle/2026-11-20", headers: [.userAgent: Self.facebookAndroid]).text)
            #expect(page.text(id: "in-app-browser")?.contains("Open in Chrome") == true)
            #expect(page.link(id: "open-in-app")?.hasPrefix("intent://puzzle/2026-11-20#Intent;scheme=dailypuzzle;package=com.example.dailypuzzle;") == true)
        }
    }

    @Test("a long link's landing page in Instagram's browser says how to leave it, and opens the app through its scheme when the link is the site's")
    func aLongLinkInInstagramGetsTheWayOut() async throws {
        let server = try await TestServer()
        try await server.run(.router) { client in
            let link = "https://daily.example.com/puzzle/2026-11-20".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let site = HTMLPage(try await client.execute("/?link=\(link)&ibi=com.example.dailypuzzle", host: Demo.links,
                                                         headers: [.userAgent: Self.instagram]).text)
            #expect(site.text(id: "in-app-browser")?.contains("Open in Safari") == true)
            #expect(site.link(id: "open-in-app") == "dailypuzzle://puzzle/2026-11-20")

            let shop = "https://shop.example.org/mug".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let elsewhere = HTMLPage(try await client.execute("/?link=\(shop)&ibi=com.example.dailypuzzle", host: Demo.links,
                                                              headers: [.userAgent: Self.instagram]).text)
            #expect(elsewhere.text(id: "in-app-browser")?.contains("Open in Safari") == true)
            #expect(elsewhere.link(id: "open-in-app") == "https://shop.example.org/mug", "not the site's page: no scheme made up for it")

            let safari = HTMLPage(try await client.execute("/?link=\(link)&ibi=com.example.dailypuzzle", host: Demo.links,
                                                           headers: [.userAgent: Visitors.iPhone]).text)
            #expect(safari.text(id: "in-app-browser") == nil)
        }
    }
}
