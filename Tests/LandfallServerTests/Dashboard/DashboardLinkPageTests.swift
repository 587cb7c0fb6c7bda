import Foundation
import HTTPTypes
import LandfallLinks
import LandfallQR
@testable import LandfallServer
import LandfallStorage
import Testing

/// A link's page in the dashboard, `/links/{id}`: its fields, its clicks, referrers and
/// platforms as they are made on its short URL, its QR code as a download that reads back as
/// its URL, and the controls only editors and admins see.
@Suite struct DashboardLinkPageTests {
    static let unknownID = "019a8c3e-7a10-7c4e-9b1f-3f0d2a6b8c11"

    @Test("a link's page shows its short URL with a copy button, its state, and every field it was made with", arguments: ServerCases.all)
    func thePageShowsTheLinksFields(transport: Transport, database: TestDatabase) async throws {
        let server = try await DashboardCases.server(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let link = try await client.createLink("""
                {"target": "https://daily.example.com/puzzle/2026-11-21", "slug": "snowfall",
                 "overrides": {"ios": "https://www.daily.example.com/get-the-app", "desktop": "https://daily.example.com/desktop"},
                 "preview": {"title": "Winter league", "description": "Play the winter puzzles", "imageURL": "https://daily.example.com/winter.png"},
                 "campaign": {"source": "newsletter", "medium": "email", "name": "winter-league"},
                 "expiresAt": "2026-12-31T23:59:00Z", "maxClicks": 1000}
                """, key: key)
            var browser = DashboardBrowser(client: client)
            try await browser.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
            let page = try await browser.get("/links/\(link.id)")
            #expect(page.status == .ok)
            #expect(page["Content-Security-Policy"] == DashboardHeadersMiddleware.contentSecurityPolicy)
            let text = page.text
            for expected in [
                "<title>Winter league · ", "<h1>Winter league</h1>", #"aria-current="page">Links</a>"#,
                #"<code id="short-url">https://go.daily.example.com/snowfall</code>"#,
                #"<button type="button" class="copy" id="copy-url" data-copy="https://go.daily.example.com/snowfall">Copy</button>"#,
                #"id="link-state" class="badge good">active</span>"#,
                "<code>https://daily.example.com/puzzle/2026-11-21</code>",
                "<dt>On iPhone and iPad</dt><dd><code>https://www.daily.example.com/get-the-app</code>",
                "<dt>On a computer</dt><dd><code>https://daily.example.com/desktop</code>",
                "<dt>Description</dt><dd>Play the winter puzzles</dd>",
                "<dt>Image</dt><dd><code>https://daily.example.com/winter.png</code>",
                "<dt>utm_source</dt><dd>newsletter</dd>", "<dt>utm_medium</dt><dd>email</dd>",
                "<dt>utm_campaign</dt><dd>winter-league</dd>",
                "<dt>Created</dt><dd>2026-11-20 17:00:00 UTC</dd>", "<dt>Expires</dt><dd>2026-12-31 23:59:00 UTC</dd>",
                "<dt>Max clicks</dt><dd>1000</dd>", #"<dd id="total-clicks">0</dd>"#, "No clicks in these 30 days.",
                #"<img id="qr" class="qr-code" src="/links/\#(link.id)/qr.svg" alt="QR code for https://go.daily.example.com/snowfall">"#,
                #"<a id="qr-png" class="button secondary" href="/links/\#(link.id)/qr.png" download>PNG</a>"#,
                #"<a id="qr-svg" class="button secondary" href="/links/\#(link.id)/qr.svg" download>SVG</a>"#,
            ] {
                #expect(text.contains(expected), "\(expected)")
            }
            #expect(!text.contains("On Android"), "an override that is not set is not listed")
            #expect(!text.contains(#"id="open-url""#), "through the real admin host the short URL is the one to open")
            // Through the development name, a link opens the short URL on this machine.
            var local = DashboardBrowser(client: client, host: DashboardCases.localHost)
            try await local.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
            #expect(try await local.get("/links/\(link.id)").text.contains(#"<a id="open-url" href="http://go.localhost:8080/snowfall">"#))
        }
    }

