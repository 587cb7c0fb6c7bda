import Foundation
import Hummingbird
import LandfallLinks
import Testing
@testable import LandfallServer

/// A short link's `card` in the links API: the name of one of the site's card templates (the
/// demo's `cards:` has `invitation`), set when created, changed and cleared with PATCH, and an
/// unknown name refused with 422 `unknown_card` naming the templates the site has.
@Suite struct LinkCardAPITests {
    static let invite = "https://daily.example.com/invites/7KQ2M-X4P9T-HCW3R"

    @Test("a link created with a card template shows it, and reading it gives the same", arguments: TestDatabase.all)
    func createdWithCard(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(.router) { client in
            let link = try await client.createLink(#"{"target": "\#(Self.invite)", "slug": "ada", "card": "invitation"}"#, key: key)
            #expect(link.json["card"] as? String == "invitation")
            let read = try await client.get("/v1/links/\(link.id)", headers: key).json
            #expect(read["card"] as? String == "invitation")
            let plain = try await client.createLink(slug: "plain", key: key)
            #expect(plain.json["card"] is NSNull)
        }
    }

    @Test("PATCH sets, changes and clears the card; other changes keep it", arguments: TestDatabase.all)
    func patchChangesCard(database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization()
        try await server.run(.router) { client in
            let link = try await client.createLink(slug: "patched", key: key)
            let set = try await client.send(#"{"card": "invitation"}"#, to: "/v1/links/\(link.id)", method: .patch, key: key)
            #expect(set.status == .ok, "\(set.text)")
            #expect(try set.json["card"] as? String == "invitation")
            let other = try await client.send(#"{"preview": {"title": "Join me"}}"#, to: "/v1/links/\(link.id)", method: .patch, key: key)
            #expect(try other.json["card"] as? String == "invitation")
            let cleared = try await client.send(#"{"card": null}"#, to: "/v1/links/\(link.id)", method: .patch, key: key)
            #expect(cleared.status == .ok, "\(cleared.text)")
            #expect(try cleared.json["card"] is NSNull)
            #expect(try await client.get("/v1/links/\(link.id)", headers: key).json["card"] is NSNull)
        }
    }

    struct Refused: Sendable, CustomTestStringConvertible {
        var body: String
        var patch: Bool = false
        var field: String
        var testDescription: String { body }
    }

    @Test("a card the site has no template for is refused with 422 naming the templates, and nothing is stored", arguments: [
        Refused(body: #"{"target": "https://daily.example.com/invites/7KQ2M-X4P9T-HCW3R", "slug": "refused", "card": "invite"}"#, field: "card"),
        Refused(body: #"{"card": "Invitation"}"#, patch: true, field: "card"),
    ])
    func unknownCardRefused(_ refused: Refused) async throws {
        let server = try await TestServer(database: .sqlite)
        let key = try await server.authorization()
        try await server.run(.router) { client in
            let existing = try await client.createLink(slug: "existing", key: key)
            let response = refused.patch
                ? try await client.send(refused.body, to: "/v1/links/\(existing.id)", method: .patch, key: key)
                : try await client.send(refused.body, key: key)
            response.expectAPIError(.unprocessableContent, "unknown_card", field: refused.field)
            let message = try response.json[path: "error.message"] as? String ?? ""
            #expect(message.contains("is not a card template of this site; its templates: invitation"), "\(message)")
            #expect(try await client.get("/v1/links/\(existing.id)", headers: key).json["card"] is NSNull)
            #expect(try await client.visit("refused", as: Visitors.desktop).status == .notFound)
        }
    }

    @Test("a bulk request with an unknown card names the entry, and nothing is stored")
    func bulkNamesTheEntry() async throws {
        let server = try await TestServer(database: .sqlite)
        let key = try await server.authorization()
        try await server.run(.router) { client in
            let response = try await client.send("""
                {"links": [{"target": "\(Self.invite)", "slug": "one", "card": "invitation"},
                           {"target": "\(Self.invite)", "slug": "two", "card": "postcard"}]}
                """, to: "/v1/links/bulk", key: key)
            response.expectAPIError(.unprocessableContent, "unknown_card", field: "links[1].card")
            #expect(try await client.visit("one", as: Visitors.desktop).status == .notFound)
        }
    }
}
