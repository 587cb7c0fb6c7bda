import Foundation
import Hummingbird
import LandfallLinks
import LandfallStorage
import Logging
import Testing
@testable import LandfallServer

/// The links API of `openapi/landfall.yaml` over both transports and both databases: create,
/// read, list, change, disable, delete, statistics and bulk creation.
@Suite struct LinksAPITests {
    static let puzzle = "https://daily.example.com/puzzle/2026-11-20"

    /// Every member the contract's `Link` schema requires.
    static let linkMembers: Set<String> = [
        "id", "url", "host", "slug", "target", "overrides", "preview", "campaign", "data", "expiresAt", "maxClicks",
        "disabled", "createdAt", "updatedAt", "clicks", "card",
    ]

    // MARK: create and read

    @Test("a link created with only a target gets a random slug of 7 characters from the generator's alphabet", arguments: ServerCases.all)
    func randomSlug(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            var slugs: Set<String> = []
            for _ in 0..<5 {
                let response = try await client.send(#"{"target": "\#(Self.puzzle)"}"#, key: key)
                #expect(response.status == .created, "\(response.text)")
                let link = try ReturnedLink(response)
                #expect(link.slug.count == 7, "\(link.slug)")
                #expect(link.slug.allSatisfy(SlugGenerator.alphabet.contains), "\(link.slug)")
                #expect(link.json["url"] as? String == "https://go.daily.example.com/\(link.slug)")
                #expect(link.json["host"] as? String == Demo.links)
                #expect(response["Location"] == "/v1/links/\(link.id)")
                #expect(Set(link.json.keys) == Self.linkMembers)
                slugs.insert(link.slug)
            }
            #expect(slugs.count == 5)
        }
    }

