import Foundation
import Hummingbird
import Testing
@testable import LandfallServer

/// Landing pages shown to a phone's browser record a pending claim and point their store
/// buttons through `/v1/install/lfc_…` with a `data-claim-url`; desktops and crawlers get
/// plain store links, and the route page they share stays cacheable.
@Suite struct PendingClaimPageTests {
    static let puzzle = "https://daily.example.com/puzzle/2026-11-20"

    /// A short link with data and a campaign, as a newsletter would carry it.
    static let newsletterLink = """
        {"target": "\(puzzle)", "slug": "xmas", "data": {"referrer": "ada", "score": "42"},
         "campaign": {"source": "newsletter", "medium": "email", "name": "winter-league"}}
        """

    @Test("an iPhone on a short link's landing page gets store buttons through /v1/install/lfc_… and a claim URL", arguments: ServerCases.all)
    func shortLinkOnIPhone(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let link = try await client.createLink(Self.newsletterLink, key: key)
            let (response, buttons) = try await client.landingPage("/xmas", host: Demo.links)
            #expect(response["Cache-Control"]?.contains("no-store") == true, "\(response.headersOtherThanIDAndDate)")
            let token = try #require(buttons.token, "\(response.text)")
            #expect(token.hasPrefix("lfc_") && token.count == 26)
            #expect(buttons.appStore?.hasSuffix("/v1/install/\(token)?store=app-store") == true, "\(buttons.appStore ?? "none")")
            #expect(buttons.play?.hasSuffix("/v1/install/\(token)?store=play") == true, "\(buttons.play ?? "none")")
            #expect(buttons.appStoreClaimURL == buttons.playClaimURL)
            let claimURL = try #require(buttons.claimURL)
            #expect(["https://go.daily.example.com/v1/claims/\(token)", "https://daily.example.com/v1/claims/\(token)"].contains(claimURL),
                    "\(claimURL)")
            #expect(HTMLPage(response.text).link(id: "open-in-app") == "https://open.dailypuzzle.app/puzzle/2026-11-20")

