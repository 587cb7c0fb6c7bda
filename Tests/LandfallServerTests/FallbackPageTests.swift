import Foundation
import Hummingbird
import LandfallCards
import Testing
@testable import LandfallServer

/// The pages people without the app see: preview tags, store buttons, "Open in the app"
/// through the interstitial host, the redirects between hosts, and pages that escape
/// everything they show.
@Suite struct FallbackPageTests {
    @Test("a puzzle page has its title, preview tags, Smart App Banner and store links", arguments: Transport.allCases)
    func puzzlePageHasPreviewTags(transport: Transport) async throws {
        let server = try await TestServer()
        try await server.run(transport) { client in
            let response = try await client.get("/puzzle/2026-11-20")
            #expect(response.status == .ok)
            #expect(response["Content-Type"] == "text/html; charset=utf-8")
            let page = HTMLPage(response.text)
            #expect(page.title == "Daily Puzzle for 2026-11-20: Compass")
            #expect(page.meta("og:title") == "Daily Puzzle for 2026-11-20: Compass")
            #expect(page.meta("og:description") == "Every direction at once: the theme is finding your way.")
            if CardRenderer.isAvailable {
                #expect(page.meta("og:image")?.hasPrefix("https://daily.example.com/static/cards/") == true, "the puzzle's share card")
                #expect(page.meta("og:image:alt") == "Daily Puzzle #402 · 2026-11-20 · Compass")
            } else {
                #expect(page.meta("og:image") == "https://daily.example.com/static/daily-puzzle.png", "the site's image, a static file")
                #expect(page.meta("og:image:alt") == "The Daily Puzzle grid with the word DAILY found")
            }
            #expect(page.meta("og:image:width") == "1200" && page.meta("og:image:height") == "630")
            #expect(page.meta("og:url") == "https://daily.example.com/puzzle/2026-11-20")
            #expect(page.meta("og:site_name") == "Daily Puzzle")
            #expect(page.meta("twitter:card") == "summary_large_image")
            #expect(page.meta("apple-itunes-app") == "app-id=1234567890, app-argument=https://daily.example.com/puzzle/2026-11-20")
            #expect(page.meta("robots") == nil)
            #expect(page.link(id: "app-store") == "https://apps.apple.com/app/id1234567890")
            #expect(page.link(id: "google-play") == "https://play.google.com/store/apps/details?id=com.example.dailypuzzle")
            #expect(page.link(id: "open-in-app") == "https://open.dailypuzzle.app/puzzle/2026-11-20")
            #expect(response.text.contains(">Open in the app</a>"))
            #expect(response.text.contains("<h1>Compass</h1>"), "the demo's puzzle template shows the theme")
        }
    }