    @Test("a link created with every field returns them, and reading it gives the same link", arguments: ServerCases.all)
    func everyFieldRoundTrips(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let link = try await client.createLink("""
                {"target": "\(Self.puzzle)", "slug": "Friday_2026-11-20", "host": "go.daily.example.com",
                 "overrides": {"ios": "https://shop.example.org/ios", "android": "https://daily.example.com/invite/ANDR-0001",
                               "desktop": "https://daily.example.com/archive/2026"},
                 "preview": {"title": "Friday's puzzle", "description": "Can you beat Ada?", "imageURL": "https://daily.example.com/static/friday.png"},
                 "campaign": {"source": "newsletter", "medium": "email", "name": "winter-league", "term": "puzzle", "content": "b"},
                 "data": {"referrer": "ada", "score": "42"},
                 "expiresAt": "2027-01-31T23:59:59Z", "maxClicks": 1000, "disabled": true}
                """, key: key)
            let json = link.json
            #expect(link.slug == "Friday_2026-11-20")
            #expect(json["url"] as? String == "https://go.daily.example.com/Friday_2026-11-20")
            #expect(json["target"] as? String == Self.puzzle)
            #expect(json[path: "overrides.ios"] as? String == "https://shop.example.org/ios")
            #expect(json[path: "overrides.android"] as? String == "https://daily.example.com/invite/ANDR-0001")
            #expect(json[path: "overrides.desktop"] as? String == "https://daily.example.com/archive/2026")
            #expect(json[path: "preview.title"] as? String == "Friday's puzzle")
            #expect(json[path: "preview.description"] as? String == "Can you beat Ada?")
            #expect(json[path: "preview.imageURL"] as? String == "https://daily.example.com/static/friday.png")
            #expect(json[path: "campaign.source"] as? String == "newsletter")
            #expect(json[path: "campaign.medium"] as? String == "email")
            #expect(json[path: "campaign.name"] as? String == "winter-league")
            #expect(json[path: "campaign.term"] as? String == "puzzle")
            #expect(json[path: "campaign.content"] as? String == "b")
            #expect(json["data"] as? [String: String] == ["referrer": "ada", "score": "42"])
            #expect(json["expiresAt"] as? String == "2027-01-31T23:59:59.000Z")
            #expect(json["maxClicks"] as? Int == 1000)
            #expect(json["disabled"] as? Bool == true)
            #expect(json["createdAt"] as? String == "2026-11-20T17:00:00.000Z")
            #expect(json["updatedAt"] as? String == "2026-11-20T17:00:00.000Z")
            #expect(json["clicks"] as? Int == 0)

            let fetched = try await client.get("/v1/links/\(link.id)", headers: key)
            #expect(fetched.status == .ok)
            #expect(fetched.text == link.text)
        }
    }

    @Test("unset optional members are null, in overrides, preview and campaign too", arguments: TestDatabase.all)
    func unsetMembersAreNull(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(.router) { client in
            let json = try await client.createLink(key: key).json
            for path in ["overrides.ios", "overrides.android", "overrides.desktop", "preview.title", "preview.description",
                         "preview.imageURL", "campaign.source", "campaign.medium", "campaign.name", "campaign.term",
                         "campaign.content", "expiresAt", "maxClicks"] {
                #expect(json[path: path] is NSNull, "\(path): \(String(describing: json[path: path]))")
            }
            #expect(json["data"] as? [String: String] == [:])
            #expect(json["disabled"] as? Bool == false)
        }
    }

    // MARK: list

    @Test("links are listed newest first, and limit cuts a page", arguments: ServerCases.all)
    func listNewestFirst(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            var created: [String] = []
            for index in 0..<5 {
                created.append(try await client.createLink(slug: "list-\(index)", key: key).id)
                server.clock.advance(by: 1)
            }
            let all = try await client.get("/v1/links", headers: key)
            #expect(all.status == .ok)
            let page = try all.json
            #expect((page["links"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == created.reversed())
            #expect(page["nextCursor"] is NSNull)

            let limited = try await client.get("/v1/links?limit=2", headers: key)
            let first = try limited.json
            #expect((first["links"] as? [[String: Any]])?.compactMap { $0["slug"] as? String } == ["list-4", "list-3"])
            #expect(first["nextCursor"] is String)
        }
    }

    @Test("three pages of a cursor hold every link once, newest first, even with a link created while paging", arguments: ServerCases.all)
    func cursorPagination(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            var created: [String] = []
            for index in 0..<8 {
                created.append(try await client.createLink(slug: "page-\(index)", key: key).id)
                server.clock.advance(by: 1)
            }
            var seen: [String] = []
            var cursor: String?
            var pages = 0
            repeat {
                let response = try await client.get("/v1/links?limit=3" + (cursor.map { "&cursor=\($0)" } ?? ""), headers: key)
                try #require(response.status == .ok, "\(response.text)")
                let page = try response.json
                let ids = (page["links"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
                #expect(ids.count == (pages < 2 ? 3 : 2), "page \(pages + 1)")
                seen += ids
                cursor = page["nextCursor"] as? String
                pages += 1
                if pages == 1 {
                    // A link created while paging is newer than every page still to come.
                    _ = try await client.createLink(slug: "while-paging", key: key)
                }
            } while cursor != nil && pages < 10
            #expect(pages == 3)
            #expect(seen == created.reversed(), "no duplicates, no gaps, newest first")
        }
    }

    @Test("filters host, slugPrefix, status, campaign and target each narrow the list", arguments: ServerCases.all)
    func filters(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            _ = try await client.createLink(#"{"target": "\#(Self.puzzle)", "slug": "winter-a", "campaign": {"name": "winter"}}"#, key: key)
            _ = try await client.createLink(#"{"target": "https://daily.example.com/invite/AB12-CD34", "slug": "winter-b", "disabled": true}"#, key: key)
            _ = try await client.createLink(#"{"target": "https://shop.example.org/scarf", "slug": "summer-a", "campaign": {"name": "winterish"}}"#, key: key)

            func slugs(_ query: String) async throws -> Set<String> {
                Set(try await client.allLinks(query: query, key: key).compactMap { $0["slug"] as? String })
            }
            #expect(try await slugs("") == ["winter-a", "winter-b", "summer-a"])
            #expect(try await slugs("host=go.daily.example.com") == ["winter-a", "winter-b", "summer-a"])
            #expect(try await slugs("host=GO.DAILY.EXAMPLE.COM") == ["winter-a", "winter-b", "summer-a"])
            #expect(try await slugs("host=daily.example.com") == [])
            #expect(try await slugs("slugPrefix=winter") == ["winter-a", "winter-b"])
            #expect(try await slugs("slugPrefix=Winter") == [], "slug prefixes are case-sensitive")
            #expect(try await slugs("slugPrefix=winter_") == [], "an underscore is not a wildcard")
            #expect(try await slugs("status=active") == ["winter-a", "summer-a"])
            #expect(try await slugs("status=disabled") == ["winter-b"])
            #expect(try await slugs("campaign=winter") == ["winter-a"], "the campaign name must match exactly")
            #expect(try await slugs("target=shop.example.org") == ["summer-a"])
            #expect(try await slugs("target=%2Fpuzzle%2F") == ["winter-a"])
            #expect(try await slugs("target=%25") == [], "a percent sign is not a wildcard")
            #expect(try await slugs("slugPrefix=winter&status=active") == ["winter-a"], "all filters must hold")
        }
    }

    // MARK: change

    /// A link with every optional field set, for changing.
    static let fullLink = """
        {"target": "https://daily.example.com/puzzle/2026-11-20", "slug": "full",
         "overrides": {"ios": "https://shop.example.org/ios", "android": "https://shop.example.org/android", "desktop": "https://shop.example.org/desktop"},
         "preview": {"title": "Title", "description": "Description", "imageURL": "https://daily.example.com/static/a.png"},
         "campaign": {"source": "s", "medium": "m", "name": "n", "term": "t", "content": "c"},
         "data": {"a": "1"}, "expiresAt": "2027-01-01T00:00:00Z", "maxClicks": 10}
        """

    /// A change, and what the changed link then holds at a path (`NSNull()` for null).
    struct Change: Sendable, CustomTestStringConvertible {
        let patch: String
        let path: String
        let expected: @Sendable (Any?) -> Bool
        /// Members that must keep their value from ``fullLink``.
        var kept: [String] = []

        var testDescription: String { patch }

        static func sets(_ patch: String, _ path: String, to value: String, keeping kept: [String] = []) -> Change {
            Change(patch: patch, path: path, expected: { ($0 as? String) == value }, kept: kept)
        }

        static func clears(_ patch: String, _ path: String, keeping kept: [String] = []) -> Change {
            Change(patch: patch, path: path, expected: { $0 is NSNull }, kept: kept)
        }
    }

    static let changes: [Change] = [
        .sets(#"{"target": "https://daily.example.com/puzzle/2026-11-19"}"#, "target", to: "https://daily.example.com/puzzle/2026-11-19"),
        .sets(#"{"host": "go.daily.example.com"}"#, "host", to: "go.daily.example.com"),
        .sets(#"{"overrides": {"ios": "https://shop.example.org/new"}}"#, "overrides.ios", to: "https://shop.example.org/new",
              keeping: ["overrides.android", "overrides.desktop"]),
        .sets(#"{"overrides": {"desktop": "https://daily.example.com/archive"}}"#, "overrides.desktop", to: "https://daily.example.com/archive",
              keeping: ["overrides.ios", "overrides.android"]),
        .clears(#"{"overrides": {"android": null}}"#, "overrides.android", keeping: ["overrides.ios", "overrides.desktop"]),
        .clears(#"{"overrides": null}"#, "overrides.ios"),
        .clears(#"{"overrides": null}"#, "overrides.desktop"),
        .sets(#"{"preview": {"title": "New title"}}"#, "preview.title", to: "New title", keeping: ["preview.description", "preview.imageURL"]),
        .clears(#"{"preview": {"description": null}}"#, "preview.description", keeping: ["preview.title", "preview.imageURL"]),
        .clears(#"{"preview": null}"#, "preview.title"),
        .sets(#"{"campaign": {"name": "spring"}}"#, "campaign.name", to: "spring", keeping: ["campaign.source", "campaign.medium"]),
        .clears(#"{"campaign": {"term": null}}"#, "campaign.term", keeping: ["campaign.name", "campaign.content"]),
        .clears(#"{"campaign": null}"#, "campaign.source"),
        .sets(#"{"expiresAt": "2027-06-01T12:00:00Z"}"#, "expiresAt", to: "2027-06-01T12:00:00.000Z"),
        .clears(#"{"expiresAt": null}"#, "expiresAt", keeping: ["maxClicks"]),
        Change(patch: #"{"maxClicks": 3}"#, path: "maxClicks", expected: { ($0 as? Int) == 3 }),
        .clears(#"{"maxClicks": null}"#, "maxClicks", keeping: ["expiresAt"]),
        Change(patch: #"{"data": {"b": "2"}}"#, path: "data", expected: { ($0 as? [String: String]) == ["b": "2"] }),
        Change(patch: #"{"data": null}"#, path: "data", expected: { ($0 as? [String: String]) == [:] }),
        Change(patch: #"{"disabled": true}"#, path: "disabled", expected: { ($0 as? Bool) == true }),
        .sets(#"{"slug": "renamed"}"#, "slug", to: "renamed"),
    ]

    @Test("PATCH changes the field it names, keeps the others and never the click count", arguments: TestDatabase.all)
    func patchChangesOneField(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(.router) { client in
            for (index, change) in Self.changes.enumerated() {
                let link = try await client.createLink(Self.fullLink.replacingOccurrences(of: #""slug": "full""#, with: #""slug": "full-\#(index)""#), key: key)
                server.clock.advance(by: 60)
                let response = try await client.send(change.patch, to: "/v1/links/\(link.id)", method: .patch, key: key)
                #expect(response.status == .ok, "\(change.patch): \(response.text)")
                let changed = try response.json
                #expect(change.expected(changed[path: change.path]), "\(change.patch): \(change.path) is \(String(describing: changed[path: change.path]))")
                for path in change.kept {
                    #expect(String(describing: changed[path: path]) == String(describing: link.json[path: path]), "\(change.patch): \(path) kept")
                }
                #expect(changed["id"] as? String == link.id)
                #expect(changed["createdAt"] as? String == link.json["createdAt"] as? String)
                #expect(changed["updatedAt"] as? String == APITime.string(server.clock.now), "\(change.patch)")
                #expect(changed["clicks"] as? Int == link.json["clicks"] as? Int)

                let stored = try await client.get("/v1/links/\(link.id)", headers: key)
                #expect(stored.text == response.text, "\(change.patch): what PATCH answered is what is stored")
            }
        }
    }

    @Test("a new slug frees the old one and takes the new one at once, even when both were cached", arguments: ServerCases.all)
    func slugChange(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let link = try await client.createLink(slug: "old-slug", key: key)
            #expect(try await client.visit("old-slug", as: Visitors.desktop).status == .found)
            #expect(try await client.visit("new-slug", as: Visitors.desktop).status == .notFound)

            let renamed = try await client.send(#"{"slug": "new-slug"}"#, to: "/v1/links/\(link.id)", method: .patch, key: key)
            #expect(renamed.status == .ok, "\(renamed.text)")
            #expect(try renamed.json["url"] as? String == "https://go.daily.example.com/new-slug")
            #expect(try await client.visit("old-slug", as: Visitors.desktop).status == .notFound)
            let followed = try await client.visit("new-slug", as: Visitors.desktop)
            #expect(followed.status == .found)
            #expect(followed["Location"] == Self.puzzle)

            let reused = try await client.send(#"{"target": "https://daily.example.com/puzzle/2026-11-19", "slug": "old-slug"}"#, key: key)
            #expect(reused.status == .created, "the old slug is free again: \(reused.text)")
            #expect(try await client.visit("old-slug", as: Visitors.desktop)["Location"] == "https://daily.example.com/puzzle/2026-11-19")

            let taken = try await client.send(#"{"slug": "old-slug"}"#, to: "/v1/links/\(link.id)", method: .patch, key: key)
            taken.expectAPIError(.conflict, "slug_taken", field: "slug")
            #expect(try await client.visit("new-slug", as: Visitors.desktop)["Location"] == Self.puzzle)
        }
    }

    @Test("a changed target or override is checked by the destination policy, and a refused change stores nothing", arguments: ServerCases.all)
    func changedTargetIsChecked(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let link = try await client.createLink(slug: "checked", key: key)
            for (patch, field) in [(#"{"target": "https://evil.example.net/"}"#, "target"),
                                   (#"{"target": "https://go.daily.example.com/checked"}"#, "target"),
                                   (#"{"overrides": {"desktop": "javascript:alert(1)"}}"#, "overrides.desktop"),
                                   (#"{"overrides": {"ios": "https://daily.example.com@evil.example.net/"}}"#, "overrides.ios"),
                                   (#"{"overrides": {"android": "//evil.example.net"}}"#, "overrides.android")] {
                let response = try await client.send(patch, to: "/v1/links/\(link.id)", method: .patch, key: key)
                response.expectAPIError(.badRequest, "destination_refused", field: field)
            }
            let allowed = try await client.send(#"{"target": "https://shop.example.org/winter"}"#, to: "/v1/links/\(link.id)", method: .patch, key: key)
            #expect(allowed.status == .ok, "the allowlist permits shop.example.org: \(allowed.text)")

            let stored = try await client.get("/v1/links/\(link.id)", headers: key).json
            #expect(stored["target"] as? String == "https://shop.example.org/winter")
            #expect(stored[path: "overrides.desktop"] is NSNull)
            #expect(try await client.visit("checked", as: Visitors.desktop)["Location"] == "https://shop.example.org/winter")
        }
    }

    // MARK: disable, enable, delete

    @Test("disable answers 410 at once, disabling again changes nothing, enable brings it back", arguments: ServerCases.all)
    func disableAndEnable(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let link = try await client.createLink(slug: "toggle", key: key)
            #expect(try await client.visit("toggle", as: Visitors.desktop).status == .found)

            let disabled = try await client.execute("/v1/links/\(link.id)/disable", method: .post, headers: key)
            #expect(disabled.status == .ok)
            #expect(try disabled.json["disabled"] as? Bool == true)
            #expect(try await client.visit("toggle", as: Visitors.desktop).status == .gone)
            let again = try await client.execute("/v1/links/\(link.id)/disable", method: .post, headers: key)
            #expect(again.status == .ok)
            #expect(try again.json["disabled"] as? Bool == true)
            #expect(try await client.get("/v1/links?status=disabled", headers: key).json["links"].map { ($0 as? [Any])?.count } == 1)

            let enabled = try await client.execute("/v1/links/\(link.id)/enable", method: .post, headers: key)
            #expect(enabled.status == .ok)
            #expect(try enabled.json["disabled"] as? Bool == false)
            #expect(try await client.visit("toggle", as: Visitors.desktop).status == .found)
            let stored = try await client.get("/v1/links/\(link.id)", headers: key).json
            #expect(stored["disabled"] as? Bool == false)
        }
    }

    @Test("DELETE answers 204, and the link, its short link and its statistics are gone", arguments: ServerCases.all)
    func delete(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let link = try await client.createLink(slug: "doomed", key: key)
            let kept = try await client.createLink(slug: "kept", key: key)
            #expect(try await client.visit("doomed", as: Visitors.desktop).status == .found)

            let deleted = try await client.execute("/v1/links/\(link.id)", method: .delete, headers: key)
            #expect(deleted.status == .noContent)
            #expect(deleted.body.isEmpty)
            try await client.get("/v1/links/\(link.id)", headers: key).expectAPIError(.notFound, "not_found")
            try await client.get("/v1/links/\(link.id)/stats", headers: key).expectAPIError(.notFound, "not_found")
            try await client.execute("/v1/links/\(link.id)", method: .delete, headers: key).expectAPIError(.notFound, "not_found")
            #expect(try await client.visit("doomed", as: Visitors.desktop).status == .notFound)
            #expect(try await client.allLinks(key: key).compactMap { $0["id"] as? String } == [kept.id])
        }
    }

    // MARK: statistics

    @Test("stats count clicks by UTC day, platform and referrer, and a crawler as a preview", arguments: ServerCases.all)
    func stats(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        let linkID = try await server.run(transport) { client in
            let link = try await client.createLink(slug: "counted", key: key)
            let other = try await client.createLink(slug: "other", key: key)
            #expect(try await client.visit("counted", as: Visitors.iPhone).status == .ok)
            #expect(try await client.visit("counted", as: Visitors.android).status == .ok)
            #expect(try await client.visit("counted", as: Visitors.desktop, headers: [.referer: "https://News.Example.org/story?id=1"]).status == .found)
            #expect(try await client.visit("counted", as: Visitors.desktop).status == .found)
            #expect(try await client.visit("counted", as: Visitors.slack).status == .ok)
            #expect(try await client.visit("other", as: Visitors.desktop).status == .found)
            server.clock.advance(by: 86_400)
            #expect(try await client.visit("counted", as: Visitors.desktop, headers: [.referer: "https://news.example.org/"]).status == .found)

            let stats = try await client.stats(of: link.id, key: key)
            #expect(stats["linkID"] as? String == link.id)
            #expect(stats["clicks"] as? Int == 5)
            #expect(stats["previews"] as? Int == 1)
            #expect(Self.buckets(stats["byDay"]) == ["2026-11-20: 4", "2026-11-21: 1"])
            #expect(Self.buckets(stats["byPlatform"]) == ["ios: 1", "android: 1", "desktop: 3", "crawler: 1"])
            #expect(Self.buckets(stats["byReferrer"]) == [": 3", "news.example.org: 2"])

            let otherStats = try await client.stats(of: other.id, key: key)
            #expect(otherStats["clicks"] as? Int == 1)
            return link.id
        }
        // Shut down, the last clicks flushed: the link's own count holds every click.
        let storage = try await Storage.open(server.storageLocation, logger: Logger(label: "test"))
        let stored = try await storage.link(id: try #require(LinkID(linkID)))
        await storage.close()
        #expect(stored?.clickCount == 5)
    }

    @Test("a link nobody followed has empty statistics", arguments: TestDatabase.all)
    func emptyStats(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(.router) { client in
            let link = try await client.createLink(key: key)
            let stats = try await client.stats(of: link.id, key: key)
            #expect(stats["clicks"] as? Int == 0)
            #expect(stats["previews"] as? Int == 0)
            #expect(Self.buckets(stats["byDay"]) == [])
            #expect(Self.buckets(stats["byPlatform"]) == [])
            #expect(Self.buckets(stats["byReferrer"]) == [])
        }
    }

    /// Statistics buckets as `key: count` lines, in the answer's order.
    static func buckets(_ value: Any?) -> [String] {
        ((value as? [[String: Any]]) ?? []).map { "\($0["key"] as? String ?? "?"): \($0["count"] as? Int ?? -1)" }
    }

    // MARK: bulk

    /// A bulk body of `count` links, the `index`th written by `entry` (a random-slug link by default).
    static func bulk(_ count: Int, entry: (Int) -> String = { #"{"target": "https://daily.example.com/puzzle/2026-11-20?n=\#($0)"}"# }) -> String {
        #"{"links": ["# + (0..<count).map(entry).joined(separator: ",\n") + "]}"
    }

    @Test("a bulk request of 1,000 links stores them all and returns them in order", arguments: TestDatabase.all)
    func bulkOfAThousand(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(.live) { client in
            let response = try await client.onNewConnection { try await $0.send(Self.bulk(1000), to: "/v1/links/bulk", key: key) }
            #expect(response.status == .created, "\(response.text.prefix(500))")
            let links = try #require(try response.json["links"] as? [[String: Any]])
            #expect(links.count == 1000)
            #expect(links.enumerated().allSatisfy { $1["target"] as? String == "https://daily.example.com/puzzle/2026-11-20?n=\($0)" })
            #expect(Set(links.compactMap { $0["slug"] as? String }).count == 1000)
            #expect(try await client.onNewConnection { try await $0.allLinks(key: key).count } == 1000)
        }
    }

    @Test("a bulk request of 1,001 links is refused and stores nothing", arguments: ServerCases.all)
    func bulkOfAThousandAndOne(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let response = try await client.send(Self.bulk(1001), to: "/v1/links/bulk", key: key)
            response.expectAPIError(.badRequest, "invalid_body", field: "links")
            #expect(try await client.allLinks(key: key).isEmpty)
        }
    }

    @Test("a bulk body without a list of links is refused naming links", arguments: TestDatabase.all)
    func bulkShapes(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(.router) { client in
            for body in [#"{"links": []}"#, "{}", #"{"links": {}}"#, #"{"links": null}"#, #"{"links": [{"target": "https://daily.example.com/puzzle/2026-11-20"}], "link": []}"#] {
                let response = try await client.send(body, to: "/v1/links/bulk", key: key)
                response.expectAPIError(.badRequest, "invalid_body")
                #expect(response.errorField?.hasPrefix("link") == true, "\(body): \(response.text)")
            }
            try await client.send("[]", to: "/v1/links/bulk", key: key).expectAPIError(.badRequest, "invalid_body")
            #expect(try await client.allLinks(key: key).isEmpty)
        }
    }

    /// Bulk requests with one bad entry among good ones, and the error they get.
    static let badBulks: [(entry: String, status: Int, code: String, field: String)] = [
        (#"{"target": "https://evil.example.net/"}"#, 400, "destination_refused", "links[500].target"),
        (#"{"target": "https://daily.example.com/puzzle/2026-11-20", "maxClicks": "ten"}"#, 400, "invalid_body", "links[500].maxClicks"),
        (#"{"target": "https://daily.example.com/puzzle/2026-11-20", "slug": "admin"}"#, 400, "invalid_slug", "links[500].slug"),
        (#"{"target": "https://daily.example.com/puzzle/2026-11-20", "expiresAt": "2020-01-01T00:00:00Z"}"#, 400, "invalid_body", "links[500].expiresAt"),
        (#"{"target": "https://daily.example.com/puzzle/2026-11-20", "host": "daily.example.com"}"#, 400, "invalid_body", "links[500].host"),
    ]

    @Test("one bad entry in the middle of a bulk request refuses it naming links[i].field, and nothing is stored", arguments: TestDatabase.all)
    func bulkWithOneBadEntry(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(.live) { client in
            for (entry, status, code, field) in Self.badBulks {
                let body = Self.bulk(1000) { $0 == 500 ? entry : #"{"target": "https://daily.example.com/puzzle/2026-11-20", "slug": "bulk-\#($0)"}"# }
                let response = try await client.onNewConnection { try await $0.send(body, to: "/v1/links/bulk", key: key) }
                response.expectAPIError(HTTPResponse.Status(code: status), code, field: field)
                #expect(try await client.allLinks(key: key).isEmpty, "\(entry): nothing stored")
                #expect(try await client.visit("bulk-0", as: Visitors.desktop).status == .notFound)
            }
        }
    }

    @Test("a bulk request asking for a slug already taken gets 409 naming the entry, and nothing is stored", arguments: ServerCases.all)
    func bulkWithTakenSlug(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let existing = try await client.createLink(slug: "taken", key: key)
            let body = Self.bulk(10) { $0 == 7 ? #"{"target": "https://daily.example.com/puzzle/2026-11-19", "slug": "taken"}"# : #"{"target": "https://daily.example.com/puzzle/2026-11-20", "slug": "fresh-\#($0)"}"# }
            let response = try await client.send(body, to: "/v1/links/bulk", key: key)
            response.expectAPIError(.conflict, "slug_taken", field: "links[7].slug")
            #expect(try await client.allLinks(key: key).compactMap { $0["id"] as? String } == [existing.id])
            #expect(try await client.visit("taken", as: Visitors.desktop)["Location"] == Self.puzzle)
            #expect(try await client.visit("fresh-0", as: Visitors.desktop).status == .notFound)
        }
    }

    @Test("two entries of a bulk request asking for the same slug are a conflict, and nothing is stored", arguments: ServerCases.all)
    func bulkWithRepeatedSlug(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(transport) { client in
            let body = Self.bulk(4) { #"{"target": "https://daily.example.com/puzzle/2026-11-20", "slug": "\#($0 == 3 ? "twice" : $0 == 1 ? "twice" : "once-\($0)")"}"# }
            let response = try await client.send(body, to: "/v1/links/bulk", key: key)
            response.expectAPIError(.conflict, "slug_taken", field: "links[3].slug")
            #expect(try await client.allLinks(key: key).isEmpty)
        }
    }
}
