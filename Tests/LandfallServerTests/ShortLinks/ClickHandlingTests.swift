import AppSiteAssociation
import Foundation
import Hummingbird
import LandfallLinks
import Testing
@testable import LandfallServer

/// What each visitor of a short link gets on the link host: desktop browsers a redirect,
/// phones the landing page (or their override), crawlers the preview, and everybody a 410 for
/// a link that is gone and a 404 for one that never was.
@Suite struct ClickHandlingTests {
    static let puzzle = "https://daily.example.com/puzzle/2026-11-20"

    /// The link-preview crawlers of the issue, by the user agents they send.
    static let crawlers: [(name: String, userAgent: String)] = [
        ("Messages", "facebookexternalhit/1.1 Facebot Twitterbot/1.0"),
        ("Slack", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"),
        ("Facebook", "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"),
        ("X", "Twitterbot/1.0"),
        ("Discord", "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)"),
        ("LinkedIn", "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)"),
        ("WhatsApp", "WhatsApp/2.23.20.0 A"),
        ("Telegram", "TelegramBot (like TwitterBot)"),
    ]

    @Test("a desktop browser is redirected to the target, or to the desktop override", arguments: ServerCases.all)
    func desktop(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            _ = try await client.createLink(slug: "plain", key: key)
            _ = try await client.createLink(#"{"target": "\#(Self.puzzle)", "slug": "desk", "overrides": {"desktop": "https://shop.example.org/desktop?from=link"}}"#, key: key)
            let plain = try await client.visit("plain", as: Visitors.desktop)
            #expect(plain.status == .found)
            #expect(plain["Location"] == Self.puzzle)
            let overridden = try await client.visit("desk", as: Visitors.desktop)
            #expect(overridden.status == .found)
            #expect(overridden["Location"] == "https://shop.example.org/desktop?from=link")
            let noAgent = try await client.visit("plain", as: nil)
            #expect(noAgent.status == .found, "no User-Agent is a desktop browser")
            #expect(noAgent["Location"] == Self.puzzle)
        }
    }

    @Test("an iPhone gets the landing page: no redirect, Open in the app through the interstitial host, the App Store (through the install address that keeps the link), the Smart App Banner",
          arguments: ServerCases.all)
    func iPhoneLandingPage(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            _ = try await client.createLink(slug: "landing", key: key)
            let response = try await client.visit("landing", as: Visitors.iPhone)
            #expect(response.status == .ok)
            #expect(response["Location"] == nil)
            #expect(response["Content-Type"]?.hasPrefix("text/html") == true)
            let page = HTMLPage(response.text)
            #expect(page.link(id: "open-in-app") == "https://open.dailypuzzle.app/puzzle/2026-11-20")
            let store = try #require(page.link(id: "app-store"))
            #expect(store.hasPrefix("https://daily.example.com/v1/install/lfc_") && store.hasSuffix("?store=app-store"), "\(store)")
            let install = try await client.get(try #require(URLComponents(string: store)).path + "?store=app-store",
                                               headers: [.userAgent: Visitors.iPhone])
            #expect(install["Location"] == "https://apps.apple.com/app/id1234567890")
            let banner = try #require(page.meta("apple-itunes-app"), "\(response.text)")
            #expect(banner.contains("app-id=1234567890"))
            #expect(banner.contains("app-argument=https://daily.example.com/puzzle/2026-11-20"))
            #expect(page.link(id: "continue-on-web") == Self.puzzle)
        }
    }

