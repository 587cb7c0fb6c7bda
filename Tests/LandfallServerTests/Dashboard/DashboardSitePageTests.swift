import Foundation
import HTTPTypes
import LandfallLinks
@testable import LandfallServer
import LandfallStorage
import Testing

/// The site page: the association files exactly as served with their lint, the route table
/// with each example and what it opens, and the embargoed content, for every role.
@Suite struct DashboardSitePageTests {
    @Test("the page shows each association file with the exact bytes its well-known route serves on every host", arguments: ServerCases.all)
    func theFilesAreTheBytesServed(transport: Transport, database: TestDatabase) async throws {
        let server = try await DashboardCases.server(database: database)
        try await server.run(transport) { client in
            var browser = DashboardBrowser(client: client)
            try await browser.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
            let page = try await browser.get("/site")
            #expect(page.status == .ok && page.text.contains(#"<a href="/site" aria-current="page">Site</a>"#))
            // The site's pair on the site host, its alias and the interstitial host; the link host's own.
            for (host, shownAs) in [(Demo.site, Demo.site), (Demo.alias, Demo.site), (Demo.interstitial, Demo.site), (Demo.links, Demo.links)] {
                for (path, prefix) in [("/.well-known/apple-app-site-association", "aasa-"), ("/.well-known/assetlinks.json", "assetlinks-")] {
                    let served = try await client.get(path, host: host)
                    #expect(served.status == .ok)
                    let shown = try #require(Self.pre(id: prefix + shownAs, in: page.text), "no <pre id=\"\(prefix)\(shownAs)\">")
                    #expect(shown == served.text, "\(path) on \(host)")
                }
            }
            #expect(Self.pre(id: "aasa-\(Demo.site)", in: page.text) != Self.pre(id: "aasa-\(Demo.links)", in: page.text))
            #expect(page.text.contains("No problems found"))
        }
    }

    @Test("a file with a lint finding shows it with its code and message next to the file; a clean one says so")
    func theLintIsShownNextToTheFile() async throws {
        let configuration = TemporarySite.configuration(android: false, routes: """
              - name: home
                pattern: /home
                examples: [https://\(TemporarySite.host)/home]
            associations:
              components:
                - {"/": "/caf%c3%a9/*"}
            """).replacingOccurrences(of: "  interstitial: \(TemporarySite.interstitialHost)\n",
                                      with: "  interstitial: \(TemporarySite.interstitialHost)\n  admin: admin.puzzles.example.com\n")
        let site = try TemporarySite(configuration)
        defer { site.remove() }
        let server = try await TestServer(site: site.source) { $0.dashboard.passwordCost = 4 }
        try await Self.addUser(.viewer, to: server)
        try await server.run(.router) { client in
            var browser = DashboardBrowser(client: client, host: "admin.puzzles.example.com")
            try await browser.signIn(email: "bo@daily.example.com", password: DashboardCases.password)
            let page = try await browser.get("/site")
            #expect(page.status == .ok)
            #expect(page.text.contains("<code>aasa.lowercase-percent-hex</code>"))
            #expect(page.text.contains("has a percent-escape with lower-case hex"))
            #expect(page.text.contains("Fix: write &quot;/caf%C3%A9/*&quot;"))
            #expect(page.text.contains(#"id="aasa-puzzles.example.com""#) && !page.text.contains("assetlinks-"))
            #expect(page.text.contains("Nothing is embargoed."))
        }
    }

    @Test("the route table shows every demo route with its examples and what each opens on iOS, Android and the web")
    func theRouteTableShowsTheDemosRoutes() async throws {
        let server = try await DashboardCases.server()
        try await server.run(.router) { client in
            var browser = DashboardBrowser(client: client)
            try await browser.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
            let text = try await browser.get("/site").text
            let table = try #require(Self.element("table", id: "routes", in: text))
            for (name, pattern) in [("today", "/puzzle/today"), ("puzzle", "/puzzle/:date"), ("invite", "/invites/:code"),
                                    ("article", "/news/:slug"), ("archive", "/archive(/*rest)")] {
                #expect(table.contains("<strong>\(name)</strong><br><code>\(pattern)</code>"), "\(name)")
            }
            for example in ["https://daily.example.com/puzzle/2026-11-20", "https://open.dailypuzzle.app/puzzle/2026-11-20",
                            "https://daily.example.com/invites/7KQ2M-X4P9T-HCW3R", "https://daily.example.com/archive/2025"] {
                #expect(table.contains("<code>\(example)</code>"), "\(example)")
            }
            #expect(table.contains("matched puzzle (/puzzle/:date) with date=2026-11-20"))
            #expect(table.contains("opens \(Demo.appID): detail 1, rule 4 `/puzzle/?*` matched"))
            #expect(table.contains("does not open \(Demo.appID)"), "the archive stays on the web")
            #expect(table.contains("Stays on the web"))
            #expect(table.contains("Shows the “puzzle” page “Daily Puzzle for 2026-11-20: Compass”"))
            #expect(table.contains("Sends the browser back to the site host (302)"))
            // The article route has no examples: its content that is out stands in.
            #expect(table.contains("<code>https://daily.example.com/news/winter-league</code> <span class=\"muted\">(from its content)</span>"))
        }
    }