            let claimed = try await client.claim(token: token)
            #expect(claimed["match"] as? String == "strong", "\(claimed)")
            #expect(claimed["reason"] is NSNull)
            #expect(claimed[path: "link.url"] as? String == "https://go.daily.example.com/xmas")
            #expect(claimed[path: "link.deepLink"] as? String == Self.puzzle)
            #expect(claimed[path: "link.data"] as? [String: String] == ["referrer": "ada", "score": "42"])
            #expect(claimed[path: "link.campaign.source"] as? String == "newsletter")
            #expect(claimed[path: "link.campaign.medium"] as? String == "email")
            #expect(claimed[path: "link.campaign.name"] as? String == "winter-league")
            #expect(claimed[path: "link.campaign.term"] is NSNull)
            #expect(claimed[path: "link.id"] as? String == link.id)
        }
    }

    @Test("the claim URL of a short link's landing page is on the site host, like every claim URL (as the contract says)")
    func claimURLOnThePagesOrigin() async throws {
        let server = try await TestServer.readingAddresses(database: .sqlite)
        let key = try await server.authorization()
        try await server.run(.router) { client in
            _ = try await client.createLink(Self.newsletterLink, key: key)
            let (_, buttons) = try await client.landingPage("/xmas", host: Demo.links)
            let token = try #require(buttons.token)
            #expect(buttons.claimURL == "https://daily.example.com/v1/claims/\(token)")
        }
    }

    @Test("an Android phone on a short link's landing page gets Google Play through /v1/install with the claim", arguments: Transport.allCases)
    func shortLinkOnAndroid(transport: Transport) async throws {
        let server = try await TestServer.readingAddresses(database: .sqlite)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            _ = try await client.createLink(Self.newsletterLink, key: key)
            let (_, buttons) = try await client.landingPage("/xmas", host: Demo.links, as: Visitors.android)
            let token = try #require(buttons.token)
            #expect(buttons.play?.hasSuffix("/v1/install/\(token)?store=play") == true, "\(buttons.play ?? "none")")
            let claimed = try await client.claim(token: token, platform: "android")
            #expect(claimed["match"] as? String == "strong")
            #expect(claimed[path: "link.deepLink"] as? String == Self.puzzle)
        }
    }

    @Test("an iPhone on a route page gets a claim of that page, and the page is its own (not cached)", arguments: ServerCases.all)
    func routePageOnIPhone(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        try await server.run(transport) { client in
            let (response, buttons) = try await client.landingPage("/puzzle/2026-11-20")
            let cacheControl = response["Cache-Control"] ?? ""
            #expect(cacheControl.contains("no-store") && !cacheControl.contains("public"), "\(cacheControl)")
            #expect(response["Vary"]?.contains("User-Agent") == true, "\(response.headersOtherThanIDAndDate)")
            let token = try #require(buttons.token, "\(response.text)")
            #expect(buttons.appStore == "https://daily.example.com/v1/install/\(token)?store=app-store")
            #expect(buttons.appStoreClaimURL == "https://daily.example.com/v1/claims/\(token)")

            let claimed = try await client.claim(token: token)
            #expect(claimed["match"] as? String == "strong")
            #expect(claimed[path: "link.url"] as? String == Self.puzzle)
            #expect(claimed[path: "link.deepLink"] as? String == Self.puzzle)
            #expect(claimed[path: "link.data"] as? [String: String] == [:])
            #expect(claimed[path: "link.id"] is NSNull)
            #expect(claimed[path: "link.campaign.name"] is NSNull)
        }
    }

    @Test("desktops and crawlers get plain store links and no claim; the route page stays cacheable, varying by User-Agent",
          arguments: ServerCases.all)
    func noClaimForDesktopsAndCrawlers(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            _ = try await client.createLink(Self.newsletterLink, key: key)
            for userAgent in [Visitors.desktop, Visitors.messages, Visitors.slack] {
                let page = try await client.landingPage("/puzzle/2026-11-20", as: userAgent)
                #expect(!page.buttons.carriesClaim, "\(userAgent)")
                #expect(!page.response.text.contains("data-claim-url"), "\(userAgent)")
                #expect(page.buttons.appStore == "https://apps.apple.com/app/id1234567890", "\(userAgent)")
                #expect(page.buttons.play == "https://play.google.com/store/apps/details?id=com.example.dailypuzzle", "\(userAgent)")
                #expect(page.response["Cache-Control"] == "public, max-age=60", "\(userAgent)")
                #expect(page.response["Vary"]?.contains("User-Agent") == true, "\(userAgent)")
            }
            for userAgent in [Visitors.messages, Visitors.slack] {
                let preview = try await client.landingPage("/xmas", host: Demo.links, as: userAgent)
                #expect(!preview.buttons.carriesClaim, "a crawler's preview carries no claim: \(userAgent)")
                #expect(!preview.response.text.contains("/v1/install/"))
            }
            // Nothing was recorded for them.
            try await server.parts.claims.flush()
            #expect(server.parts.claims.bufferedClaims == 0)
        }
    }

    @Test("a page that stays on the web (opensApp: false) records no claim, even for an iPhone", arguments: Transport.allCases)
    func webOnlyPage(transport: Transport) async throws {
        let server = try await TestServer.readingAddresses(database: .sqlite)
        try await server.run(transport) { client in
            let page = try await client.landingPage("/archive/2025")
            #expect(!page.buttons.carriesClaim, "\(page.response.text)")
        }
    }

    @Test("GET /v1/claims/<token> sends a browser to the claim's link and leaves the claim to the app", arguments: ServerCases.all)
    func followingTheClaimURL(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer.readingAddresses(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            _ = try await client.createLink(Self.newsletterLink, key: key)
            let token = try await client.claimToken(from: "/xmas", host: Demo.links)
            for host in [Demo.site, Demo.links] {
                let followed = try await client.get("/v1/claims/\(token)", host: host)
                #expect(followed.status == .found, "\(host): \(followed.text)")
                #expect(followed["Location"] == "https://go.daily.example.com/xmas")
            }
            #expect(try await client.claim(token: token)["match"] as? String == "strong", "following did not use the claim up")

            try await client.get("/v1/claims/lfc_AAAAAAAAAAAAAAAAAAAAAA").expectAPIError(.notFound, "not_found")
            try await client.get("/v1/claims/not-a-token").expectAPIError(.notFound, "not_found")
        }
    }
}
