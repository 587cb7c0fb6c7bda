import Foundation
import HTTPTypes
import LandfallCards
import LandfallSite
@testable import LandfallServer
import Testing

/// The demo's share cards as crawlers and chat apps see them: the pages name them in their
/// preview tags, and their addresses answer the picture, immutable.
@Suite(.enabled(if: CardTesting.shouldRun, CardTesting.skipReason))
struct ShareCardServingTests {
    static let crawlers = [
        "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
        "Twitterbot/1.0",
        Visitors.messages,  // what iMessage's link previews send
    ]

    @Test("a crawler's view of a puzzle page names its card in og:image, with its size and words, and in twitter:image",
          arguments: crawlers)
    func crawlersSeeTheCard(userAgent: String) async throws {
        try CardTesting.requireCards()
        let server = try await TestServer()
        try await server.run(.router) { client in
            let response = try await client.get("/puzzle/2026-11-20", headers: [.userAgent: userAgent])
            #expect(response.status == .ok)
            let page = HTMLPage(response.text)
            let image = try #require(page.meta("og:image"))
            #expect(image.hasPrefix("https://\(Demo.site)/static/cards/"), "\(image)")
            #expect(image.hasSuffix(".png?page=/puzzle/2026-11-20"), "\(image)")
            #expect(page.meta("og:image:width") == "1200")
            #expect(page.meta("og:image:height") == "630")
            #expect(page.meta("og:image:alt") == "Daily Puzzle #402 · 2026-11-20 · Compass")
            #expect(page.meta("twitter:image") == image)
            #expect(page.meta("twitter:card") == "summary_large_image")
        }
    }

