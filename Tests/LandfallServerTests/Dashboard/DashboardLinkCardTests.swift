import Foundation
import HTTPTypes
import LandfallLinks
@testable import LandfallServer
import LandfallStorage
import Testing

/// The share card of a link on the dashboard: the form offers the site's card templates (the
/// demo's `invitation`) after the route's card, saves the choice, refuses a name the site has
/// not; a link whose template left the site is shown with a warning, and still edits.
@Suite struct DashboardLinkCardTests {
    @Test("the new link form offers the route's card and the site's templates, and saves the one chosen")
    func creatingWithATemplate() async throws {
        let server = try await DashboardCases.server()
        try await server.run(.router) { client in
            var browser = try await DashboardLinkFormTests.signedIn(client)
            let form = try await browser.get("/links/new")
            #expect(form.text.contains(#"<select id="card" name="card""#))
            #expect(form.text.contains(#"<option value="">Route&#39;s card</option>"#) || form.text.contains(#"<option value="">Route's card</option>"#),
                    "\(form.text)")
            #expect(form.text.contains(#"<option value="invitation">invitation</option>"#))
            let created = try await browser.post("/links/new", [("target", "https://daily.example.com/invites/7KQ2M-X4P9T-HCW3R"),
                                                                ("slug", "bea"), ("data", "invitedBy=Bea"), ("card", "invitation")])
            #expect(created.status == .seeOther, "\(created.text)")
            let link = try #require(try await server.parts.storage.link(host: Demo.links, slug: "bea"))
            #expect(link.card == "invitation")
            let edit = try await browser.get("/links/\(link.id)/edit")
            #expect(edit.text.contains(#"<option value="invitation" selected>invitation</option>"#))
            let page = try await browser.get("/links/\(link.id)")
            #expect(page.text.contains("<dt>Card template</dt><dd><code>invitation</code></dd>"))
            #expect(!page.text.contains(#"id="card-warning""#))
        }
    }

    @Test("editing a link chooses a template, then the route's card again")
    func editingTheChoice() async throws {
        let server = try await DashboardCases.server()
        let friday = try #require(try await server.parts.storage.link(host: Demo.links, slug: "friday"))
        let fields = [("target", friday.target), ("slug", "friday"), ("title", friday.preview.title ?? ""),
                      ("description", friday.preview.description ?? ""), ("utm_source", "share"), ("utm_medium", "app"),
                      ("data", "score=3:12\nsharedBy=ada")]
        try await server.run(.router) { client in
            var browser = try await DashboardLinkFormTests.signedIn(client)
            _ = try await browser.get("/links/\(friday.id)/edit")
            let chosen = try await browser.post("/links/\(friday.id)/edit", fields + [("card", "invitation")])
            #expect(chosen.status == .seeOther, "\(chosen.text)")
            #expect(try await server.parts.storage.link(id: friday.id)?.card == "invitation")
            let back = try await browser.post("/links/\(friday.id)/edit", fields + [("card", "")])
            #expect(back.status == .seeOther, "\(back.text)")
            let stored = try #require(try await server.parts.storage.link(id: friday.id))
            #expect(stored.card == nil)
            #expect(stored.data == friday.data && stored.preview == friday.preview)
        }
    }

    @Test("a template the site has not is refused next to the field, with 422, and nothing is stored")
    func unknownTemplateRefused() async throws {
        let server = try await DashboardCases.server()
        try await server.run(.router) { client in
            var browser = try await DashboardLinkFormTests.signedIn(client)
            _ = try await browser.get("/links/new")
            let refused = try await browser.post("/links/new", [("target", "https://daily.example.com/"), ("slug", "postcard"), ("card", "postcard")])
            #expect(refused.status == .unprocessableContent)
            let error = try #require(DashboardLinkFormTests.fieldError("card", in: refused.text))
            #expect(error.contains("is not a card template of this site; its templates: invitation"), "\(error)")
            #expect(try await server.parts.storage.link(host: Demo.links, slug: "postcard") == nil)
        }
    }

    @Test("a link naming a template the site no longer has is shown with a warning, and its other fields still save")
    func vanishedTemplateIsWarnedOf() async throws {
        let server = try await DashboardCases.server()
        var generator = SystemRandomNumberGenerator()
        let link = ShortLink(id: LinkID.generate(at: Demo.noon, using: &generator), host: Demo.links, slug: "old-card",
                             target: "https://daily.example.com/puzzle/2026-11-20", createdAt: Demo.noon, card: "autumn")
        try await server.parts.storage.insert([link])
        try await server.run(.router) { client in
            var browser = try await DashboardLinkFormTests.signedIn(client)
            let page = try await browser.get("/links/\(link.id)")
            #expect(page.status == .ok)
            #expect(page.text.contains(#"id="card-warning""#))
            #expect(page.text.contains("the card template &#39;autumn&#39;") || page.text.contains("the card template 'autumn'"), "\(page.text)")
            let edit = try await browser.get("/links/\(link.id)/edit")
            #expect(edit.text.contains(#"<option value="autumn" selected>"#))
            let saved = try await browser.post("/links/\(link.id)/edit", [("target", link.target), ("slug", "old-card"), ("title", "Kept"),
                                                                          ("card", "autumn")])
            #expect(saved.status == .seeOther, "\(saved.text)")
            let stored = try #require(try await server.parts.storage.link(id: link.id))
            #expect(stored.preview.title == "Kept" && stored.card == "autumn")
        }
    }
}
