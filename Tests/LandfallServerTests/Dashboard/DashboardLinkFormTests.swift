import Foundation
import HTTPTypes
import LandfallLinks
@testable import LandfallServer
import LandfallStorage
import LandfallWire
import Testing

/// The dashboard's link form and the buttons of a link's page: an editor creates, edits,
/// disables, enables and deletes links with the API's checks shown next to each field, every
/// change audited; a viewer and a form without its token change nothing.
@Suite struct DashboardLinkFormTests {
    /// Every field of the form, filled in.
    static let everyField: [(String, String)] = [
        ("target", "https://daily.example.com/puzzle/2026-11-20"), ("slug", "spring-fair"),
        ("ios_url", "https://daily.example.com/ios"), ("android_url", "https://daily.example.com/android"),
        ("desktop_url", "https://shop.example.org/desk"), ("title", "Spring fair"), ("description", "Come along"),
        ("image_url", "https://cdn.example.net/fair.png"), ("utm_source", "poster"), ("utm_medium", "print"),
        ("utm_campaign", "spring"), ("utm_term", "fair"), ("utm_content", "a4"), ("expires_at", "2026-12-31T23:59"),
        ("max_clicks", "500"), ("data", "invitedBy=ada\nlevel = 3"),
    ]

    @Test("an editor creates a link with every field: it is stored as typed, audited, and the answer is its page", arguments: ServerCases.all)
    func creatingStoresEveryField(transport: Transport, database: TestDatabase) async throws {
        let server = try await DashboardCases.server(database: database)
        try await server.run(transport) { client in
            var browser = try await Self.signedIn(client)
            let form = try await browser.get("/links/new")
            #expect(form.status == .ok)
            for (name, _) in Self.everyField {
                #expect(form.text.contains(#"id="\#(name)" name="\#(name)""#), "\(name)")
                #expect(form.text.contains(#"<label for="\#(name)">"#), "\(name)")
            }
            #expect(form.text.contains(#"<form id="link-form" method="post""#))
            #expect(form.text.contains(#"<button type="submit" id="save-link">Create link</button>"#))
            #expect(!form.text.contains(#"name="host""#), "one link host: no field for it")
            let created = try await browser.post("/links/new", Self.everyField)
            #expect(created.status == .seeOther, "\(created.text)")
            let link = try #require(try await server.parts.storage.link(host: Demo.links, slug: "spring-fair"))
            #expect(created["Location"] == "/links/\(link.id)")
            #expect(link.target == "https://daily.example.com/puzzle/2026-11-20")
            #expect(link.overrides == PlatformOverrides(ios: "https://daily.example.com/ios", android: "https://daily.example.com/android",
                                                        desktop: "https://shop.example.org/desk"))
            #expect(link.preview == SocialPreview(title: "Spring fair", description: "Come along", imageURL: "https://cdn.example.net/fair.png"))
            #expect(link.campaign == Campaign(source: "poster", medium: "print", name: "spring", term: "fair", content: "a4"))
            #expect(link.expiresAt == Moment.parse("2026-12-31T23:59:00Z"))
            #expect(link.maxClicks == 500 && !link.isDisabled)
            #expect(link.data == ["invitedBy": "ada", "level": "3"])
            let entry = try #require(try await server.parts.storage.dashboardAudit(limit: 1).first)
            #expect(entry.action == "link.created" && entry.subject == "https://go.daily.example.com/spring-fair")
            #expect(entry.actor == DemoSite.administratorEmail && entry.before == nil)
            #expect(entry.after?.contains(#""slug":"spring-fair""#) == true)
        }
    }

    @Test("with several link hosts the form offers them, checks the slug on the chosen one, and stores the link there")
    func severalLinkHostsAreOffered() async throws {
        let server = try await DashboardCases.server { configuration in
            var files = DemoSite.files
            files["landfall.yml"] = files["landfall.yml"]?.replacingOccurrences(
                of: "  links: go.daily.example.com ", with: "  links: [go.daily.example.com, {host: print.daily.example.com, caseInsensitiveSlugs: true}]")
            configuration.site = .embedded(name: "the demo with two link hosts", files: files)
        }
        try await server.run(.router) { client in
            var browser = try await Self.signedIn(client)
            let form = try await browser.get("/links/new")
            #expect(form.text.contains(#"<select id="host" name="host""#))
            #expect(form.text.contains(#"<option value="go.daily.example.com" selected>go.daily.example.com</option>"#))
            #expect(form.text.contains(#"<option value="print.daily.example.com">print.daily.example.com (slugs ignore case)</option>"#))
            let check = try await browser.get("/links/slug-check?slug=Friday&host=print.daily.example.com")
            #expect(try check.json["available"] as? Bool == true, "\(check.text)")
            let created = try await browser.post("/links/new", [("target", "https://daily.example.com/puzzle/2026-11-20"), ("slug", "Poster-A"),
                                                                ("host", "print.daily.example.com")])
            #expect(created.status == .seeOther, "\(created.text)")
            let link = try #require(try await server.parts.storage.link(host: "print.daily.example.com", slug: "poster-a"))
            #expect(link.url == "https://print.daily.example.com/poster-a")
            let taken = try await browser.get("/links/slug-check?slug=POSTER-A&host=print.daily.example.com")
            #expect(try taken.json["available"] as? Bool == false, "\(taken.text)")
            let free = try await browser.get("/links/slug-check?slug=POSTER-A")
            #expect(try free.json["available"] as? Bool == true, "the default host is another: \(free.text)")
            let wrong = try await browser.get("/links/slug-check?slug=spring&host=go.example.org")
            #expect(wrong.text.contains("is not a link host of this site"), "\(wrong.text)")
        }
    }

    @Test("an empty slug gets a random one, and a link can start disabled")
    func randomSlugAndDisabled() async throws {
        let server = try await DashboardCases.server()
        try await server.run(.router) { client in
            var browser = try await Self.signedIn(client)
            _ = try await browser.get("/links/new")
            let created = try await browser.post("/links/new", [("target", "https://daily.example.com/"), ("slug", ""), ("disabled", "on")])
            #expect(created.status == .seeOther)
            let id = try #require(created["Location"].flatMap { LinkID(String($0.dropFirst("/links/".count))) })
            let link = try #require(try await server.parts.storage.link(id: id))
            #expect(link.slug.count == 7 && link.isDisabled)
        }
    }

    @Test("each refusal is shown next to its field, with 422, the values kept, and nothing stored", arguments: [
        ([("slug", "friday")], "slug", "The slug &#39;friday&#39; is already used on go.daily.example.com; choose another."),
        ([("slug", "shop")], "slug", "is reserved"),
        ([("slug", "two words")], "slug", "a slug has letters A-Z and a-z, digits"),
        ([("target", "https://evil.example.net/login")], "target", "evil.example.net"),
        ([("target", "ftp://daily.example.com/")], "target", "ftp"),
        ([("target", "not a url")], "target", "The destination contains a space"),
        ([("target", "daily.example.com/puzzle")], "target", "The destination is not an absolute URL"),
        ([("target", "")], "target", "target"),
        ([("desktop_url", "https://evil.example.net/")], "desktop_url", "evil.example.net"),
        ([("image_url", "javascript:alert(1)")], "image_url", "The image must be an absolute http or https URL"),
        ([("expires_at", "2026-11-19T10:00")], "expires_at", "has passed; give a time in the future"),
        ([("expires_at", "next tuesday")], "expires_at", "&#39;next tuesday&#39; is not a date and time"),
        ([("expires_at", "2026-02-30T10:00")], "expires_at", "is not a date and time"),
        ([("max_clicks", "0")], "max_clicks", "0"),
        ([("max_clicks", "-5")], "max_clicks", "-5"),
        ([("max_clicks", "ten")], "max_clicks", "&#39;ten&#39; is not a whole number"),
        ([("max_clicks", "1.5")], "max_clicks", "is not a whole number"),
        ([("title", String(repeating: "x", count: 201))], "title", "at most 200"),
        ([("data", "no equals sign")], "data", "is not KEY=VALUE"),
    ] as [([(String, String)], String, String)])
    func refusalsAreShownNextToTheirField(fields: [(String, String)], field: String, message: String) async throws {
        let server = try await DashboardCases.server()
        let before = try await server.parts.storage.linkCount()
        try await server.run(.router) { client in
            var browser = try await Self.signedIn(client)
            _ = try await browser.get("/links/new")
            var posted: [(String, String)] = [("target", "https://daily.example.com/puzzle/2026-11-20"), ("slug", "kept-slug"), ("title", "Kept title")]
            for (name, value) in fields {
                posted.removeAll { $0.0 == name }
                posted.append((name, value))
            }
            let refused = try await browser.post("/links/new", posted)
            #expect(refused.status == .unprocessableContent)
            let text = refused.text
            let error = try #require(Self.fieldError(field, in: text), "no error for \(field) in \(text)")
            #expect(error.contains(message), "\(error)")
            #expect(text.contains(#"id="\#(field)" name="\#(field)""#))
            #expect(Self.input(field, in: text).contains(#"aria-invalid="true""#))
            if field != "title" && field != "slug" { #expect(text.contains(#"value="Kept title""#)) }
            #expect(try await server.parts.storage.linkCount() == before)
        }
    }

    @Test("several problems are shown at once, each next to its field")
    func severalAtOnce() async throws {
        let server = try await DashboardCases.server()
        try await server.run(.router) { client in
            var browser = try await Self.signedIn(client)
            _ = try await browser.get("/links/new")
            let refused = try await browser.post("/links/new", [
                ("target", "https://evil.example.net/"), ("slug", "shop"), ("max_clicks", "ten"), ("expires_at", "2020-01-01T00:00"),
                ("ios_url", "ftp://x"),
            ])
            #expect(refused.status == .unprocessableContent)
            for field in ["target", "slug", "max_clicks", "expires_at", "ios_url"] {
                #expect(Self.fieldError(field, in: refused.text) != nil, "\(field)")
            }
            #expect(refused.text.contains("5 fields need a change"))
        }
    }

    @Test("editing changes the fields, keeps the host, and audits the link before and after", arguments: ServerCases.all)
    func editingChangesAndAudits(transport: Transport, database: TestDatabase) async throws {
        let server = try await DashboardCases.server(database: database)
        let original = try #require(try await server.parts.storage.link(host: Demo.links, slug: "friday"))
        try await server.run(transport) { client in
            var browser = try await Self.signedIn(client)
            let form = try await browser.get("/links/\(original.id)/edit")
            #expect(form.status == .ok)
            #expect(form.text.contains(#"value="\#(original.target)""#))
            #expect(form.text.contains(#"<button type="submit" id="save-link">Save changes</button>"#))
            #expect(form.text.contains(#"action="/links/\#(original.id)/edit""#))
            let saved = try await browser.post("/links/\(original.id)/edit", [
                ("target", original.target), ("slug", "friday"), ("title", "Friday, renamed"), ("max_clicks", "25"),
                ("utm_source", "edited"),
            ])
            #expect(saved.status == .seeOther, "\(saved.text)")
            #expect(saved["Location"] == "/links/\(original.id)")
            let changed = try #require(try await server.parts.storage.link(id: original.id))
            #expect(changed.preview.title == "Friday, renamed" && changed.maxClicks == 25 && changed.campaign.source == "edited")
            #expect(changed.slug == "friday" && changed.host == Demo.links && changed.target == original.target)
            #expect(changed.preview.description == nil, "a field left empty is cleared")
            let entry = try #require(try await server.parts.storage.dashboardAudit(limit: 1).first)
            #expect(entry.action == "link.changed" && entry.subject == original.url)
            #expect(AuditChange.lines(before: entry.before, after: entry.after).contains { $0.hasPrefix("maxClicks: ") && $0.hasSuffix(" 25") })
            #expect(entry.before?.contains("Friday, renamed") == false && entry.after?.contains("Friday, renamed") == true)
        }
    }

    @Test("a new slug on the edit form takes the box that says so ticked, then the old short URL stops working")
    func changingTheSlugIsMeant() async throws {
        let server = try await DashboardCases.server()
        let original = try #require(try await server.parts.storage.link(host: Demo.links, slug: "friday"))
        try await server.run(.router) { client in
            var browser = try await Self.signedIn(client)
            let form = try await browser.get("/links/\(original.id)/edit")
            #expect(form.text.contains(#"<input type="checkbox" id="confirm_slug" name="confirm_slug">"#))
            let fields = [("target", original.target), ("slug", "friday-moved")]
            let unticked = try await browser.post("/links/\(original.id)/edit", fields)
            #expect(unticked.status == .unprocessableContent)
            #expect(Self.fieldError("slug", in: unticked.text)?.contains("Changing the slug breaks https://go.daily.example.com/friday") == true)
            #expect(try await server.parts.storage.link(id: original.id)?.slug == "friday")
            let ticked = try await browser.post("/links/\(original.id)/edit", fields + [("confirm_slug", "on")])
            #expect(ticked.status == .seeOther)
            #expect(try await server.parts.storage.link(id: original.id)?.slug == "friday-moved")
            #expect(try await client.get("/friday", host: Demo.links, headers: [.userAgent: Visitors.desktop]).status == .notFound)
            #expect(try await client.get("/friday-moved", host: Demo.links, headers: [.userAgent: Visitors.desktop]).status == .found)
        }
    }

    @Test("an edit that is refused shows the refusal and changes nothing; a link that does not exist is a 404 page")
    func refusedEditAndUnknownLink() async throws {
        let server = try await DashboardCases.server()
        let original = try #require(try await server.parts.storage.link(host: Demo.links, slug: "friday"))
        try await server.run(.router) { client in
            var browser = try await Self.signedIn(client)
            _ = try await browser.get("/links/\(original.id)/edit")
            let refused = try await browser.post("/links/\(original.id)/edit", [("target", "https://evil.example.net/"), ("slug", "winter"), ("confirm_slug", "on")])
            #expect(refused.status == .unprocessableContent)
            #expect(Self.fieldError("target", in: refused.text) != nil)
            #expect(Self.fieldError("slug", in: refused.text)?.contains("already used") == true)
            var generator = SystemRandomNumberGenerator()
            let unknown = LinkID.generate(at: Demo.noon, using: &generator)
            for path in ["/links/\(unknown)/edit", "/links/not-an-id/edit"] {
                let missing = try await browser.get(path)
                #expect(missing.status == .notFound, "\(path)")
                #expect(missing.text.contains("No link has this id"))
            }
            let post = try await browser.post("/links/\(unknown)/disable", [])
            #expect(post.status == .notFound)
            #expect(try await server.parts.storage.link(id: original.id) == original)
        }
    }

    @Test("disabling stops the short URL redirecting, enabling brings it back, deleting removes it; each audited", arguments: ServerCases.all)
    func disableEnableDelete(transport: Transport, database: TestDatabase) async throws {
        let server = try await DashboardCases.server(database: database)
        let link = try #require(try await server.parts.storage.link(host: Demo.links, slug: "friday"))
        try await server.run(transport) { client in
            var browser = try await Self.signedIn(client)
            func follow() async throws -> HTTPResponse.Status {
                try await client.get("/friday", host: Demo.links, headers: [.userAgent: Visitors.desktop]).status
            }
            #expect(try await follow() == .found)
            _ = try await browser.get("/links/\(link.id)/edit")
            let disabled = try await browser.post("/links/\(link.id)/disable", [])
            #expect(disabled.status == .seeOther && disabled["Location"] == "/links/\(link.id)")
            #expect(try await follow() == .gone)
            #expect(try await server.parts.storage.dashboardAudit(limit: 1).first?.action == "link.disabled")
            let enabled = try await browser.post("/links/\(link.id)/enable", [])
            #expect(enabled.status == .seeOther && enabled["Location"] == "/links/\(link.id)")
            #expect(try await follow() == .found)
            #expect(try await server.parts.storage.dashboardAudit(limit: 1).first?.action == "link.enabled")
            let deleted = try await browser.post("/links/\(link.id)/delete", [])
            #expect(deleted.status == .seeOther && deleted["Location"] == "/links")
            #expect(try await follow() == .notFound)
            let entry = try #require(try await server.parts.storage.dashboardAudit(limit: 1).first)
            #expect(entry.action == "link.deleted" && entry.subject == link.url && entry.after == nil && entry.before != nil)
        }
    }

    @Test("a viewer gets 403 for the form and for a forged POST to each write route, and nothing changes", arguments: [
        "/links/new", "/links/{id}/edit", "/links/{id}/disable", "/links/{id}/enable", "/links/{id}/delete", "/links/import",
    ])
    func aViewerCannotWrite(route: String) async throws {
        let server = try await DashboardCases.server()
        let storage = server.parts.storage
        let link = try #require(try await storage.link(host: Demo.links, slug: "friday"))
        try await storage.insert(await DashboardCases.person(.viewer, email: "vi@daily.example.com", name: "Vi"))
        let count = try await storage.linkCount()
        try await server.run(.router) { client in
            var browser = DashboardBrowser(client: client)
            try await browser.signIn(email: "vi@daily.example.com", password: DashboardCases.password)
            _ = try await browser.get("/")
            let path = route.replacingOccurrences(of: "{id}", with: link.id.rawValue)
            if !path.hasSuffix("able") && !path.hasSuffix("delete") {
                #expect(try await browser.get(path).status == .forbidden)
            }
            let forged = try await browser.post(path, [("target", "https://daily.example.com/"), ("slug", "forged"), ("title", "Forged"),
                                                        ("csv", "target\nhttps://daily.example.com/x\n")])
            #expect(forged.status == .forbidden)
            #expect(forged.text.contains("Only an editor or an admin can open this page."))
            #expect(try await storage.link(id: link.id) == link)
            #expect(try await storage.linkCount() == count)
        }
    }

    @Test("a POST without its CSRF token is 403 and changes nothing", arguments: ["/links/new", "/links/{id}/edit", "/links/{id}/disable", "/links/{id}/delete"])
    func withoutTheTokenNothingChanges(route: String) async throws {
        let server = try await DashboardCases.server()
        let link = try #require(try await server.parts.storage.link(host: Demo.links, slug: "friday"))
        try await server.run(.router) { client in
            var browser = try await Self.signedIn(client)
            let path = route.replacingOccurrences(of: "{id}", with: link.id.rawValue)
            let refused = try await browser.post(path, [("target", "https://daily.example.com/"), ("title", "No token")], csrf: .some(nil))
            #expect(refused.status == .forbidden)
            #expect(try await server.parts.storage.link(id: link.id) == link)
        }
    }

    @Test("a title made of markup is shown as text on the form")
    func markupIsEscaped() async throws {
        let server = try await DashboardCases.server()
        try await server.run(.router) { client in
            var browser = try await Self.signedIn(client)
            _ = try await browser.get("/links/new")
            let created = try await browser.post("/links/new", [("target", "https://daily.example.com/"), ("title", "<img src=x onerror=alert(1)>")])
            let location = try #require(created["Location"])
            let form = try await browser.get(location + "/edit")
            #expect(form.text.contains(#"value="&lt;img src=x onerror=alert(1)&gt;""#))
            #expect(!form.text.contains("<img src=x"))
            let refused = try await browser.post("/links/new", [("target", "javascript:x"), ("title", "<script>alert(1)</script>")])
            #expect(refused.status == .unprocessableContent && !refused.text.contains("<script>alert"))
        }
    }

    @Test("the slug check says whether a slug may be used, a link's own slug included", arguments: [
        ("fresh-one", nil, true), ("friday", nil, false), ("shop", nil, false), ("a b", nil, false), ("friday", "own", true),
    ] as [(String, String?, Bool)])
    func slugCheck(slug: String, link: String?, available: Bool) async throws {
        let server = try await DashboardCases.server()
        let friday = try #require(try await server.parts.storage.link(host: Demo.links, slug: "friday"))
        try await server.run(.router) { client in
            var browser = try await Self.signedIn(client)
            let query = "slug=\(DashboardBrowser.encode(slug))" + (link == nil ? "" : "&link=\(friday.id)")
            let answer = try await browser.get("/links/slug-check?\(query)")
            #expect(answer.status == .ok)
            let json = try answer.json
            #expect(json["available"] as? Bool == available)
            #expect((json["message"] as? String != nil) == !available)
        }
    }

    // MARK: helpers

    static func signedIn(_ client: ServerClient) async throws -> DashboardBrowser {
        var browser = DashboardBrowser(client: client)
        try await browser.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
        return browser
    }

    /// The text of `<p class="field-error" id="FIELD-error">`.
    static func fieldError(_ field: String, in html: String) -> String? {
        guard let start = html.range(of: #"<p class="field-error" id="\#(field)-error">"#) else { return nil }
        let rest = html[start.upperBound...]
        return rest.range(of: "</p>").map { String(rest[..<$0.lowerBound]) }
    }

    /// The tag of the input (or textarea) named `field`.
    static func input(_ field: String, in html: String) -> String {
        guard let start = html.range(of: #"id="\#(field)" name="\#(field)""#) else { return "" }
        let rest = html[start.lowerBound...]
        return rest.firstIndex(of: ">").map { String(rest[..<$0]) } ?? ""
    }
}
