import Foundation
import LandfallLinks
@testable import LandfallStorage
import Testing

/// The list of links the dashboard shows: a search through the trigram index, the state
/// filters, the three orders and their cursors, on SQLite and PostgreSQL.
@Suite struct LinkListQueryTests {
    /// Six links with words in their slugs, titles and targets.
    static func wordyLinks() -> [ShortLink] {
        var winter = Fixtures.link("winter-cup", target: "https://daily.example.com/puzzle/frost", offset: 0)
        winter.preview.title = "The Winter League finals"
        var spring = Fixtures.link("spring", target: "https://daily.example.com/garden?bloom=1", offset: 1)
        spring.preview.title = "Spring puzzles: BLOSSOM edition"
        let percent = Fixtures.link("sale", target: "https://shop.example.com/100%25off_now", offset: 2)
        var markup = Fixtures.link("tag", target: "https://daily.example.com/a", offset: 3)
        markup.preview.title = "<img src=x onerror=alert(1)>"
        var unicode = Fixtures.link("uni", target: "https://daily.example.com/b", offset: 4)
        unicode.preview.title = "Crème brûlée puzzle"
        let plain = Fixtures.link("ab-plain", target: "https://other.example.org/xyz", offset: 5)
        return [winter, spring, percent, markup, unicode, plain]
    }

    static let searches: [(text: String, slugs: [String])] = [
        ("winter", ["winter-cup"]),               // slug and title
        ("LEAGUE", ["winter-cup"]),               // title, other case
        ("blossom", ["spring"]),                  // title, other case
        ("frost", ["winter-cup"]),                // target
        ("puzzle", ["uni", "spring", "winter-cup"]), // title and target, newest first
        ("100%25", ["sale"]),                     // % stands for itself
        ("off_now", ["sale"]),                    // and so does _
        ("0_2", []),                              // _ is no wildcard
        ("100%off", []),                          // nor is %
        ("onerror=", ["tag"]),
        ("brûlée", ["uni"]),
        ("nothing-like-it", []),
        ("ab", ["ab-plain"]),                     // 2 characters: a slug prefix
        ("b", []),                                // 1 character: a slug prefix, not anywhere
        ("Wi", []),                               // a slug prefix is case-sensitive
        ("", ["ab-plain", "uni", "tag", "sale", "spring", "winter-cup"]),
    ]

