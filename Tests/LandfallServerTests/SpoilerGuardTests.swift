import Foundation
import Hummingbird
import Testing
@testable import LandfallServer

/// Nothing of a puzzle shows before its day starts in the site's time zone, and nothing of
/// an article before its `publishAt`: not the page, its tags, its JSON, nor the sitemap.
@Suite struct SpoilerGuardTests {
    /// Days and the moment (UTC) their midnight comes in a time zone, worked out by hand.
    static let midnights: [(timeZone: String, day: String, midnight: String)] = [
        ("America/New_York", "2026-11-20", "2026-11-20T05:00:00Z"),
        ("America/New_York", "2026-03-08", "2026-03-08T05:00:00Z"),   // clocks spring forward at 2:00 that day
        ("America/New_York", "2026-11-01", "2026-11-01T04:00:00Z"),   // clocks fall back at 2:00 that day
        ("Pacific/Kiritimati", "2026-11-20", "2026-11-19T10:00:00Z"), // UTC+14, the first place a day starts
        ("Pacific/Pago_Pago", "2026-11-20", "2026-11-20T11:00:00Z"),  // UTC−11, one of the last
        ("Asia/Kolkata", "2026-11-20", "2026-11-19T18:30:00Z"),       // a half-hour offset
        ("Asia/Kolkata", "2027-01-01", "2026-12-31T18:30:00Z"),       // across a year
    ]

    /// A site in `timeZone` with one puzzle, for `day`, whose theme is `Lighthouse`.
    static func puzzleSite(timeZone: String, day: String, embargo: String = "{day: date}", linkHost: String? = nil) throws -> TemporarySite {
        try TemporarySite(TemporarySite.configuration(timeZone: timeZone, linkHost: linkHost, routes: """
              - name: puzzle
                pattern: /puzzle/:date
                parameters: {date: day}
                page: {title: "Puzzle for {date}", content: "puzzle/{date}"}
                embargo: \(embargo)
            """), files: [
                "content/puzzle/\(day).json": #"{"title": "Lighthouse", "description": "A beam across the bay.", "image": "/lighthouse.png"}"#,
            ])
    }

    @Test("a day's page opens at midnight in the site's time zone, not a second before", arguments: midnights)
    func dayOpensAtLocalMidnight(timeZone: String, day: String, midnight: String) async throws {
        let site = try Self.puzzleSite(timeZone: timeZone, day: day)
        defer { site.remove() }
        let clock = MovableClock(at: midnight)
        clock.advance(by: -1)
        let server = try await TestServer(site: site.source, clock: clock)
        try await server.run(.router) { client in
            let before = try await client.get("/puzzle/\(day)", host: TemporarySite.host)
            #expect(before.status == .notFound, "\(day) in \(timeZone) one second before \(midnight)")
            #expect(before.text.contains("Not yet available"))
            #expect(!before.text.contains("Lighthouse") && !before.text.contains("beam"))
            #expect(before["Cache-Control"] == "no-cache")

            clock.advance(by: 1)
            let after = try await client.get("/puzzle/\(day)", host: TemporarySite.host)
            #expect(after.status == .ok, "\(day) in \(timeZone) at \(midnight)")
            #expect(HTMLPage(after.text).title == "Lighthouse")
        }
    }