    @Test("an iPhone with an iOS override and an Android phone with an Android override are redirected", arguments: ServerCases.all)
    func phoneOverrides(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            _ = try await client.createLink("""
                {"target": "\(Self.puzzle)", "slug": "phones",
                 "overrides": {"ios": "https://shop.example.org/ios", "android": "https://shop.example.org/android"}}
                """, key: key)
            let iPhone = try await client.visit("phones", as: Visitors.iPhone)
            #expect(iPhone.status == .found)
            #expect(iPhone["Location"] == "https://shop.example.org/ios")
            let android = try await client.visit("phones", as: Visitors.android)
            #expect(android.status == .found)
            #expect(android["Location"] == "https://shop.example.org/android")
            let desktop = try await client.visit("phones", as: Visitors.desktop)
            #expect(desktop["Location"] == Self.puzzle)
        }
    }

    @Test("an Android phone without an override gets the landing page with Google Play (through the install address, which puts the claim in the referrer)",
          arguments: ServerCases.all)
    func androidLandingPage(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            _ = try await client.createLink(slug: "droid", key: key)
            let response = try await client.visit("droid", as: Visitors.android)
            #expect(response.status == .ok)
            #expect(response["Location"] == nil)
            let page = HTMLPage(response.text)
            #expect(page.link(id: "open-in-app") == "https://open.dailypuzzle.app/puzzle/2026-11-20")
            let store = try #require(page.link(id: "google-play"))
            #expect(store.hasPrefix("https://daily.example.com/v1/install/lfc_") && store.hasSuffix("?store=play"), "\(store)")
            let install = try await client.get(try #require(URLComponents(string: store)).path + "?store=play",
                                               headers: [.userAgent: Visitors.android])
            #expect(install["Location"]?.hasPrefix("https://play.google.com/store/apps/details?id=com.example.dailypuzzle&referrer=landfall_claim%3Dlfc_") == true)
        }
    }

    @Test("a phone visiting a link to a page that stays on the web is redirected to it", arguments: TestDatabase.all)
    func phoneToWebOnlyPage(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(.router) { client in
            _ = try await client.createLink(to: "https://daily.example.com/archive/2025", slug: "archive", key: key)
            let response = try await client.visit("archive", as: Visitors.iPhone)
            #expect(response.status == .found)
            #expect(response["Location"] == "https://daily.example.com/archive/2025")
        }
    }

    @Test("every link-preview crawler gets the preview page with the link's Open Graph tags, and no redirect", arguments: TestDatabase.all)
    func crawlerPreview(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(.live) { client in
            for (index, (name, userAgent)) in Self.crawlers.enumerated() {
                let link = try await client.createLink("""
                    {"target": "\(Self.puzzle)", "slug": "shared-\(index)",
                     "preview": {"title": "Beat my time", "description": "I solved it in 2:14.", "imageURL": "https://daily.example.com/static/score.png"},
                     "overrides": {"desktop": "https://shop.example.org/desktop"}}
                    """, key: key)
                let response = try await client.visit("shared-\(index)", as: userAgent)
                #expect(response.status == .ok, "\(name)")
                #expect(response["Location"] == nil, "\(name)")
                let page = HTMLPage(response.text)
                #expect(page.meta("og:title") == "Beat my time", "\(name)")
                #expect(page.meta("og:description") == "I solved it in 2:14.", "\(name)")
                #expect(page.meta("og:image") == "https://daily.example.com/static/score.png", "\(name)")
                let stats = try await client.stats(of: link.id, key: key)
                #expect(stats["clicks"] as? Int == 0, "\(name): a preview is not a click")
                #expect(stats["previews"] as? Int == 1, "\(name)")
            }
        }
    }

    @Test("a crawler previewing a link without preview fields gets the target page's title", arguments: TestDatabase.all)
    func crawlerFallsBackToTargetPage(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(.router) { client in
            _ = try await client.createLink(to: "https://daily.example.com/invites/7KQ2M-X4P9T-HCW3R", slug: "invite", key: key)
            let page = HTMLPage(try await client.visit("invite", as: Visitors.slack).text)
            #expect(page.meta("og:title") == "You&#39;re invited to Daily Puzzle" || page.meta("og:title") == "You're invited to Daily Puzzle")
        }
    }

    // MARK: gone

    @Test("an expired link answers 410 to everybody from the moment it expires", arguments: ServerCases.all)
    func expired(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            _ = try await client.createLink(#"{"target": "\#(Self.puzzle)", "slug": "brief", "expiresAt": "2026-11-20T17:01:00Z"}"#, key: key)
            server.clock.advance(by: 59)
            #expect(try await client.visit("brief", as: Visitors.desktop).status == .found)
            server.clock.advance(by: 1)
            for userAgent in [Visitors.desktop, Visitors.iPhone, Visitors.android, Visitors.slack] {
                let response = try await client.visit("brief", as: userAgent)
                #expect(response.status == .gone, "\(userAgent)")
                #expect(response["Location"] == nil)
                #expect(response.text.contains("This link has expired"))
            }
        }
    }

    @Test("a disabled link answers 410 to everybody", arguments: ServerCases.all)
    func disabled(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            _ = try await client.createLink(#"{"target": "\#(Self.puzzle)", "slug": "off", "disabled": true}"#, key: key)
            for userAgent in [Visitors.desktop, Visitors.iPhone, Visitors.android, Visitors.slack] {
                let response = try await client.visit("off", as: userAgent)
                #expect(response.status == .gone, "\(userAgent)")
                #expect(response["Location"] == nil)
                #expect(response.text.contains("This link was turned off"))
            }
        }
    }

    @Test("a link with maxClicks 3 redirects three times and then answers 410; crawlers do not use it up", arguments: ServerCases.all)
    func maxClicks(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let link = try await client.createLink(#"{"target": "\#(Self.puzzle)", "slug": "three", "maxClicks": 3}"#, key: key)
            #expect(try await client.visit("three", as: Visitors.slack).status == .ok)
            #expect(try await client.visit("three", as: Visitors.desktop).status == .found)
            #expect(try await client.visit("three", as: Visitors.messages).status == .ok)
            #expect(try await client.visit("three", as: Visitors.iPhone).status == .ok, "the landing page is a click")
            #expect(try await client.visit("three", as: Visitors.desktop, method: .head).status == .found, "HEAD is not a click")
            #expect(try await client.visit("three", as: Visitors.desktop).status == .found)
            let fourth = try await client.visit("three", as: Visitors.desktop)
            #expect(fourth.status == .gone)
            #expect(fourth["Location"] == nil)
            #expect(fourth.text.contains("This link has been used up"))
            #expect(try await client.visit("three", as: Visitors.slack).status == .gone, "used up for crawlers too")
            let stats = try await client.stats(of: link.id, key: key)
            #expect(stats["clicks"] as? Int == 3)
            #expect(stats["previews"] as? Int == 2)
        }
    }

    // MARK: not found, odd input, escaping

    @Test("an unknown slug answers the 404 page", arguments: ServerCases.all)
    func unknownSlug(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        try await server.run(transport) { client in
            for userAgent in [Visitors.desktop, Visitors.iPhone, Visitors.slack] {
                let response = try await client.visit("nothing-here", as: userAgent)
                #expect(response.status == .notFound)
                #expect(response["Location"] == nil)
                #expect(response["Content-Type"]?.hasPrefix("text/html") == true)
                #expect(response.text.contains("This link doesn&#39;t lead anywhere") || response.text.contains("This link doesn't lead anywhere"))
            }
        }
    }

    /// Paths on the link host that are no slug.
    static let oddPaths = [
        "/a%2Fb", "/..", "/%2e%2e", "/.", "/a/b", "/abc/", "/%20", "/a%20b", "/caf%C3%A9", "/%F0%9F%A7%A9", "/ab", "/%3Cscript%3E",
        "/" + String(repeating: "a", count: 65), "/" + String(repeating: "b", count: 4000), "/abc;x", "/abc%3Fq", "/.well-known",
        "/.well-known/other", "/admin", "/v",
    ]

    @Test("paths that cannot be slugs answer 404 without an error", arguments: ServerCases.all)
    func oddSlugs(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        try await server.run(transport) { client in
            for path in Self.oddPaths {
                let response = try await client.execute(path, host: Demo.links, headers: [.userAgent: Visitors.desktop])
                #expect(response.status == .notFound, "\(path.prefix(80)): \(response.status)")
                #expect(response["Location"] == nil, "\(path.prefix(80))")
            }
            // Not even UTF-8: refused as a bad request, still without an error.
            let invalid = try await client.execute("/%ff", host: Demo.links, headers: [.userAgent: Visitors.desktop])
            #expect(invalid.status == .badRequest || invalid.status == .notFound)
            #expect(invalid["Location"] == nil)
        }
    }

    @Test("a preview's title and description are HTML-escaped on the preview and the landing page", arguments: ServerCases.all)
    func escaping(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            _ = try await client.createLink(#"""
                {"target": "https://daily.example.com/puzzle/2026-11-20?a=1&b=\"2\"", "slug": "escaped",
                 "preview": {"title": "<script>alert(\"x\")</script> & 'quoted'", "description": "\"><img src=x onerror=alert(1)>"}}
                """#, key: key)
            for userAgent in [Visitors.slack, Visitors.iPhone] {
                let text = try await client.visit("escaped", as: userAgent).text
                #expect(!text.contains("<script>alert"), "\(userAgent)")
                #expect(!text.contains("<img src=x"), "\(userAgent)")
                #expect(!text.contains("\"><img"), "\(userAgent)")
                #expect(text.contains("&lt;script&gt;"), "\(userAgent)")
                #expect(!text.contains("?a=1&b="), "the target's & is escaped in attributes")
            }
        }
    }

    @Test("HEAD is answered like GET but not counted", arguments: ServerCases.all)
    func headIsNotCounted(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let link = try await client.createLink(slug: "headed", key: key)
            for userAgent in [Visitors.desktop, Visitors.iPhone, Visitors.slack] {
                let head = try await client.visit("headed", as: userAgent, method: .head)
                let get = try await client.visit("headed", as: userAgent)
                #expect(head.status == get.status)
                #expect(head["Location"] == get["Location"])
                #expect(head.body.isEmpty)
            }
            let stats = try await client.stats(of: link.id, key: key)
            #expect(stats["clicks"] as? Int == 2)
            #expect(stats["previews"] as? Int == 1)
        }
    }

    // MARK: the association file and the spoiler guard

    @Test("the link host's association file claims short links, the site host's does not", arguments: TestDatabase.all)
    func associationClaimsShortLinks(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let (links, site) = try await server.run(.live) { client in
            (try await client.get("/.well-known/apple-app-site-association", host: Demo.links),
             try await client.get("/.well-known/apple-app-site-association", host: Demo.site))
        }
        #expect(links.status == .ok)
        #expect(links["Location"] == nil)
        let linkMatcher = AssociationMatcher(try AssociationFile(json: links.body))
        let siteMatcher = AssociationMatcher(try AssociationFile(json: site.body))
        for slug in ["abc123", "k7QmZ3x", "Friday_2026-11-20"] {
            #expect(linkMatcher.decision(for: try LinkURL(parsing: "https://go.daily.example.com/\(slug)"), appID: Demo.appID).opensApp, "\(slug)")
            #expect(!siteMatcher.decision(for: try LinkURL(parsing: "https://daily.example.com/\(slug)"), appID: Demo.appID).opensApp, "\(slug)")
        }
        for reserved in ["shop", "v1/links", ".well-known/assetlinks.json"] {
            #expect(!linkMatcher.decision(for: try LinkURL(parsing: "https://go.daily.example.com/\(reserved)"), appID: Demo.appID).opensApp,
                    "\(reserved) is no short link")
        }
    }

    @Test("a short link to an embargoed puzzle previews without giving its theme away", arguments: ServerCases.all)
    func spoilerGuard(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            for (day, theme) in Demo.embargoedThemes {
                _ = try await client.createLink(to: "https://daily.example.com/puzzle/\(day)", slug: "puzzle-\(day)", key: key)
                for userAgent in [Visitors.slack, Visitors.messages, Visitors.iPhone, Visitors.android] {
                    let response = try await client.visit("puzzle-\(day)", as: userAgent)
                    #expect(!response.text.contains(theme), "\(day) as \(userAgent): \(theme) shows")
                    #expect(response.status.code < 500)
                }
            }
            // Released days preview with their page.
            _ = try await client.createLink(to: Self.puzzle, slug: "released", key: key)
            let released = try await client.visit("released", as: Visitors.slack)
            #expect(HTMLPage(released.text).meta("og:title") != "Daily Puzzle", "\(released.text.prefix(400))")
        }
    }
}
