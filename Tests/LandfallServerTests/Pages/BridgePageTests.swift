import Foundation
import Hummingbird
import Testing
@testable import LandfallServer

/// `/bridge/<path>`: the page for links in email, which opens the app through its custom scheme
/// where a mail app or a click-tracking redirect keeps the universal link from opening it.
@Suite struct BridgePageTests {
    static let invite = "/invites/7KQ2M-X4P9T-HCW3R"

    @Test("on an iPhone the bridge opens the app through its scheme with the same path and query, and offers the stores and the web page",
          arguments: Transport.allCases)
    func anIPhoneGetsTheSchemeTheStoresAndTheWeb(transport: Transport) async throws {
        let server = try await TestServer()
        try await server.run(transport) { client in
            let response = try await client.get("/bridge\(Self.invite)?ref=mail&a=1", headers: [.userAgent: Visitors.iPhone])
            #expect(response.status == .ok)
            #expect(response["Cache-Control"] == "private, no-store")
            let page = HTMLPage(response.text)
            #expect(page.link(id: "open-in-app") == "dailypuzzle://invites/7KQ2M-X4P9T-HCW3R?ref=mail&amp;a=1", "as written in the attribute")
            #expect(page.link(id: "continue-on-web")?.hasSuffix("\(Self.invite)?ref=mail&amp;a=1") == true)
            #expect(page.link(id: "app-store")?.contains("/v1/install/") == true, "through a pending claim, so the invitation survives the install")
            #expect(page.link(id: "google-play") != nil)
            #expect(page.meta("robots") == "noindex")
            #expect(response.text.contains("window.location.href = open.href;"), "the page tries the app once as it opens")
        }
    }

    @Test("on Android it is an intent: address that falls back to the web page in Chrome")
    func androidGetsAnIntentAddress() async throws {
        let server = try await TestServer()
        try await server.run(.router) { client in
            let response = try await client.get("/bridge\(Self.invite)", headers: [.userAgent: Visitors.android])
            let open = try #require(HTMLPage(response.text).link(id: "open-in-app"))
            #expect(open == "intent://invites/7KQ2M-X4P9T-HCW3R#Intent;scheme=dailypuzzle;package=com.example.dailypuzzle;"
                + "S.browser_fallback_url=https%3A%2F%2Fdaily%2Eexample%2Ecom%2Finvites%2F7KQ2M%2DX4P9T%2DHCW3R;end")
        }
    }

    @Test("a computer goes to the web page; a path no route of the app has is the not-found page", arguments: [
        ("/bridge/invites/7KQ2M-X4P9T-HCW3R", Visitors.desktop, 302),
        ("/bridge/no/such/page", Visitors.iPhone, 404),
        ("/bridge/", Visitors.iPhone, 404),
        ("/bridge/archive/2025", Visitors.iPhone, 302),
    ])
    func otherVisitorsAndPaths(path: String, agent: String, status: Int) async throws {
        let server = try await TestServer()
        try await server.run(.router) { client in
            let response = try await client.get(path, headers: [.userAgent: agent])
            #expect(response.status.code == status, "\(path)")
            if status == 302 {
                #expect(response["Location"] == "https://daily.example.com" + path.dropFirst("/bridge".count), "the web page, not the app")
            }
        }
    }

    @Test("the bridge to a puzzle not out yet shows nothing of it")
    func anEmbargoedTargetShowsNothing() async throws {
        let server = try await TestServer()
        try await server.run(.router) { client in
            let response = try await client.get("/bridge/puzzle/2027-01-01", headers: [.userAgent: Visitors.iPhone])
            #expect(response.status == .ok)
            #expect(!response.text.contains("New Year"), "the theme of a future puzzle")
            #expect(HTMLPage(response.text).link(id: "open-in-app") == "dailypuzzle://puzzle/2027-01-01")
        }
    }
}