    @Test(arguments: Backend.all)
    func searchFindsLinksByTheirSlugTitleOrTargetWithoutRegardToCase(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            try await storage.insert(Self.wordyLinks().shuffled())
            for (text, expected) in Self.searches {
                // A page larger than the matches comes from the trigram index (the first
                // step finds too few); a page of one from the links read in order.
                let all = try await storage.links(LinkQuery(search: text)).map(\.slug)
                #expect(all == expected, "searching '\(text)'")
                let first = try await storage.links(LinkQuery(limit: 1, search: text)).map(\.slug)
                #expect(first == Array(expected.prefix(1)), "searching '\(text)', one at a time")
            }
        }
    }

    @Test(arguments: Backend.all)
    func eachStateSelectsItsLinksAtTheMomentGiven(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            let plain = Fixtures.link("plain", offset: 0)
            var disabled = Fixtures.link("disabled", offset: 1)
            disabled.isDisabled = true
            var disabledAndPast = Fixtures.link("disabled-past", offset: 2)
            disabledAndPast.isDisabled = true
            disabledAndPast.expiresAt = Fixtures.at(-1)
            var past = Fixtures.link("past", offset: 3)
            past.expiresAt = Fixtures.at(1_000)          // expires at now + 1 s
            var future = Fixtures.link("future", offset: 4)
            future.expiresAt = Fixtures.at(60_000)
            var full = Fixtures.link("full", offset: 5)
            full.maxClicks = 3
            full.clickCount = 3
            var room = Fixtures.link("room", offset: 6)
            room.maxClicks = 3
            room.clickCount = 2
            try await storage.insert([plain, disabled, disabledAndPast, past, future, full, room])

            func slugs(_ state: LinkState?, at offset: Int) async throws -> Set<String> {
                Set(try await storage.links(LinkQuery(state: state, now: Fixtures.at(offset))).map(\.slug))
            }
            #expect(try await slugs(.active, at: 0) == ["plain", "past", "future", "room"])
            #expect(try await slugs(.expired, at: 0) == ["full"])
            #expect(try await slugs(.disabled, at: 0) == ["disabled", "disabled-past"])
            // At its expiry a link has expired (as ClickDecision says).
            #expect(try await slugs(.active, at: 1_000) == ["plain", "future", "room"])
            #expect(try await slugs(.expired, at: 1_000) == ["past", "full"])
            #expect(try await slugs(nil, at: 1_000).count == 7)
            // A click more and room is full.
            try await storage.record([Fixtures.count(room, 1)])
            #expect(try await slugs(.expired, at: 1_000) == ["past", "full", "room"])
        }
    }

    @Test(arguments: Backend.all)
    func filtersCombineWithASearchAndAnOrder(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            var links: [ShortLink] = []
            for index in 0..<12 {
                var link = Fixtures.link("promo-\(index)", host: index % 3 == 0 ? "links.example.org" : Fixtures.host, offset: index)
                link.campaign.name = index % 2 == 0 ? "winter" : "summer"
                link.isDisabled = index % 4 == 1
                link.clickCount = (index * 7) % 5
                link.preview.title = index % 5 == 0 ? "Frosty morning" : "Sunny day"
                links.append(link)
            }
            try await storage.insert(links.shuffled())
            var query = LinkQuery(host: "LINKS.example.org", campaignName: "winter", search: "frost", sort: .mostClicked)
            let expected = links.filter { $0.host == "links.example.org" && $0.campaign.name == "winter" && $0.preview.title == "Frosty morning" }
            #expect(try await storage.links(query).map(\.slug) == expected.sorted(by: Self.order(.mostClicked)).map(\.slug))
            query = LinkQuery(campaignName: "summer", state: .disabled, sort: .oldest, now: Fixtures.now)
            #expect(try await storage.links(query).map(\.slug) == ["promo-1", "promo-5", "promo-9"])
        }
    }

    /// The order a sort puts links in, as the storage must.
    static func order(_ sort: LinkQuery.Sort) -> (ShortLink, ShortLink) -> Bool {
        switch sort {
        case .newest: { $0.id > $1.id }
        case .oldest: { $0.id < $1.id }
        case .mostClicked: { ($0.clickCount, $0.id) > ($1.clickCount, $1.id) }
        }
    }

    struct Paging: Sendable, CustomTestStringConvertible {
        var backend: Backend
        var sort: LinkQuery.Sort
        var search: String?
        var testDescription: String { "\(sort.rawValue)\(search.map { ", searching '\($0)'" } ?? "") (\(backend.testDescription))" }

        static var all: [Paging] {
            Backend.all.flatMap { backend in
                LinkQuery.Sort.allCases.flatMap { sort in
                    [nil, "blue", "b"].map { Paging(backend: backend, sort: sort, search: $0) }
                }
            }
        }
    }

    /// Random links (several per millisecond, many with equal click counts) paged through
    /// 7 at a time: every link that matches shows once, in order.
    @Test(arguments: Paging.all)
    func pagingThroughAnyOrderVisitsEveryMatchingLinkOnce(paging: Paging) async throws {
        try await paging.backend.withStorage { storage async throws in
            var generator = SystemRandomNumberGenerator()
            let words = ["blue", "Bluebird", "red", "green", "BLUE sky"]
            let links = (0..<97).map { index -> ShortLink in
                var link = Fixtures.link("\(["a", "b", "c"].randomElement(using: &generator) ?? "a")\(index)",
                                         target: "https://daily.example.com/\(words.randomElement(using: &generator) ?? "red")",
                                         offset: Int.random(in: 0..<30, using: &generator))
                link.preview.title = Bool.random(using: &generator) ? words.randomElement(using: &generator) : nil
                link.clickCount = Int.random(in: 0..<4, using: &generator)
                return link
            }
            try await storage.insert(links)
            let expected = links.filter { link in
                guard let search = paging.search else { return true }
                if search.count < 3 { return link.slug.hasPrefix(search) }
                return [link.slug, link.preview.title ?? "", link.target].contains { $0.lowercased().contains(search) }
            }.sorted(by: Self.order(paging.sort))

            var query = LinkQuery(limit: 7, search: paging.search, sort: paging.sort)
            var seen: [ShortLink] = []
            for _ in 0...links.count {
                let page = try await storage.links(query)
                seen += page
                guard page.count == query.limit, let last = page.last else { break }
                query.cursor = LinkCursor(after: last, sortedBy: paging.sort)
            }
            #expect(seen.map(\.slug) == expected.map(\.slug))
        }
    }

    @Test(arguments: Backend.all)
    func theSearchIndexFollowsUpdatesAndDeletes(backend: Backend) async throws {
        try await backend.withStorage { storage async throws in
            var link = Fixtures.link("autumn", offset: 0)
            link.preview.title = "Falling leaves"
            let other = Fixtures.link("other", offset: 1)
            try await storage.insert([link, other])
            func found(_ text: String) async throws -> [String] { try await storage.links(LinkQuery(search: text)).map(\.slug) }
            #expect(try await found("leaves") == ["autumn"])

            link.preview.title = "Snowy peaks"
            link.slug = "winter"
            link.target = "https://daily.example.com/snow"
            #expect(try await storage.update(link))
            #expect(try await found("leaves") == [])
            #expect(try await found("autumn") == [])
            #expect(try await found("snowy") == ["winter"])
            #expect(try await found("winter") == ["winter"])
            // Clicks change the link's row but not its text.
            try await storage.record([Fixtures.count(link, 5)])
            #expect(try await found("peaks") == ["winter"])

            #expect(try await storage.delete(id: link.id))
            #expect(try await found("snowy") == [])
            #expect(try await found("example") == ["other"])
        }
    }

    @Test(arguments: Backend.all)
    func aVersionThreeDatabaseFindsItsLinksBySearchOnceMigrated(backend: Backend) async throws {
        try await backend.withLocation { location async throws in
            let old = try await Storage.open(location, logger: .quiet, migrations: Array(Migrations.all.prefix(3)))
            #expect(try await old.appliedMigrations() == [1, 2, 3])
            let links = Self.wordyLinks()
            try await old.insertAsBeforeLinkCards(links)
            await old.close()

            let migrated = try await Storage.open(location, logger: .quiet)
            do {
                #expect(try await migrated.appliedMigrations() == Array(1...Storage.schemaVersion))
                #expect(try await migrated.links(LinkQuery(search: "BLOSSOM")).map(\.slug) == ["spring"])
                #expect(try await migrated.links(LinkQuery(search: "puzzle")).map(\.slug) == ["uni", "spring", "winter-cup"])
                #expect(try await migrated.links(LinkQuery(campaignName: "none")).isEmpty)
            } catch {
                await migrated.close()
                throw error
            }
            await migrated.close()
        }
    }

    @Test(arguments: [
        ("0198a3b2-7c4d-7e5f-8a6b-1c2d3e4f5a6b", true),
        ("12.0198a3b2-7c4d-7e5f-8a6b-1c2d3e4f5a6b", true),
        ("0.0198a3b2-7c4d-7e5f-8a6b-1c2d3e4f5a6b", true),
        ("-1.0198a3b2-7c4d-7e5f-8a6b-1c2d3e4f5a6b", false),
        ("012.0198a3b2-7c4d-7e5f-8a6b-1c2d3e4f5a6b", false),
        ("x.0198a3b2-7c4d-7e5f-8a6b-1c2d3e4f5a6b", false),
        ("12.", false),
        ("", false),
        ("not-a-cursor", false),
    ])
    func aCursorReadsBackTheTextItWritesAndNothingElse(text: String, valid: Bool) {
        let cursor = LinkCursor(text)
        #expect((cursor != nil) == valid)
        if let cursor { #expect(cursor.description == text.lowercased()) }
    }
}

