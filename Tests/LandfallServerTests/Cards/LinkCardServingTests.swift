import Foundation
import HTTPTypes
import LandfallCards
import LandfallLinks
import LandfallSite
@testable import LandfallServer
import Testing

/// A short link's own card template (its `card`, one of the site's `cards:`) as crawlers see
/// it: its preview names the template's card, the card's address draws it, the spoiler guard
/// still wins, and a template that leaves the site falls back to the route's card.
@Suite(.enabled(if: CardTesting.shouldRun, CardTesting.skipReason))
struct LinkCardServingTests {
    static let inviteCode = "/invites/7KQ2M-X4P9T-HCW3R"

    @Test("the demo's link join names the invitation template's card, not its route's, and its address draws the golden image")
    func aLinkWithItsOwnTemplate() async throws {
        try CardTesting.requireCards()
        let server = try await TestServer { $0.seedsDemoLinks = true }
        try await server.run(.router) { client in
            let routeCard = try #require(HTMLPage(try await client.get(Self.inviteCode, headers: [.userAgent: Visitors.slack]).text).meta("og:image"))
            let preview = try await client.visit("join", as: Visitors.messages)
            #expect(preview.status == .ok)
            let page = HTMLPage(preview.text)
            let linkCard = try #require(page.meta("og:image"))
            #expect(linkCard != routeCard)
            #expect(linkCard.hasSuffix(".png?link=go.daily.example.com/join"), "\(linkCard)")
            #expect(page.meta("twitter:image") == linkCard)
            #expect(page.meta("og:image:alt") == "You&#39;re invited to Daily Puzzle · Ada wants to play with you · A new word puzzle every day")
            let card = try await client.get(CardTesting.target(of: linkCard))
            #expect(card.status == .ok)
            #expect(card["Content-Type"] == "image/png")
            #expect(try CardTesting.differingShare(card.body, CardTesting.golden("link-join-invitation.png")) <= 0.005)
            #expect(try CardTesting.differingShare(card.body, CardTesting.golden("invite.png")) > 0.005)
        }
    }

    @Test("choosing a template changes the link's card fingerprint; going back to the route's card restores it")
    func theFingerprintFollowsTheTemplate() async throws {
        try CardTesting.requireCards()
        let server = try await TestServer { $0.seedsDemoLinks = true }
        let key = try await server.authorization()
        try await server.run(.router) { client in
            let friday = try #require(try await client.allLinks(key: key).first { $0["slug"] as? String == "friday" })
            let id = try #require(friday["id"] as? String)
            let before = try #require(HTMLPage(try await client.visit("friday", as: Visitors.messages).text).meta("og:image"))
            let named = try await client.send(#"{"card": "invitation"}"#, to: "/v1/links/\(id)", method: .patch, key: key)
            #expect(named.status == .ok, "\(named.text)")
            let withTemplate = try #require(HTMLPage(try await client.visit("friday", as: Visitors.messages).text).meta("og:image"))
            #expect(withTemplate != before)
            #expect(try await client.get(CardTesting.target(of: withTemplate)).status == .ok)
            #expect(try await client.get(CardTesting.target(of: before)).status == .notFound, "the route's card is no longer the link's")
            _ = try await client.send(#"{"card": null}"#, to: "/v1/links/\(id)", method: .patch, key: key)
            let after = try #require(HTMLPage(try await client.visit("friday", as: Visitors.messages).text).meta("og:image"))
            #expect(after == before)
        }
    }

    @Test("a link with its own template to a page under embargo still gets the site's default card")
    func theSpoilerGuardWins() async throws {
        try CardTesting.requireCards()
        let server = try await TestServer { $0.seedsDemoLinks = true }
        let key = try await server.authorization()
        let defaultCard = try #require(server.parts.sites.current.cards).defaultCard
        try await server.run(.router) { client in
            let newyear = try #require(try await client.allLinks(key: key).first { $0["slug"] as? String == "newyear" })
            let id = try #require(newyear["id"] as? String)
            let named = try await client.send(#"{"card": "invitation"}"#, to: "/v1/links/\(id)", method: .patch, key: key)
            #expect(named.status == .ok, "\(named.text)")
            let page = HTMLPage(try await client.visit("newyear", as: Visitors.messages).text)
            #expect(page.meta("og:image") == "https://\(Demo.site)\(defaultCard.path)")
            #expect(page.meta("og:image:alt") == "Daily Puzzle")
            let linkAddress = "/static/cards/\(defaultCard.fingerprint).png?link=go.daily.example.com/newyear"
            #expect(try await client.get(linkAddress).status != .internalServerError)
        }
    }

    @Test("a link whose template is removed from the site on reload gets its route's card, never an error")
    func aRemovedTemplateFallsBack() async throws {
        try CardTesting.requireCards()
        let routes = """
              - name: puzzle
                pattern: /puzzle/:date
                parameters: {date: day}
                page: {title: "Puzzle for {date}"}
                card: {title: "Puzzle of {date}"}
            """
        let linkHost = "go.puzzles.example.com"
        let site = try TemporarySite(TemporarySite.configuration(linkHost: linkHost, routes: routes + """

            cards:
              challenge: {title: "A challenge for {date}", lines: ["from {sender}"], data: [sender]}
            """))
        defer { site.remove() }
        let server = try await TestServer(site: site.source)
        var generator = SystemRandomNumberGenerator()
        let link = ShortLink(id: LinkID.generate(at: Demo.noon, using: &generator), host: linkHost, slug: "dare",
                             target: "https://\(TemporarySite.host)/puzzle/2026-11-19", data: ["sender": "Ada"], createdAt: Demo.noon,
                             card: "challenge")
        try await server.parts.storage.insert([link])
        try await server.run(.router) { client in
            let named = HTMLPage(try await client.visit("dare", as: Visitors.messages, host: linkHost).text)
            #expect(named.meta("og:image:alt") == "A challenge for 2026-11-19 · from Ada")
            let namedAddress = try #require(named.meta("og:image"))
            #expect(try await client.get(CardTesting.target(of: namedAddress), host: TemporarySite.host).status == .ok)

            try site.write("landfall.yml", TemporarySite.configuration(linkHost: linkHost, routes: routes))
            try server.parts.sites.reload()
            let response = try await client.visit("dare", as: Visitors.messages, host: linkHost)
            #expect(response.status == .ok)
            let fallback = HTMLPage(response.text)
            #expect(fallback.meta("og:image:alt") == "Puzzle of 2026-11-19")
            let address = try #require(fallback.meta("og:image"))
            #expect(address != namedAddress)
            #expect(try await client.get(CardTesting.target(of: address), host: TemporarySite.host).status == .ok)
            #expect(try await client.get(CardTesting.target(of: namedAddress), host: TemporarySite.host).status != .internalServerError)
        }
    }
}