    @Test("a short link's own preview of a day under embargo is withheld, from crawlers and phones, until that day's midnight in the site's time zone",
          arguments: [midnights[0], midnights[5]])
    func aLinksOwnPreviewWaitsForTheEmbargo(timeZone: String, day: String, midnight: String) async throws {
        let site = try Self.puzzleSite(timeZone: timeZone, day: day, linkHost: TemporarySite.linkHost)
        defer { site.remove() }
        let clock = MovableClock(at: midnight)
        clock.advance(by: -3_600)
        let server = try await TestServer(site: site.source, clock: clock)
        let key = try await server.authorization()
        try await server.run(.router) { client in
            let created = try await client.execute("/v1/links", method: .post, host: TemporarySite.host, headers: key, body: """
                {"target": "https://\(TemporarySite.host)/puzzle/\(day)", "slug": "tomorrow",
                 "preview": {"title": "Tomorrow: the Lighthouse", "description": "A beam across the bay", "imageURL": "https://\(TemporarySite.host)/lighthouse.png"}}
                """)
            #expect(created.status == .created, "\(created.text)")
            clock.advance(by: 3_599)
            for agent in [Visitors.slack, Visitors.messages, Visitors.iPhone, Visitors.android] {
                let before = try await client.visit("tomorrow", as: agent, host: TemporarySite.linkHost)
                #expect(before.status == .ok, "\(agent)")
                #expect(!before.text.contains("Lighthouse") && !before.text.contains("beam") && !before.text.contains("lighthouse.png"),
                        "\(day) in \(timeZone), a second before midnight, as \(agent): \(before.text.prefix(600))")
                #expect(HTMLPage(before.text).meta("og:title") == "Test Puzzles", "the site's own preview until then")
            }
            clock.advance(by: 1)
            for agent in [Visitors.slack, Visitors.iPhone] {
                let after = try await client.visit("tomorrow", as: agent, host: TemporarySite.linkHost)
                let page = HTMLPage(after.text)
                #expect(page.meta("og:title") == "Tomorrow: the Lighthouse", "\(day) in \(timeZone) at midnight, as \(agent)")
                #expect(page.meta("og:description") == "A beam across the bay")
                #expect(page.meta("og:image") == "https://\(TemporarySite.host)/lighthouse.png")
            }
        }
    }

    @Test("an embargo that names its own time zone counts in it, not in the site's")
    func embargoTimeZoneWins() async throws {
        let site = try Self.puzzleSite(timeZone: "America/New_York", day: "2026-11-20",
                                       embargo: "{day: date, timeZone: Pacific/Kiritimati}")
        defer { site.remove() }
        let clock = MovableClock(at: "2026-11-19T09:59:59Z")
        let server = try await TestServer(site: site.source, clock: clock)
        try await server.run(.router) { client in
            let before = try await client.get("/puzzle/2026-11-20", host: TemporarySite.host)
            #expect(before.status == .notFound)
            clock.advance(by: 1)
            let after = try await client.get("/puzzle/2026-11-20", host: TemporarySite.host)
            #expect(after.status == .ok)
        }
    }

    @Test("the demo's puzzle of 2026-11-21 opens at midnight in New York", arguments: Transport.allCases)
    func demoOpensAtMidnightInNewYork(transport: Transport) async throws {
        let clock = MovableClock(at: "2026-11-21T04:59:59Z")
        let server = try await TestServer(clock: clock)
        try await server.run(transport) { client in
            let before = try await client.get("/puzzle/2026-11-21")
            #expect(before.status == .notFound)
            #expect(!before.text.contains("Landfall"))
            clock.set("2026-11-21T05:00:00Z")
            let after = try await client.get("/puzzle/2026-11-21")
            #expect(after.status == .ok)
            #expect(after.text.contains("<h1>Landfall</h1>"))
        }
    }

    @Test("a future day looks exactly the same whether or not its content exists (but for its request id and date)", arguments: Transport.allCases)
    func futureDaysAreIndistinguishable(transport: Transport) async throws {
        let server = try await TestServer()
        try await server.run(transport) { client in
            // 2026-11-22 and 2027-01-01 have content; 2026-11-25 and 2031-05-05 have none.
            let days = ["2026-11-22", "2027-01-01", "2026-11-25", "2031-05-05"]
            for (method, accept) in [(HTTPRequest.Method.get, "text/html"), (.get, "application/json"), (.head, "text/html")] {
                var responses: [ServedResponse] = []
                for day in days {
                    responses.append(try await client.execute("/puzzle/\(day)", method: method, headers: [.accept: accept]))
                }
                let first = try #require(responses.first)
                #expect(first.status == .notFound)
                for (day, response) in zip(days, responses).dropFirst() {
                    #expect(response.status == first.status, "\(method) \(accept) \(day)")
                    #expect(response.headersOtherThanIDAndDate == first.headersOtherThanIDAndDate, "\(method) \(accept) \(day)")
                    #expect(response.body == first.body, "\(method) \(accept) \(day)")
                }
            }
        }
    }

    @Test("an embargoed puzzle's page, tags and JSON show nothing of its content",
          arguments: Demo.embargoedThemes.sorted { $0.key < $1.key })
    func embargoedPuzzleShowsNothing(day: String, theme: String) async throws {
        let content = try #require(DemoSite.files["content/puzzle/\(day).json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(content.utf8)) as? [String: Any])
        let secrets = [theme, try #require(json["title"] as? String), try #require(json["description"] as? String)]
            + [json["image"] as? String].compactMap { $0 }
        let server = try await TestServer()
        try await server.run(.router) { client in
            for accept in ["text/html", "application/json"] {
                for host in [Demo.site, "localhost:8080"] {
                    let response = try await client.get("/puzzle/\(day)", host: host, headers: [.accept: accept])
                    #expect(response.status == .notFound)
                    for secret in secrets {
                        #expect(!response.text.contains(secret), "\(day) as \(accept) on \(host) shows \(secret)")
                    }
                    if accept == "text/html" {
                        let page = HTMLPage(response.text)
                        #expect(page.title == "Not yet available · Daily Puzzle")
                        #expect(page.meta("robots") == "noindex")
                        #expect(page.meta("og:url") == nil && page.meta("apple-itunes-app") == "app-id=1234567890")
                    } else {
                        #expect(response.text.contains("\"not_yet_available\""))
                    }
                }
            }
        }
    }

    @Test("other spellings of an embargoed day's address show nothing of it either", arguments: [
        "/puzzle/2026-11-21/", "/PUZZLE/2026-11-21", "/puzzle/2026%2D11%2D21", "/puzzle//2026-11-21", "/puzzle/./2026-11-21",
        "/puzzle/2026-11-21?preview=1", "/puzzle/2026-11-21.json", "/puzzle/2026-11-21%00", "/puzzle/%32026-11-21",
        "/news/../puzzle/2026-11-21", "/archive/../puzzle/2026-11-21", "/archive/puzzle/2026-11-21",
    ])
    func otherSpellingsShowNothing(path: String) async throws {
        let server = try await TestServer()
        try await server.run(.router) { client in
            for accept in ["text/html", "application/json"] {
                let response = try await client.get(path, headers: [.accept: accept])
                for secret in ["Landfall", "The first sight of land", "2026-11-21.png"] {
                    #expect(!response.text.contains(secret), "\(path) as \(accept) shows \(secret)")
                }
            }
        }
    }

    @Test("an article shows from its publishAt moment, and nothing of it before", arguments: Transport.allCases)
    func articleOpensAtPublishAt(transport: Transport) async throws {
        let clock = MovableClock(at: Demo.noon)
        let server = try await TestServer(clock: clock)
        let secrets = ["Two new puzzle types", "Crosswords on Saturdays", "sneak peek"]
        try await server.run(transport) { client in
            for moment in ["2026-11-20T17:00:00Z", "2027-02-01T13:59:59Z"] {
                clock.set(moment)
                for accept in ["text/html", "application/json"] {
                    let response = try await client.get("/news/new-puzzle-types", headers: [.accept: accept])
                    #expect(response.status == .notFound, "at \(moment)")
                    for secret in secrets {
                        #expect(!response.text.contains(secret), "\(accept) at \(moment) shows \(secret)")
                    }
                }
                #expect(try await client.get("/news/new-puzzle-types").text.contains("Not yet available"))
                let sitemap = try await client.get("/sitemap.xml")
                #expect(!sitemap.text.contains("new-puzzle-types"), "the sitemap at \(moment)")
            }
            clock.set("2027-02-01T14:00:00Z")    // 09:00 at -05:00
            let published = try await client.get("/news/new-puzzle-types")
            #expect(published.status == .ok)
            #expect(HTMLPage(published.text).title == "Two new puzzle types are coming")
            #expect(published.text.contains("A sneak peek you should not see before February."))
            #expect(try await client.get("/sitemap.xml").text.contains("https://daily.example.com/news/new-puzzle-types"))
        }
    }

    /// The `<loc>`s of a sitemap, in order.
    static func locations(_ sitemap: String) -> [String] {
        sitemap.components(separatedBy: "<loc>").dropFirst().compactMap { $0.components(separatedBy: "</loc>").first }
    }

    @Test("the sitemap lists exactly what is out at the moment", arguments: [
        ("2026-11-20T17:00:00Z", ["2026-11-18", "2026-11-19", "2026-11-20"], ["winter-league"]),
        ("2026-11-21T04:59:59Z", ["2026-11-18", "2026-11-19", "2026-11-20"], ["winter-league"]),
        ("2026-11-21T05:00:00Z", ["2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21"], ["winter-league"]),
        ("2026-11-15T13:59:59Z", [], []),
        ("2027-02-01T14:00:00Z", ["2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23",
                                  "2026-11-24", "2027-01-01"], ["new-puzzle-types", "winter-league"]),
    ])
    func sitemapListsReleasedItems(moment: String, days: [String], articles: [String]) async throws {
        let server = try await TestServer(clock: MovableClock(at: moment))
        try await server.run(.router) { client in
            let response = try await client.get("/sitemap.xml")
            #expect(response.status == .ok)
            #expect(response["Content-Type"] == "application/xml; charset=utf-8")
            let expected = ["https://daily.example.com/puzzle/today"]
                + days.map { "https://daily.example.com/puzzle/\($0)" }
                + articles.map { "https://daily.example.com/news/\($0)" }
            #expect(Self.locations(response.text).sorted() == expected.sorted(), "at \(moment)")
            for (day, theme) in Demo.embargoedThemes where !days.contains(day) {
                #expect(!response.text.contains(day) && !response.text.contains(theme), "at \(moment)")
            }
        }
    }
}