    @Test("content still embargoed is listed with when it opens, and leaves the list for the opened ones when the clock passes it")
    func embargoedContentIsListedWithItsTime() async throws {
        let clock = MovableClock(at: Demo.noon)
        let server = try await DashboardCases.server(clock: clock)
        try await server.run(.router) { client in
            var browser = DashboardBrowser(client: client)
            try await browser.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
            let first = try await browser.get("/site").text
            let before = try #require(Self.element("table", id: "embargoes", in: first))
            #expect(before.contains("<tr><td><code>https://daily.example.com/puzzle/2026-11-21</code></td><td>puzzle</td><td>2026-11-21 05:00 UTC <span class=\"muted\">(in 12 hours)</span></td></tr>"))
            #expect(before.contains("https://daily.example.com/news/new-puzzle-types</code></td><td>article</td><td>2027-02-01 14:00 UTC"))
            #expect(!before.contains("/puzzle/2026-11-20") && !before.contains("winter-league"))

            clock.set("2026-11-21T06:00:00Z")
            // 13 hours on, the session has ended (12 idle hours): sign in again.
            try await browser.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
            let text = try await browser.get("/site").text
            let after = try #require(Self.element("table", id: "embargoes", in: text))
            #expect(!after.contains("/puzzle/2026-11-21") && after.contains("/puzzle/2026-11-22"))
            let opened = try #require(Self.element("table", id: "opened", in: text))
            #expect(opened.contains("https://daily.example.com/puzzle/2026-11-21</code></td><td>puzzle</td><td>2026-11-21 05:00 UTC <span class=\"muted\">(1 hour ago)</span>"))
        }
    }

    @Test("every role can open the site page", arguments: [DashboardRole.admin, .editor, .viewer])
    func everyRoleCanOpenIt(role: DashboardRole) async throws {
        let server = try await DashboardCases.server()
        try await Self.addUser(role, to: server)
        try await server.run(.router) { client in
            var browser = DashboardBrowser(client: client)
            try await browser.signIn(email: "bo@daily.example.com", password: DashboardCases.password)
            let page = try await browser.get("/site")
            #expect(page.status == .ok && page.text.contains(#"id="routes""#))
            #expect(page["Content-Security-Policy"] == DashboardHeadersMiddleware.contentSecurityPolicy)
        }
        try await server.run(.router) { client in
            var stranger = DashboardBrowser(client: client)
            let refused = try await stranger.get("/site")
            #expect(refused.status == .seeOther, "signed out: sent to sign in")
        }
    }

    @Test("relative times are whole units rounded down, days from 48 hours on", arguments: [
        (0.0, "in under a minute"), (59, "in under a minute"), (60, "in 1 minute"), (3599, "in 59 minutes"), (3600, "in 1 hour"),
        (47 * 3600, "in 47 hours"), (48 * 3600, "in 2 days"), (3 * 86_400 + 5, "in 3 days"), (-3600, "1 hour ago"), (-30, "under a minute ago"),
    ] as [(TimeInterval, String)])
    func relativeTimes(seconds: TimeInterval, text: String) {
        #expect(DashboardTime.relative(Demo.noon.addingTimeInterval(seconds), from: Demo.noon) == text)
    }

    static func addUser(_ role: DashboardRole, to server: TestServer) async throws {
        try await server.parts.storage.insert(await DashboardCases.person(role, email: "bo@daily.example.com", name: "Bo"))
    }

    /// The text of `<pre … id="ID">`, unescaped.
    static func pre(id: String, in html: String) -> String? {
        guard let start = html.range(of: "id=\"\(id)\">"), let end = html[start.upperBound...].range(of: "</pre>") else { return nil }
        return String(html[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The `<TAG … id="ID">…</TAG>` element, as written.
    static func element(_ tag: String, id: String, in html: String) -> String? {
        guard let start = html.range(of: "id=\"\(id)\""), let end = html[start.upperBound...].range(of: "</\(tag)>") else { return nil }
        return String(html[start.lowerBound..<end.upperBound])
    }
}
