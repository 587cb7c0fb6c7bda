import Foundation
import HTTPTypes
import LandfallLinks
@testable import LandfallServer
import LandfallStorage
import Testing

/// The list of links: newest first, searched, filtered and paged through, what people wrote
/// shown as text, bad parameters refused with what they expect, and editing only for editors.
@Suite struct DashboardLinkListTests {
    /// A link on the demo's link host created `minutes` after noon.
    static func link(_ slug: String, minutes: Int, title: String? = nil, campaign: String? = nil, disabled: Bool = false) -> ShortLink {
        var generator = SystemRandomNumberGenerator()
        let created = Demo.noon.addingTimeInterval(Double(minutes) * 60)
        var link = ShortLink(id: LinkID.generate(at: created, using: &generator), host: "go.daily.example.com", slug: slug,
                             target: "https://daily.example.com/puzzle/\(slug)", createdAt: created)
        link.preview.title = title
        link.campaign.name = campaign
        link.isDisabled = disabled
        return link
    }

    /// The link ids in the table of `html`, in order.
    static func ids(in html: String) -> [String] {
        html.components(separatedBy: #"<td class="short"><a href="/links/"#).dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
    }

    /// The `href` of the element with `id`, unescaped.
    static func href(of id: String, in html: String) -> String? {
        guard let range = html.range(of: #"id="\#(id)""#) else { return nil }
        let rest = html[range.upperBound...]
        guard let start = rest.range(of: #"href=""#) else { return nil }
        let value = rest[start.upperBound...].prefix { $0 != "\"" }
        return value.replacingOccurrences(of: "&amp;", with: "&")
    }

    static func signedIn(_ client: ServerClient, email: String = DemoSite.administratorEmail) async throws -> DashboardBrowser {
        var browser = DashboardBrowser(client: client)
        try await browser.signIn(email: email, password: DashboardCases.password)
        return browser
    }

    @Test("the list shows links newest first with their short URL, copy button, state and creation time", arguments: ServerCases.all)
    func theListShowsLinksNewestFirst(transport: Transport, database: TestDatabase) async throws {
        let server = try await DashboardCases.server(database: database)
        let older = Self.link("older", minutes: 1, title: "Older one")
        let newer = Self.link("newer", minutes: 2, title: "Newer one", disabled: true)
        try await server.parts.storage.insert([older, newer])
        try await server.run(transport) { client in
            var browser = try await Self.signedIn(client)
            let page = try await browser.get("/links")
            #expect(page.status == .ok)
            let text = page.text
            #expect(Array(Self.ids(in: text).prefix(2)) == [newer.id.rawValue, older.id.rawValue])
            #expect(text.contains(#"<a href="/links/\#(older.id.rawValue)"><span class="host">go.daily.example.com/</span><wbr>older</a><button type="button" class="copy" data-copy="https://go.daily.example.com/older">Copy</button>"#))
            #expect(text.contains(#"<span class="badge bad">disabled</span>"#))
            #expect(text.contains(#"<span class="badge good">active</span>"#))
            #expect(text.contains("2026-11-20 17:01 UTC"))
            #expect(text.contains(#"title="https://daily.example.com/puzzle/older""#))
            #expect(text.contains(#"<a href="/links" aria-current="page">Links</a>"#))
            #expect(text.contains(#"<form class="toolbar" method="get" action="/links""#))
            #expect(text.contains(#"id="new-link" href="/links/new""#) && text.contains(#"href="/links/import""#))
        }
    }

    @Test("a search finds links by title and by slug; each filter keeps its links", arguments: [
        ("q=WINTER", ["snow", "winter-cup"]),          // title and slug, case ignored
        ("q=league", ["winter-cup"]),
        ("q=sn", ["snow"]),                            // 2 characters: the slug's start
        ("campaign=spring", ["spring"]),
        ("state=disabled", ["spring"]),
        ("state=active&q=puzzle/", ["snow", "winter-cup", "plain"]),
        ("host=go.daily.example.com&q=plain", ["plain"]),
        ("sort=oldest&q=puzzle/", ["plain", "winter-cup", "snow", "spring"]),
        ("q=nothing+like+it", []),
    ])
    func searchAndFiltersSelectLinks(parameters: String, slugs: [String]) async throws {
        let server = try await DashboardCases.server()
        let links = [
            Self.link("plain", minutes: 1),
            Self.link("winter-cup", minutes: 2, title: "The League finals"),
            Self.link("snow", minutes: 3, title: "Winter is here"),
            Self.link("spring", minutes: 4, campaign: "spring", disabled: true),
        ]
        try await server.parts.storage.insert(links)
        try await server.run(.router) { client in
            var browser = try await Self.signedIn(client)
            let page = try await browser.get("/links?\(parameters)")
            #expect(page.status == .ok)
            let bySlug = Dictionary(uniqueKeysWithValues: links.map { ($0.id.rawValue, $0.slug) })
            #expect(Self.ids(in: page.text).compactMap { bySlug[$0] } == slugs)
            if slugs.isEmpty {
                #expect(page.text.contains("No links match these filters. <a href=\"/links\">Clear the filters</a>"))
            }
        }
    }

    @Test("the Next page link carries the filters and reaches every link exactly once", arguments: ["", "sort=clicks", "sort=oldest", "q=puzzle/"])
    func pagingReachesEveryLinkOnce(parameters: String) async throws {
        let server = try await DashboardCases.server()
        var links = (0..<123).map { Self.link("page-\($0)", minutes: $0 % 7) }
        for index in links.indices { links[index].clickCount = index % 4 }
        try await server.parts.storage.insert(links)
        let all = try await server.parts.storage.links(LinkQuery(limit: 500))
        let expected = parameters == "q=puzzle/" ? all.filter { $0.target.contains("puzzle/") } : all
        try await server.run(.router) { client in
            var browser = try await Self.signedIn(client)
            var path: String? = "/links" + (parameters.isEmpty ? "" : "?\(parameters)")
            var seen: [String] = []
            var pages = 0
            while let next = path, pages <= 10 {
                let page = try await browser.get(next)
                #expect(page.status == .ok)
                seen += Self.ids(in: page.text)
                #expect(page.text.contains(#"id="first-page""#) == (pages > 0))
                if pages > 0, !parameters.isEmpty { #expect(next.contains(parameters), "\(next)") }
                path = Self.href(of: "next-page", in: page.text)
                pages += 1
            }
            #expect(seen.count == expected.count)
            #expect(Set(seen) == Set(expected.map(\.id.rawValue)))
        }
    }

    @Test("a title made of markup is shown as text")
    func markupIsShownAsText() async throws {
        let server = try await DashboardCases.server()
        try await server.parts.storage.insert([Self.link("xss", minutes: 1, title: "<img src=x onerror=alert(1)>")])
        try await server.run(.router) { client in
            var browser = try await Self.signedIn(client)
            let text = try await browser.get("/links?q=xss").text
            #expect(text.contains("&lt;img src=x onerror=alert(1)&gt;"))
            #expect(!text.contains("<img src=x"))
        }
    }

    @Test("a bad parameter is a 400 page saying which and what it expects", arguments: [
        ("state=gone", "state must be active, disabled or expired (or empty for every state); &#39;gone&#39; is not."),
        ("sort=alphabetical", "sort must be newest, oldest or clicks; &#39;alphabetical&#39; is not."),
        ("after=nowhere", "after must be the place a Next page link gives, such as a link&#39;s id; &#39;nowhere&#39; is not."),
        ("sort=clicks&after=0198a3b2-7c4d-7e5f-8a6b-1c2d3e4f5a6b", "after is the place in a list sorted another way than by clicks"),
        ("host=elsewhere.example.com", "host must be go.daily.example.com (or empty for every host); &#39;elsewhere.example.com&#39; is not."),
        ("q=" + String(repeating: "a", count: 201), "q is 201 characters long; search with at most 200."),
    ])
    func badParametersAreRefused(parameters: String, message: String) async throws {
        let server = try await DashboardCases.server()
        try await server.run(.router) { client in
            var browser = try await Self.signedIn(client)
            let page = try await browser.get("/links?\(parameters)")
            #expect(page.status == .badRequest)
            #expect(page.text.contains(message), "\(page.text)")
        }
    }

    @Test("a viewer sees the list but no New link or Import CSV button")
    func aViewerCannotEdit() async throws {
        let server = try await DashboardCases.server()
        try await server.parts.storage.insert(await DashboardCases.person(.viewer, email: "vi@daily.example.com", name: "Vi"))
        try await server.parts.storage.insert([Self.link("seen", minutes: 1)])
        try await server.run(.router) { client in
            var browser = try await Self.signedIn(client, email: "vi@daily.example.com")
            let page = try await browser.get("/links")
            #expect(page.status == .ok)
            #expect(page.text.contains(#"<span class="host">go.daily.example.com/</span><wbr>seen</a>"#))
            #expect(!page.text.contains("new-link") && !page.text.contains("/links/import"))
        }
    }

    @Test("signed out, the list sends the browser to sign in")
    func signedOutIsRedirected() async throws {
        let server = try await DashboardCases.server()
        try await server.run(.router) { client in
            var browser = DashboardBrowser(client: client)
            let page = try await browser.get("/links?q=winter")
            #expect(page.status == .seeOther || page.status == .found)
            #expect(page.headers[.location]?.hasPrefix("/sign-in") == true)
        }
    }
}