/// Each filter and order of the list of links is read through an index, never by reading
/// every link: what makes a page fast with a million links (Benchmarks/LinksListPage).
@Suite struct LinkListQueryPlanTests {
    static let now = Fixtures.now
    static let cursor = LinkCursor(id: Fixtures.link("x").id, clickCount: 3)

    static let queries: [(name: String, query: LinkQuery, index: String)] = [
        ("newest first", LinkQuery(), "sqlite_autoindex_links_1"),
        ("a deep page", LinkQuery(after: cursor.id), "sqlite_autoindex_links_1 (id<?)"),
        ("oldest first", LinkQuery(sort: .oldest, cursor: LinkCursor(id: cursor.id)), "sqlite_autoindex_links_1 (id>?)"),
        ("most clicked", LinkQuery(sort: .mostClicked, cursor: cursor), "links_click_count ((click_count,id)<(?,?))"),
        ("a host", LinkQuery(host: Fixtures.host), "links_host_id (host=?)"),
        ("a host, most clicked", LinkQuery(host: Fixtures.host, sort: .mostClicked), "links_host_clicks (host=?)"),
        ("a campaign", LinkQuery(campaignName: "winter"), "links_campaign_id (utm_campaign=?)"),
        ("a campaign, most clicked", LinkQuery(campaignName: "winter", sort: .mostClicked), "links_campaign_clicks (utm_campaign=?)"),
        ("disabled", LinkQuery(state: .disabled, now: now), "links_disabled"),
        ("disabled, most clicked", LinkQuery(state: .disabled, sort: .mostClicked, now: now), "links_disabled_clicks"),
        ("expired", LinkQuery(state: .expired, now: now), "links_expiring"),
        ("expired, most clicked", LinkQuery(state: .expired, sort: .mostClicked, now: now), "links_expiring_clicks"),
        ("a short search", LinkQuery(search: "ab"), "links_slug (slug>? AND slug<?)"),
        ("a search", LinkQuery(search: "winter"), "links_search VIRTUAL TABLE"),
        ("a search, most clicked", LinkQuery(search: "winter", sort: .mostClicked, cursor: cursor), "links_search VIRTUAL TABLE"),
    ]

    @Test(arguments: queries.map(\.name))
    func everyFilterAndOrderIsReadThroughAnIndexOnSQLite(name: String) async throws {
        let (_, query, index) = try #require(Self.queries.first { $0.name == name })
        try await Backend.sqlite.withStorage { storage async throws in
            let plans = try await storage.linkQueryPlans(query)
            let lines = plans.flatMap { $0 }
            #expect(lines.contains { $0.contains(index) }, "\(lines)")
            // No step reads the table itself from end to end.
            #expect(!lines.contains { $0 == "SCAN links" }, "\(lines)")
        }
    }
}
