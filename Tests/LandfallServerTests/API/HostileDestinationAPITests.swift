import Foundation
import Hummingbird
import LandfallLinks
import LandfallStorage
import Testing
@testable import LandfallServer

/// Every destination of `Tests/Fixtures/hostile-destinations.json` is refused by the API, as a
/// target and as an override, and never becomes a `Location` when a stored link leads there.
@Suite struct HostileDestinationAPITests {
    /// One entry of the fixture.
    struct Hostile: Decodable, Sendable {
        let url: String
        let reason: String
        let note: String
    }

    /// The fixture's entries.
    static func hostile() throws -> [Hostile] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/hostile-destinations.json")
        return try JSONDecoder().decode([Hostile].self, from: Data(contentsOf: file))
    }

    /// The reasons the body decoder gives before the destination policy is asked: an empty
    /// string, and a URL over ``LinkLimits/urlLength``.
    static let decoderReasons: Set<String> = ["empty", "tooLong"]

    @Test("the fixture holds at least 60 hostile destinations")
    func fixtureIsLarge() throws {
        #expect(try Self.hostile().count >= 60)
    }

    /// The JSON body creating a link whose `field` is `url` (the target is a good one otherwise).
    static func draft(_ field: String, _ url: String) -> String {
        switch field {
        case "target": #"{"target": \#(JSONText.quoted(url))}"#
        default: #"{"target": "https://daily.example.com/puzzle/2026-11-20", "overrides": {"\#(field.dropFirst("overrides.".count))": \#(JSONText.quoted(url))}}"#
        }
    }

    @Test("every hostile destination is refused as a target or override with 400 naming the field, and nothing is stored",
          arguments: ["target", "overrides.ios", "overrides.android", "overrides.desktop"])
    func refusedAtCreation(field: String) async throws {
        let entries = try Self.hostile()
        for database in TestDatabase.all {
            let server = try await TestServer(database: database)
            let key = try await server.authorization()
            try await server.run(.live) { client in
                for entry in entries {
                    let response = try await client.send(Self.draft(field, entry.url), key: key)
                    let expected = Self.decoderReasons.contains(entry.reason) ? "invalid_body" : "destination_refused"
                    #expect(response.status == .badRequest, "\(database) \(field) \(entry.note): \(entry.url.debugDescription) → \(response.text)")
                    #expect(response.errorCode == expected, "\(database) \(field) \(entry.note): \(entry.url.debugDescription) → \(response.text)")
                    #expect(response.errorField == field, "\(database) \(field) \(entry.note): \(response.text)")
                }
                #expect(try await client.allLinks(key: key).isEmpty, "\(database): nothing stored")
            }
        }
    }

    @Test("every hostile destination is refused in a bulk request, and nothing of it is stored", arguments: TestDatabase.all)
    func refusedInBulk(database: TestDatabase) async throws {
        let entries = try Self.hostile()
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(.router) { client in
            for entry in entries {
                let body = #"{"links": [{"target": "https://daily.example.com/puzzle/2026-11-20", "slug": "good-one"}, \#(Self.draft("target", entry.url))]}"#
                let response = try await client.send(body, to: "/v1/links/bulk", key: key)
                #expect(response.status == .badRequest, "\(entry.note): \(response.text)")
                #expect(response.errorField == "links[1].target", "\(entry.note): \(response.text)")
            }
            #expect(try await client.allLinks(key: key).isEmpty)
        }
    }

    @Test("a stored link whose destination is no longer allowed never redirects there, whoever visits", arguments: TestDatabase.all)
    func refusedAtRedirect(database: TestDatabase) async throws {
        // PostgreSQL's text holds no NUL, so those two cannot be stored to begin with.
        let entries = try Self.hostile().filter { !$0.url.isEmpty && !$0.url.contains("\u{0}") }
        let server = try await TestServer(database: database)
        var generator = SystemRandomNumberGenerator()
        var links: [(slug: String, entry: Hostile)] = []
        for (index, entry) in entries.enumerated() {
            let slug = "hostile-\(index)"
            // As if the allowlist had permitted it once: stored directly, past the API's checks.
            let now = server.clock.now
            try await server.parts.storage.insert([
                ShortLink(id: LinkID.generate(at: now, using: &generator), host: Demo.links, slug: slug, target: entry.url, createdAt: now),
                ShortLink(id: LinkID.generate(at: now, using: &generator), host: Demo.links, slug: "\(slug)-overrides",
                          target: "https://daily.example.com/archive/2026",
                          overrides: PlatformOverrides(ios: entry.url, android: entry.url, desktop: entry.url), createdAt: now),
            ])
            links.append((slug, entry))
        }
        let stored = links
        // Over the wire, where a Location header would reach a browser; crawlers never get one.
        try await server.run(.live) { client in
            for (slug, entry) in stored {
                for visitedSlug in [slug, "\(slug)-overrides"] {
                    for userAgent in [Visitors.desktop, Visitors.iPhone, Visitors.android] {
                        let response = try await client.visit(visitedSlug, as: userAgent)
                        #expect(response["Location"] == nil, "\(entry.note) \(entry.url.debugDescription) as \(userAgent): \(response.status) to \(response["Location"] ?? "")")
                        #expect(response.status.code < 500, "\(entry.note) as \(userAgent): \(response.status)")
                        #expect(!response.text.contains("href=\"\(entry.url)\""), "\(entry.note) as \(userAgent): offered as a link")
                    }
                }
            }
        }
    }

    @Test("a link's destination refused at redirect time gets the page saying it can't be followed", arguments: TestDatabase.all)
    func refusedPage(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        var generator = SystemRandomNumberGenerator()
        let now = server.clock.now
        try await server.parts.storage.insert([
            ShortLink(id: LinkID.generate(at: now, using: &generator), host: Demo.links, slug: "formerly-allowed",
                      target: "https://shop.example.net/winter", createdAt: now),
        ])
        try await server.run(.router) { client in
            let response = try await client.visit("formerly-allowed", as: Visitors.desktop)
            #expect(response.status == .forbidden)
            #expect(response["Location"] == nil)
            #expect(response.text.contains("This link can&#39;t be followed") || response.text.contains("This link can't be followed"))
            #expect(!response.text.contains("shop.example.net"))
        }
    }
}