    @Test("through a development name, the page's links stay on development names and its tags stay canonical",
          arguments: Transport.allCases)
    func developmentNamesKeepLinksLocal(transport: Transport) async throws {
        let server = try await TestServer()
        try await server.run(transport) { client in
            let port = client.port ?? 8080
            let response = try await client.get("/puzzle/2026-11-20?ref=share", host: "localhost:\(port)")
            #expect(response.status == .ok)
            let page = HTMLPage(response.text)
            #expect(page.link(id: "open-in-app") == "http://127.0.0.1:\(port)/puzzle/2026-11-20?ref=share")
            #expect(page.meta("og:url") == "https://daily.example.com/puzzle/2026-11-20?ref=share")
            #expect(page.meta("apple-itunes-app") == "app-id=1234567890, app-argument=https://daily.example.com/puzzle/2026-11-20?ref=share")
            let image = CardRenderer.isAvailable ? "/static/cards/" : "/static/daily-puzzle.png"
            #expect(page.meta("og:image")?.hasPrefix("https://daily.example.com" + image) == true)
            #expect(response.text.contains(#"<img class="hero" src="http://localhost:\#(port)\#(image)"#),
                    "the page's own <img> loads from this machine's name of the site")

            let back = try await client.get("/puzzle/2026-11-20?ref=share", host: "127.0.0.1:\(port)")
            #expect(back.status == .found)
            #expect(back["Location"] == "http://localhost:\(port)/puzzle/2026-11-20?ref=share")
        }
    }

    /// Requests that are answered with a redirect, and where to.
    static let redirects: [(host: String, path: String, forwardedProto: String?, status: Int, location: String)] = [
        (Demo.interstitial, "/puzzle/2026-11-20", nil, 302, "https://daily.example.com/puzzle/2026-11-20"),
        (Demo.interstitial, "/invites/7KQ2M-X4P9T-HCW3R?from=ana", nil, 302, "https://daily.example.com/invites/7KQ2M-X4P9T-HCW3R?from=ana"),
        (Demo.interstitial, "/no/such/page", nil, 302, "https://daily.example.com/no/such/page"),
        (Demo.alias, "/puzzle/2026-11-20", nil, 301, "https://daily.example.com/puzzle/2026-11-20"),
        (Demo.alias, "/?utm_source=mail", nil, 301, "https://daily.example.com/?utm_source=mail"),
        (Demo.site, "/puzzle/2026-11-20", "http", 301, "https://daily.example.com/puzzle/2026-11-20"),
        (Demo.site, "/puzzle/2026-11-20?a=1", "HTTP, https", 301, "https://daily.example.com/puzzle/2026-11-20?a=1"),
        (Demo.alias, "/puzzle/2026-11-20", "http", 301, "https://www.daily.example.com/puzzle/2026-11-20"),
    ]

    @Test("hosts other than the site send pages to the site, and plain http goes to https", arguments: Transport.allCases)
    func redirectsGoToTheSite(transport: Transport) async throws {
        let server = try await TestServer()
        try await server.run(transport) { client in
            for (host, path, forwardedProto, status, location) in Self.redirects {
                var headers = HTTPFields()
                if let forwardedProto { headers[.init("X-Forwarded-Proto")!] = forwardedProto }
                let response = try await client.get(path, host: host, headers: headers)
                #expect(response.status.code == status, "\(path) on \(host)")
                #expect(response["Location"] == location, "\(path) on \(host)")
            }
        }
    }

    @Test("a development name is served over plain http without a redirect")
    func developmentNamesStayOnHTTP() async throws {
        let server = try await TestServer()
        try await server.run(.router) { client in
            let response = try await client.get("/puzzle/2026-11-20", host: "localhost:8080", headers: [.init("X-Forwarded-Proto")!: "http"])
            #expect(response.status == .ok)
            #expect(response["Location"] == nil)
        }
    }

    @Test("Accept: application/json gets the page as JSON", arguments: Transport.allCases)
    func jsonView(transport: Transport) async throws {
        let server = try await TestServer()
        try await server.run(transport) { client in
            let response = try await client.get("/puzzle/2026-11-20", headers: [.accept: "application/json"])
            #expect(response.status == .ok)
            #expect(response["Content-Type"] == "application/json")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            #expect(json["route"] as? String == "puzzle")
            #expect(json["url"] as? String == "https://daily.example.com/puzzle/2026-11-20")
            #expect(json["parameters"] as? [String: String] == ["date": "2026-11-20"])
            #expect(json["title"] as? String == "Daily Puzzle for 2026-11-20: Compass")
            #expect((json["image"] as? String)?.hasPrefix(CardRenderer.isAvailable ? "https://daily.example.com/static/cards/"
                                                                                     : "https://daily.example.com/static/daily-puzzle.png") == true)
            #expect(json["opensApp"] as? Bool == true)
            #expect((json["content"] as? [String: Any])?["theme"] as? String == "Compass")

            let html = try await client.get("/puzzle/2026-11-20", headers: [.accept: "text/html, application/json;q=0.9"])
            #expect(html["Content-Type"] == "text/html; charset=utf-8", "a browser that accepts both gets HTML")
        }
    }

    @Test("/ renders the home page")
    func homePage() async throws {
        let server = try await TestServer()
        try await server.run(.router) { client in
            let response = try await client.get("/")
            #expect(response.status == .ok)
            let page = HTMLPage(response.text)
            #expect(page.title == "Daily Puzzle")
            #expect(response.text.contains("<h1>Daily Puzzle</h1>"))
            #expect(response.text.contains("A new word puzzle every day."))
            #expect(page.meta("og:url") == "https://daily.example.com/")
            #expect(page.link(id: "app-store") == "https://apps.apple.com/app/id1234567890")
        }
    }

    @Test("an unknown address gets the friendly 404 page, with a way home and no internals",
          arguments: ["/no/such/page", "/puzzle/2026-02-30", "/puzzle/yesterday", "/puzzle/1999-01-01", "/news/no-such-article",
                      "/.env", "/index.php?id=1"])
    func unknownPathGetsFriendlyPage(path: String) async throws {
        let server = try await TestServer()
        try await server.run(.router) { client in
            let response = try await client.get(path)
            #expect(response.status == .notFound)
            #expect(response["Content-Type"] == "text/html; charset=utf-8")
            let page = HTMLPage(response.text)
            #expect(response.text.contains("This link doesn't lead anywhere"))
            #expect(page.link(id: "home") == "https://daily.example.com/puzzle/today")
            #expect(page.meta("robots") == "noindex")
            for leak in ["Error", "error:", ".swift", "Stack", "Fatal", "landfall.yml", "content/"] {
                #expect(!response.text.contains(leak), "\(path) shows \(leak)")
            }

            let json = try await client.get(path, headers: [.accept: "application/json"])
            #expect(json.status == .notFound)
            #expect(json.text.contains("\"not_found\""))
        }
    }

    @Test("text from content, parameters and the address is escaped in the body and in every tag")
    func everythingShownIsEscaped() async throws {
        let script = "<script>alert(1)</script>"
        let site = try TemporarySite(TemporarySite.configuration(routes: """
              - name: story
                pattern: /story/:slug
                page: {content: "story/{slug}"}
              - name: tag
                pattern: /tag/:name
                page: {title: "Puzzles tagged {name}", description: "All about {name}"}
            """), files: [
                "content/story/evil.json": #"""
                    {"title": "<script>alert(1)</script>", "description": "He said \"hi\" & it's <b>bold</b>",
                     "image": "https://img.example.com/a.png?x=\"><script>alert(1)</script>"}
                    """#,
            ])
        defer { site.remove() }
        let server = try await TestServer(site: site.source)
        try await server.run(.router) { client in
            let story = try await client.get("/story/evil", host: TemporarySite.host)
            #expect(story.status == .ok)
            let page = HTMLPage(story.text)
            #expect(page.title == "&lt;script&gt;alert(1)&lt;/script&gt;")
            #expect(page.meta("og:title") == "&lt;script&gt;alert(1)&lt;/script&gt;")
            #expect(page.meta("twitter:title") == "&lt;script&gt;alert(1)&lt;/script&gt;")
            let description = "He said &quot;hi&quot; &amp; it&#39;s &lt;b&gt;bold&lt;/b&gt;"
            #expect(page.meta("description") == description)
            #expect(page.meta("og:description") == description)
            #expect(page.meta("twitter:description") == description)
            #expect(page.meta("og:image") == "https://img.example.com/a.png?x=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;")
            #expect(story.text.contains("<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>"))

            let tag = try await client.get("/tag/%3Cscript%3Ealert(1)%3C%2Fscript%3E", host: TemporarySite.host)
            let reflected = try await client.get("/story/evil?q=%22%3E\(script)&r=\"><script>alert(1)</script>", host: TemporarySite.host)
            for response in [story, tag, reflected] {
                #expect(!response.text.contains("<script>alert"), "\(response.text)")
                #expect(!response.text.contains("<b>bold"))
                for tag in HTMLPage(response.text).metaTags {
                    let attributes = tag.dropFirst("<meta ".count).dropLast()
                    // Every attribute value is one quoted string: an even count of quotes and no bare < or >.
                    #expect(attributes.filter { $0 == "\"" }.count % 2 == 0, "\(tag)")
                    #expect(!attributes.contains("<") && !attributes.contains(">"), "\(tag)")
                    #expect(!attributes.contains("\" on") && !attributes.contains("\"><"), "\(tag)")
                }
            }
        }
    }

    @Test("a template in the site's templates directory replaces the bundled one of the same name")
    func templateOverride() async throws {
        let configuration = TemporarySite.configuration(routes: """
              - name: invite
                pattern: /invite/:code
                page: {title: "Invitation {code}"}
            """)
        let site = try TemporarySite(configuration, files: [
            "templates/page.mustache": "<!doctype html><title>{{title}}</title><p id=\"custom\">Our own page for {{title}}</p>\n",
            "templates/not-found.mustache": "<p id=\"custom-404\">Lost? Go to {{homeURL}}</p>\n",
        ])
        defer { site.remove() }
        let server = try await TestServer(site: site.source)
        try await server.run(.router) { client in
            let invite = try await client.get("/invite/ABC", host: TemporarySite.host)
            #expect(invite.status == .ok)
            #expect(invite.text.contains("<p id=\"custom\">Our own page for Invitation ABC</p>"))
            #expect(!invite.text.contains("og:title"), "the bundled page template is not used")
            let missing = try await client.get("/nowhere", host: TemporarySite.host)
            #expect(missing.status == .notFound)
            #expect(missing.text == "<p id=\"custom-404\">Lost? Go to https://puzzles.example.com/</p>\n")
        }

        // The same template from a directory given on the command line (`--templates`).
        let elsewhere = try TemporaryDirectory("landfall-templates")
        defer { elsewhere.remove() }
        try elsewhere.write("page.mustache", "<p id=\"elsewhere\">{{title}}</p>\n")
        let given = try await TestServer(site: .file(site.configurationPath, templates: elsewhere.path))
        try await given.run(.router) { client in
            let invite = try await client.get("/invite/ABC", host: TemporarySite.host)
            #expect(invite.text == "<p id=\"elsewhere\">Invitation ABC</p>\n")
        }
    }

    @Test("a route naming a template that does not exist stops the server from starting, naming the route")
    func missingTemplateIsRefused() async throws {
        let site = try TemporarySite(TemporarySite.configuration(routes: """
              - name: invite
                pattern: /invite/:code
              - name: ghost
                pattern: /ghost/:id
                page: {template: haunted}
            """))
        defer { site.remove() }
        let data = try TemporaryDirectory("landfall-data")
        defer { data.remove() }
        let error = try await #require(throws: SiteLoadError.self) {
            _ = try await buildApplication(ServerConfiguration(site: site.source, port: 0, dataDirectory: data.path, reloadsOnHangup: false))
        }
        #expect(error.description.contains("'ghost'"), "\(error)")
        #expect(error.description.contains("'haunted'"), "\(error)")
        #expect(error.description.contains("haunted.mustache"), "\(error)")
        #expect(!error.description.contains("'invite'"), "\(error)")
    }

    @Test("a content file that is not valid JSON gives a 500 page with the request id and nothing of the server's insides",
          arguments: ["{\"title\": \"Compass\",", "[1, 2, 3]", "\u{FEFF}not json at all"])
    func malformedContentGivesErrorPage(file: String) async throws {
        let site = try TemporarySite(TemporarySite.configuration(routes: """
              - name: puzzle
                pattern: /puzzle/:date
                parameters: {date: day}
                page: {content: "puzzle/{date}"}
            """), files: ["content/puzzle/2026-11-20.json": file])
        defer { site.remove() }
        let server = try await TestServer(site: site.source)
        try await server.run(.router) { client in
            let response = try await client.get("/puzzle/2026-11-20", host: TemporarySite.host,
                                                headers: [.init("X-Request-ID")!: "trace-500-test"])
            #expect(response.status == .internalServerError)
            #expect(response["X-Request-ID"] == "trace-500-test")
            #expect(response["Cache-Control"] == "no-store")
            #expect(response.text.contains("Request trace-500-test"))
            #expect(response.text.contains("Something went wrong"))
            for leak in ["JSON", "json", "puzzle/2026-11-20", site.directory.path, "content/", "expected", ".swift", "Compass"] {
                #expect(!response.text.contains(leak), "the error page shows \(leak)")
            }
        }
    }
}