    @Test("clicks made on the short URL show in the total, the chart, the referrers and the platforms", arguments: ServerCases.all)
    func clicksShowOnThePage(transport: Transport, database: TestDatabase) async throws {
        let server = try await DashboardCases.server(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let link = try await client.createLink(slug: "counted", key: key)
            let other = try await client.createLink(slug: "elsewhere", key: key)
            let news: HTTPFields = [.referer: "https://News.Example.com/today"]
            let chat: HTTPFields = [.referer: "https://chat.example.org/room"]
            for _ in 0..<4 { _ = try await client.visit("counted", as: Visitors.iPhone, headers: news) }
            for _ in 0..<2 { _ = try await client.visit("counted", as: Visitors.android, headers: chat) }
            _ = try await client.visit("counted", as: Visitors.desktop)
            _ = try await client.visit("counted", as: Visitors.slack)
            _ = try await client.visit("elsewhere", as: Visitors.desktop, headers: news)
            var browser = DashboardBrowser(client: client)
            try await browser.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
            let text = try await browser.get("/links/\(link.id)").text
            for expected in [
                #"<dd id="total-clicks">7</dd>"#, #"<dd id="total-previews">1</dd>"#,
                "7 clicks in 30 days; the most, 7, on 2026-11-20.", "data:image/svg+xml;base64,",
                #"<tr><td>news.example.com</td><td class="number" data-label="Clicks">4</td></tr>"#,
                #"<tr><td>chat.example.org</td><td class="number" data-label="Clicks">2</td></tr>"#,
                #"<tr><td>(direct)</td><td class="number" data-label="Clicks">1</td></tr>"#,
                #"<span class="label">ios</span><span class="meter"><span class="fill w20"></span></span><span class="value">4</span>"#,
                #"<span class="label">android</span><span class="meter"><span class="fill w10"></span></span><span class="value">2</span>"#,
                #"<span class="label">desktop</span><span class="meter"><span class="fill w5"></span></span><span class="value">1</span>"#,
            ] {
                #expect(text.contains(expected), "\(expected)")
            }
            #expect(!text.contains(#"<span class="label">crawler</span>"#), "previews are not a platform of people")
            #expect(text.contains("No clicks from an app's browser yet."))
            // A click in Instagram's browser shows among the in-app browsers.
            _ = try await client.visit("counted", as: InAppBrowserPageTests.instagram)
            let inApp = try await browser.get("/links/\(link.id)").text
            #expect(inApp.contains(#"<ol class="funnel" id="in-app-browsers">"#))
            #expect(inApp.contains(#"<span class="label">Instagram</span><span class="meter"><span class="fill w20"></span></span><span class="value">1</span>"#),
                    "\(inApp)")
            // The other link's clicks are its own.
            #expect(try await browser.get("/links/\(other.id)").text.contains(#"<dd id="total-clicks">1</dd>"#))
        }
    }

    @Test("the QR code's PNG is a download named for the slug that reads back as the link's URL", arguments: ServerCases.all)
    func theQRPNGReadsBackAsTheLinksURL(transport: Transport, database: TestDatabase) async throws {
        let server = try await DashboardCases.server(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let link = try await client.createLink(slug: "poster", key: key)
            var browser = DashboardBrowser(client: client)
            try await browser.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
            for query in ["", "?size=3&ecc=H", "?size=12&margin=2&ecc=L"] {
                let png = try await browser.get("/links/\(link.id)/qr.png\(query)")
                #expect(png.status == .ok, "\(query): \(png.text.prefix(300))")
                #expect(png["Content-Type"] == "image/png")
                #expect(png["Content-Disposition"] == #"attachment; filename="poster-qr.png""#)
                #expect(png["Content-Security-Policy"] == DashboardHeadersMiddleware.contentSecurityPolicy)
                #expect(Array(png.body.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
                #expect(try await LinkQRCodeAPITests.decoded(png: png.body) == "https://go.daily.example.com/poster", "\(query)")
            }
            let sized = try await browser.get("/links/\(link.id)/qr.png?size=3&margin=1")
            let modules = try QRCode("https://go.daily.example.com/poster").size
            #expect(LinkQRCodeAPITests.dimensions(ofPNG: sized.body) == [(modules + 2) * 3, (modules + 2) * 3])
        }
    }

    @Test("the QR code's SVG is a download of the drawing LandfallQR makes of the link's URL")
    func theQRSVGIsTheLibrarysDrawing() async throws {
        let server = try await DashboardCases.server()
        let key = try await server.authorization()
        try await server.run(.router) { client in
            let link = try await client.createLink(slug: "vector", key: key)
            var browser = DashboardBrowser(client: client)
            try await browser.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
            for (query, level) in [("", QRErrorCorrection.medium), ("?ecc=q", .quartile)] {
                let svg = try await browser.get("/links/\(link.id)/qr.svg\(query)")
                #expect(svg.status == .ok)
                #expect(svg["Content-Type"] == "image/svg+xml")
                #expect(svg["Content-Disposition"] == #"attachment; filename="vector-qr.svg""#)
                let drawn = try QRCode("https://go.daily.example.com/vector", errorCorrection: level).svg(moduleSize: 8, margin: 4)
                #expect(svg.text == drawn, "\(query)")
            }
        }
    }

    @Test("the QR code's options are the API's: a bad one is 400 for the image and 422 for the page, in the API's words", arguments: [
        ("size=0", "size", "size must be a whole number from 1 to 64, not &#39;0&#39;."),
        ("size=big", "size", "size must be a whole number from 1 to 64, not &#39;big&#39;."),
        ("ecc=X", "ecc", "ecc must be L, M, Q or H, not &#39;X&#39;."),
        ("margin=99", "qr", "margin must be a whole number from 0 to 64, not &#39;99&#39;."),
    ])
    func badQROptionsAreRefused(query: String, field: String, message: String) async throws {
        let server = try await DashboardCases.server()
        let key = try await server.authorization()
        try await server.run(.router) { client in
            let link = try await client.createLink(slug: "options", key: key)
            var browser = DashboardBrowser(client: client)
            try await browser.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
            for image in ["qr.png", "qr.svg"] {
                let refused = try await browser.get("/links/\(link.id)/\(image)?\(query)")
                #expect(refused.status == .badRequest, "\(image)?\(query)")
                #expect(refused.text.contains(message), "\(refused.text)")
            }
            let page = try await browser.get("/links/\(link.id)?\(query)")
            #expect(page.status == .unprocessableContent)
            #expect(page.text.contains(#"<p class="field-error" id="\#(field)-error">\#(message)</p>"#), "\(page.text)")
            if field != "qr" {
                #expect(page.text.contains(#"name="\#(field)""#) && page.text.contains(#"aria-invalid="true" aria-describedby="\#(field)-error""#))
            }
            // The code shown meanwhile is the default one.
            #expect(page.text.contains(#"src="/links/\#(link.id)/qr.svg" alt="#))
        }
    }

    @Test("options chosen on the page carry to the code shown and its downloads, and the form keeps them")
    func chosenQROptionsCarry() async throws {
        let server = try await DashboardCases.server()
        let key = try await server.authorization()
        try await server.run(.router) { client in
            let link = try await client.createLink(slug: "chosen", key: key)
            var browser = DashboardBrowser(client: client)
            try await browser.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
            let page = try await browser.get("/links/\(link.id)?size=12&ecc=H")
            #expect(page.status == .ok)
            let text = page.text
            #expect(text.contains(#"href="/links/\#(link.id)/qr.png?size=12&amp;ecc=H" download>PNG</a>"#))
            #expect(text.contains(#"src="/links/\#(link.id)/qr.svg?size=12&amp;ecc=H""#))
            #expect(text.contains(#"name="size" type="number" min="1" max="64" value="12""#))
            #expect(text.contains(#"<option value="H" selected>"#) && !text.contains(#"<option value="M" selected>"#))
        }
    }

    @Test("an id that names no link, or is no id, is the dashboard's 404 for the page and both images", arguments: [
        "/links/\(unknownID)", "/links/not-an-id", "/links/\(unknownID)/qr.png", "/links/\(unknownID)/qr.svg",
        "/links/not-an-id/qr.png", "/links/%3Cb%3Ex%3C%2Fb%3E",
    ])
    func unknownLinksAreNotFound(path: String) async throws {
        let server = try await DashboardCases.server()
        try await server.run(.router) { client in
            var browser = DashboardBrowser(client: client)
            try await browser.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
            let page = try await browser.get(path)
            #expect(page.status == .notFound)
            #expect(page.text.contains("<h1>No such link</h1>") && page.text.contains("There is no link with the id"), "\(page.text)")
            #expect(!page.text.contains("<b>x</b>"))
            #expect(page["Content-Security-Policy"] == DashboardHeadersMiddleware.contentSecurityPolicy)
        }
    }

    @Test("a viewer sees no edit, disable or delete controls; an editor and an admin see them, Enable for a disabled link", arguments: [
        (DashboardRole.viewer, false), (.editor, true), (.admin, true),
    ])
    func controlsFollowTheRole(role: DashboardRole, seesControls: Bool) async throws {
        let server = try await DashboardCases.server()
        let storage = server.parts.storage
        try await storage.insert(await DashboardCases.person(role, email: "bo@daily.example.com", name: "Bo"))
        let live = Self.link("live", at: Demo.noon)
        let off = Self.link("off", at: Demo.noon) { $0.isDisabled = true }
        try await storage.insert([live, off])
        try await server.run(.router) { client in
            var browser = DashboardBrowser(client: client)
            try await browser.signIn(email: "bo@daily.example.com", password: DashboardCases.password)
            let page = try await browser.get("/links/\(live.id)")
            #expect(page.status == .ok)
            let text = page.text
            let controls = [
                #"<a class="button" id="edit-link" href="/links/\#(live.id)/edit">Edit</a>"#,
                #"<form method="post" action="/links/\#(live.id)/disable">"#,
                #"<button id="disable-link" class="secondary">Disable</button>"#,
                #"<form method="post" action="/links/\#(live.id)/delete" data-confirm="Delete this link? Its short URL stops working.">"#,
                #"<button id="delete-link" class="danger">Delete</button>"#,
            ]
            for control in controls {
                #expect(text.contains(control) == seesControls, "\(role): \(control)")
            }
            #expect(text.contains("enable-link") == false)
            if seesControls {
                let token = try #require(browser.csrf)
                #expect(text.components(separatedBy: #"<input type="hidden" name="csrf" value="\#(token)">"#).count - 1 == 3,
                        "sign-out, disable and delete carry the token")
            }
            let disabled = try await browser.get("/links/\(off.id)").text
            #expect(disabled.contains(#"id="link-state" class="badge bad">disabled</span>"#))
            #expect(disabled.contains(#"<button id="enable-link" class="secondary">Enable</button>"#) == seesControls)
            #expect(disabled.contains(#"<form method="post" action="/links/\#(off.id)/enable">"#) == seesControls)
            #expect(!disabled.contains("disable-link"))
        }
    }

    @Test("the state is active, disabled, or expired once past its expiry or its maximum of clicks", arguments: [
        ("active", nil, nil, 0, false), ("disabled", nil, nil, 0, true), ("expired", -60.0, nil, 0, false),
        ("expired", nil, 3, 3, false), ("active", 60.0, 3, 2, false), ("disabled", -60.0, nil, 0, true),
    ] as [(String, TimeInterval?, Int?, Int, Bool)])
    func theStateIsShown(state: String, expiresIn: TimeInterval?, maxClicks: Int?, clicks: Int, disabled: Bool) async throws {
        let server = try await DashboardCases.server()
        let link = Self.link("stated", at: Demo.noon.addingTimeInterval(-3600)) { link in
            link.expiresAt = expiresIn.map { Demo.noon.addingTimeInterval($0) }
            link.maxClicks = maxClicks
            link.clickCount = clicks
            link.isDisabled = disabled
        }
        try await server.parts.storage.insert([link])
        try await server.run(.router) { client in
            var browser = DashboardBrowser(client: client)
            try await browser.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
            let text = try await browser.get("/links/\(link.id)").text
            let badge = state == "active" ? "good" : "bad"
            #expect(text.contains(#"id="link-state" class="badge \#(badge)">\#(state)</span>"#), "\(text)")
        }
    }

    @Test("a title made of markup is text in the heading, the page's title and the QR code's alt")
    func aHostileTitleIsText() async throws {
        let server = try await DashboardCases.server()
        let link = Self.link("hostile", at: Demo.noon) { $0.preview.title = "<img src=x onerror=alert(1)>" }
        try await server.parts.storage.insert([link])
        try await server.run(.router) { client in
            var browser = DashboardBrowser(client: client)
            try await browser.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
            let text = try await browser.get("/links/\(link.id)").text
            #expect(text.contains("<h1>&lt;img src=x onerror=alert(1)&gt;</h1>"))
            #expect(text.contains("<title>&lt;img src=x onerror=alert(1)&gt; · "))
            #expect(text.contains("<dt>Title</dt><dd>&lt;img src=x onerror=alert(1)&gt;</dd>"))
            #expect(!text.contains("<img src=x"))
            #expect(text.contains(#"alt="QR code for https://go.daily.example.com/hostile""#))
        }
    }

    @Test("a link without a title is called by its slug")
    func aLinkWithoutATitleIsItsSlug() async throws {
        let server = try await DashboardCases.server()
        let link = Self.link("untitled", at: Demo.noon) { $0.preview.title = "  " }
        try await server.parts.storage.insert([link])
        try await server.run(.router) { client in
            var browser = DashboardBrowser(client: client)
            try await browser.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
            let text = try await browser.get("/links/\(link.id)").text
            #expect(text.contains("<h1>untitled</h1>") && text.contains("<title>untitled · "))
        }
    }

    /// A link on the demo's link host made at `date`, changed by `change`.
    static func link(_ slug: String, at date: Date, _ change: (inout ShortLink) -> Void = { _ in }) -> ShortLink {
        var generator = SystemRandomNumberGenerator()
        var link = ShortLink(id: LinkID.generate(at: date, using: &generator), host: Demo.links, slug: slug,
                             target: "https://daily.example.com/puzzle/2026-11-20", createdAt: date)
        change(&link)
        return link
    }
}