extension HostileDestinationAPITests {
    /// A site with a link host whose allowlist permits `allowlist` (a YAML list item's pattern).
    static func siteConfiguration(allowlist: String) -> String {
        """
        site:
          name: Test Puzzles
          timeZone: America/New_York
          home: /

        hosts:
          site: \(TemporarySite.host)
          links: go.puzzles.example.com

        apps:
          - name: puzzles
            ios:
              teamID: ABCDE12345
              bundleID: com.example.puzzles
              appStoreID: "1234567890"

        routes:
          - name: puzzle
            pattern: /puzzle/:date
            parameters: {date: day}

        links:
          allowlist:
            - \(allowlist)
        """
    }

    @Test("a link allowed when it was made is refused at redirect time once a reload drops it from the allowlist", arguments: ServerCases.all)
    func allowlistShrinks(transport: Transport, database: TestDatabase) async throws {
        let site = try TemporarySite(Self.siteConfiguration(allowlist: #"'^https://shop\.example\.org/.*$'"#))
        defer { site.remove() }
        let server = try await TestServer(site: site.source, database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let created = try await client.execute("/v1/links", method: .post, host: TemporarySite.host, headers: key,
                                                   body: #"{"target": "https://shop.example.org/winter", "slug": "sale"}"#)
            #expect(created.status == .created, "\(created.text)")
            let before = try await client.visit("sale", as: Visitors.desktop, host: "go.puzzles.example.com")
            #expect(before.status == .found)
            #expect(before["Location"] == "https://shop.example.org/winter")

            try site.write("landfall.yml", Self.siteConfiguration(allowlist: #"'^https://help\.example\.org/.*$'"#))
            _ = try server.parts.sites.reload()
            for userAgent in [Visitors.desktop, Visitors.iPhone, Visitors.android] {
                let after = try await client.visit("sale", as: userAgent, host: "go.puzzles.example.com")
                #expect(after["Location"] == nil, "\(userAgent): still sent to \(after["Location"] ?? "")")
                #expect(after.status == .forbidden, "\(userAgent)")
            }
            let refused = try await client.execute("/v1/links", method: .post, host: TemporarySite.host, headers: key,
                                                   body: #"{"target": "https://shop.example.org/spring"}"#)
            refused.expectAPIError(.badRequest, "destination_refused", field: "target")
        }
    }
}