    @Test("a card's address answers a PNG with its fingerprint as ETag and a year of immutable caching, and 304 for If-None-Match",
          arguments: Transport.allCases)
    func theCardIsImmutable(transport: Transport) async throws {
        try CardTesting.requireCards()
        let server = try await TestServer()
        try await server.run(transport) { client in
            let page = HTMLPage(try await client.get("/puzzle/2026-11-20", headers: [.userAgent: Visitors.slack]).text)
            let target = CardTesting.target(of: try #require(page.meta("og:image")))
            let card = try await client.get(target)
            #expect(card.status == .ok)
            #expect(card["Content-Type"] == "image/png")
            #expect(card["Cache-Control"] == "public, max-age=31536000, immutable")
            let etag = try #require(card["ETag"])
            #expect(target.contains(etag.trimmingCharacters(in: CharacterSet(charactersIn: "\""))))
            #expect(PNGIntegrity.isWhole(card.body))
            let image = try CardImage(name: "card", png: card.body)
            #expect((image.width, image.height) == (1200, 630))
            #expect(try CardTesting.differingShare(card.body, CardTesting.golden("puzzle-2026-11-20.png")) <= 0.005)

            let again = try await client.get(target, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            #expect(again.body.isEmpty)
            #expect(again["Cache-Control"] == "public, max-age=31536000, immutable")
            #expect(server.parts.cards.drawnCount == 1)
        }
    }

    @Test("the short link friday's card is not the page's: it shows the score the link carries")
    func aShortLinksCardShowsItsData() async throws {
        try CardTesting.requireCards()
        let server = try await TestServer { $0.seedsDemoLinks = true }
        try await server.run(.router) { client in
            let pageCard = try #require(HTMLPage(try await client.get("/puzzle/2026-11-20", headers: [.userAgent: Visitors.slack]).text)
                .meta("og:image"))
            let preview = try await client.visit("friday", as: Visitors.messages)
            #expect(preview.status == .ok)
            let linkPage = HTMLPage(preview.text)
            let linkCard = try #require(linkPage.meta("og:image"))
            #expect(linkCard != pageCard)
            #expect(linkCard.hasSuffix(".png?link=go.daily.example.com/friday"), "\(linkCard)")
            #expect(linkPage.meta("og:image:alt") == "Daily Puzzle #402 · 2026-11-20 · Compass · Shared score: 3:12")
            let card = try await client.get(CardTesting.target(of: linkCard))
            #expect(card.status == .ok)
            #expect(try CardTesting.differingShare(card.body, CardTesting.golden("puzzle-2026-11-20-shared.png")) <= 0.005)
            #expect(try CardTesting.differingShare(card.body, CardTesting.golden("puzzle-2026-11-20.png")) > 0.005)
        }
    }

    @Test("the card of a future puzzle is the site's default card: its address and its picture say nothing of the puzzle")
    func aFuturePuzzlesCardIsTheDefault() async throws {
        try CardTesting.requireCards()
        let server = try await TestServer { $0.seedsDemoLinks = true }
        let cards = try #require(server.parts.sites.current.cards)
        let defaultCard = cards.defaultCard
        try await server.run(.router) { client in
            var named: Set<String> = []
            for day in ["2026-11-21", "2027-01-01"] {
                let response = try await client.get("/puzzle/\(day)", headers: [.userAgent: Visitors.slack])
                #expect(response.status == .notFound)
                named.insert(try #require(HTMLPage(response.text).meta("og:image")))
            }
            // newyear leads to the puzzle of 2027-01-01.
            named.insert(try #require(HTMLPage(try await client.visit("newyear", as: Visitors.messages).text).meta("og:image")))
            #expect(named == ["https://\(Demo.site)\(defaultCard.path)"])
            #expect(defaultCard.path.hasSuffix(".png?default"))
            #expect(defaultCard.alt == "Daily Puzzle")

            let served = try await client.get(defaultCard.path)
            #expect(served.status == .ok)
            #expect(served.body == (try cards.render(defaultCard)))
            for (day, theme) in Demo.embargoedThemes {
                #expect(!defaultCard.alt.contains(theme) && !defaultCard.path.contains(day))
            }
        }
    }

    @Test("the real card of a puzzle under embargo is not drawn, even at the address it will have")
    func anEmbargoedCardIsNeverDrawn() async throws {
        try CardTesting.requireCards()
        let server = try await TestServer()
        let site = server.parts.sites.current
        let cards = try #require(site.cards)
        let route = try #require(site.site.routesByName["puzzle"])
        let content = try site.content.content(at: try #require(ContentKey("puzzle/2026-11-21")))
        let hidden = cards.card(route: route, values: CardValues(route: route, parameters: ["date": "2026-11-21"], content: content),
                                source: .page("/puzzle/2026-11-21"))
        #expect(hidden.alt.contains("Landfall"))
        try await server.run(.router) { client in
            let response = try await client.get(hidden.path)
            #expect(response.status == .notFound)
            #expect(!response.text.contains("Landfall"))
            #expect(server.parts.cards.drawnCount == 0)
            // At midnight in New York it is out, at the same address.
            server.clock.set("2026-11-21T05:00:00Z")
            let out = try await client.get(hidden.path)
            #expect(out.status == .ok)
            #expect(out["Content-Type"] == "image/png")
        }
    }

    @Test("a card address whose fingerprint is not the page's card, or that names no page, answers 404", arguments: [
        "/static/cards/00000000000000000000000000000000.png?page=/puzzle/2026-11-20",
        "/static/cards/00000000000000000000000000000000.png",
        "/static/cards/00000000000000000000000000000000.png?page=/no/such/page",
        "/static/cards/00000000000000000000000000000000.png?link=go.daily.example.com/nosuchlink",
        "/static/cards/00000000000000000000000000000000.png?default",
    ])
    func aStaleOrMadeUpCardIs404(target: String) async throws {
        try CardTesting.requireCards()
        let server = try await TestServer()
        try await server.run(.router) { client in
            let response = try await client.get(target)
            #expect(response.status == .notFound)
            #expect(server.parts.cards.drawnCount == 0)
        }
    }

    @Test("a reload that changes the card's template gives the page a new card address, and the old one answers 404 unless kept")
    func aReloadMakesNewAddresses() async throws {
        try CardTesting.requireCards()
        let site = try TemporarySite(TemporarySite.configuration(routes: """
              - name: puzzle
                pattern: /puzzle/:date
                parameters: {date: day}
                page: {title: "Puzzle for {date}"}
                card: {title: "Puzzle of {date}"}
            """))
        defer { site.remove() }
        let server = try await TestServer(site: site.source)
        try await server.run(.router) { client in
            let before = try #require(HTMLPage(try await client.get("/puzzle/2026-11-20", host: TemporarySite.host).text).meta("og:image"))
            try site.write("landfall.yml", TemporarySite.configuration(routes: """
                  - name: puzzle
                    pattern: /puzzle/:date
                    parameters: {date: day}
                    page: {title: "Puzzle for {date}"}
                    card: {title: "Today: {date}"}
                """))
            try server.parts.sites.reload()
            let after = try #require(HTMLPage(try await client.get("/puzzle/2026-11-20", host: TemporarySite.host).text).meta("og:image"))
            #expect(after != before)
            #expect(try await client.get(CardTesting.target(of: before), host: TemporarySite.host).status == .notFound)
            #expect(try await client.get(CardTesting.target(of: after), host: TemporarySite.host).status == .ok)
        }
    }

    @Test("a card kept in the data directory is served after a restart without being drawn, and a truncated one is drawn again")
    func keptAcrossRestarts() async throws {
        try CardTesting.requireCards()
        let data = try TemporaryDirectory("landfall-card-restarts")
        defer { data.remove() }
        let first = try await TestServer { $0.dataDirectory = data.path }
        let target = try await first.run(.router) { client in
            let target = CardTesting.target(of: try #require(HTMLPage(try await client.get("/puzzle/2026-11-20", headers: [.userAgent: Visitors.slack]).text)
                .meta("og:image")))
            #expect(try await client.get(target).status == .ok)
            return target
        }
        #expect(first.parts.cards.drawnCount == 1)
        let fingerprint = try #require(PageCard.fingerprint(inPath: String(target.prefix { $0 != "?" })))
        let file = URL(fileURLWithPath: data.path).appendingPathComponent("cards/\(fingerprint).png")
        let kept = try Data(contentsOf: file)

        let restarted = try await TestServer { $0.dataDirectory = data.path }
        try await restarted.run(.router) { client in
            let card = try await client.get(target)
            #expect(card.status == .ok)
            #expect(Data(card.body) == kept)
        }
        #expect(restarted.parts.cards.drawnCount == 0)

        try kept.prefix(kept.count / 2).write(to: file)
        let afterACrash = try await TestServer { $0.dataDirectory = data.path }
        try await afterACrash.run(.router) { client in
            let card = try await client.get(target)
            #expect(card.status == .ok)
            #expect(Data(card.body) == kept, "drawn again, the same picture")
        }
        #expect(afterACrash.parts.cards.drawnCount == 1)
        #expect(try Data(contentsOf: file) == kept, "and kept whole again")
    }

    @Test("a kept card is served past the pages' rate limit, as the association files are; one not drawn yet is counted")
    func keptCardsAreNotRateLimited() async throws {
        try CardTesting.requireCards()
        // A bucket of 2 that does not refill within the test, however slow the machine.
        let server = try await TestServer { $0.rateLimit = RateLimit(requestsPerSecond: 0.001, burst: 2) }
        try await server.run(.router) { client in
            let target = CardTesting.target(of: try #require(HTMLPage(try await client.get("/puzzle/2026-11-20").text).meta("og:image")))
            #expect(try await client.get(target).status == .ok, "drawn: the page stack, within the burst")
            #expect(try await client.get("/puzzle/2026-11-19").status == .tooManyRequests, "the burst is spent")
            for _ in 0..<20 {
                let card = try await client.get(target)
                #expect(card.status == .ok)
                #expect(card["Content-Type"] == "image/png")
            }
            let unknown = try await client.get("/static/cards/00000000000000000000000000000000.png?page=/puzzle/2026-11-18")
            #expect(unknown.status == .tooManyRequests, "a card not kept takes the page stack, rate limit and all")
        }
    }

    @Test("crawlers asking for a new card all at once get it drawn once")
    func concurrentFirstRequestsDrawOnce() async throws {
        try CardTesting.requireCards()
        let server = try await TestServer()
        try await server.run(.live) { client in
            let image = try #require(HTMLPage(try await client.get("/puzzle/2026-11-19", headers: [.userAgent: Visitors.slack]).text).meta("og:image"))
            let target = CardTesting.target(of: image)
            let bodies = try await withThrowingTaskGroup(of: [UInt8].self) { group in
                for _ in 0..<8 { group.addTask { try await client.get(target).body } }
                return try await group.reduce(into: [[UInt8]]()) { $0.append($1) }
            }
            #expect(Set(bodies).count == 1)
            #expect(bodies.first.map(PNGIntegrity.isWhole) == true)
            #expect(server.parts.cards.drawnCount == 1)
        }
    }
}
