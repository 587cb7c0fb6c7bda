import Foundation
import Testing
@testable import LandfallServer

/// The bundled page templates, rendered on their own: each one fills the `layout` template
/// (written once, with the doctype, `<head>` and `<main>`) and shows whatever it is given as
/// text; and a site's own templates can fill the same layout, or replace it.
@Suite struct BundledTemplateTests {
    /// The bundled templates a page is rendered with.
    static let pages = ["page", "home", "not-found", "not-yet-available", "error", "link", "link-gone", "invitation", "bridge"]

    /// The other bundled templates: the layout the pages fill, and the partials they include.
    static let layoutAndPartials = ["layout", "head", "style", "app-buttons", "store-buttons", "claim-script", "hero-image",
                                    "app-store-badge", "google-play-badge"]

    /// Markup a value might hold, and the text it must show as.
    static let markup = #"<script>alert("hi")</script>"#
    static let escapedMarkup = "&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt;"

    /// A page's title holding markup, and that title HTML-escaped.
    static let title = "Tom & Jerry's \(markup)"
    static let escapedTitle = "Tom &amp; Jerry&#39;s \(escapedMarkup)"

    /// Values with every text a bundled page shows holding markup, and every button set.
    static func values() -> PageValues {
        var values = PageValues(siteName: "Daily \(markup)")
        values.homeURL = "https://daily.example.com/"
        values.title = title
        values.siteDescription = "About \(markup)"
        values.description = "Today \(markup)"
        values.imageURL = "https://daily.example.com/static/today.png"
        values.heroImageURL = values.imageURL
        values.imageAlt = "Alt \(markup)"
        values.twitterCard = "summary_large_image"
        values.iconURL = "https://daily.example.com/static/icon.png"
        values.canonicalURL = "https://daily.example.com/today"
        values.smartBanner = "app-id=1234567890"
        values.openInAppURL = "https://open.dailypuzzle.app/today"
        values.appStoreURL = "https://apps.apple.com/app/id1234567890"
        values.playStoreURL = "https://play.google.com/store/apps/details?id=com.example.dailypuzzle"
        values.webURL = "https://daily.example.com/today"
        values.heading = "Gone \(markup)"
        values.message = "Sorry \(markup)"
        values.requestID = "request-\(markup)"
        values.invitationCode = "7KQ2M-X4P9T-HCW3R"
        return values
    }

    /// The demo site (which keeps every bundled page template as it is).
    static func demo() throws -> LoadedSite {
        try SiteLoader.load(.demo, now: Demo.noon)
    }

    /// The demo with `templates` (by name) added to its own.
    static func demo(with templates: [String: String]) throws -> LoadedSite {
        var files = DemoSite.files
        for (name, text) in templates { files["templates/\(name).mustache"] = text }
        return try SiteLoader.load(.embedded(name: "the demo with templates of a test's own", files: files), now: Demo.noon)
    }

    /// How many times `part` occurs in `html`.
    static func count(_ part: String, in html: String) -> Int {
        html.components(separatedBy: part).count - 1
    }

    /// What `<main>` holds.
    static func main(of html: String) -> String? {
        guard let start = html.range(of: "<main>"), let end = html.range(of: "</main>", range: start.upperBound..<html.endIndex) else {
            return nil
        }
        return String(html[start.upperBound..<end.lowerBound])
    }

    /// What `<head>` holds.
    static func head(of html: String) -> String? {
        guard let start = html.range(of: "<head>"), let end = html.range(of: "</head>", range: start.upperBound..<html.endIndex) else {
            return nil
        }
        return String(html[start.upperBound..<end.lowerBound])
    }

    @Test("the bundled templates are the page templates, the layout and the partials")
    func bundledTemplatesAreKnown() {
        #expect(Set(BundledTemplates.all.keys) == Set(Self.pages + Self.layoutAndPartials))
    }

    @Test("a bundled page template fills the layout instead of writing the page's skeleton", arguments: pages)
    func pageTemplateFillsTheLayout(name: String) throws {
        let text = try #require(BundledTemplates.all[name])
        #expect(text.hasPrefix("{{<layout}}\n"))
        #expect(text.hasSuffix("\n{{/layout}}"))
        for skeleton in ["<!doctype", "<html", "<head>", "<body>", "<main>", "{{> head}}"] {
            #expect(!text.contains(skeleton), "\(name) writes \(skeleton) itself")
        }
    }

    @Test("a bundled page renders as one whole page, its title escaped in <title> and markup in its values shown as text",
          arguments: pages)
    func pageRendersWhole(name: String) throws {
        let site = try Self.demo()
        #expect(DemoSite.files["templates/\(name).mustache"] == nil, "the demo replaces the bundled \(name)")
        let html = PageRenderer.render(name, values: Self.values(), in: site.templates)

        #expect(html.hasPrefix("<!doctype html>\n<html lang=\"en\">\n<head>\n"))
        #expect(Self.count("<!doctype html>", in: html) == 1)
        for element in ["<html lang=\"en\">", "</html>", "<head>", "</head>", "<body>", "</body>", "<main>", "</main>"] {
            #expect(Self.count(element, in: html) == 1, "\(element) in \(name)")
        }
        #expect(HTMLPage(html).title == Self.escapedTitle)
        #expect(Self.head(of: html)?.contains("<meta name=\"viewport\"") == true, "the head partial")
        #expect(Self.head(of: html)?.contains("<style>") == true, "the style partial")
        #expect(!html.contains(Self.markup), "a value's markup reached the page as markup")
        #expect(!html.contains("<script>alert"))
        let main = try #require(Self.main(of: html))
        #expect(main.contains(Self.escapedMarkup), "\(name) shows none of its values' markup as text")
        #expect(main.contains("<h1>"))
    }

    @Test("the app's icon and the site's name lead home above every bundled page but the home page; the name stands alone on the error page",
          arguments: pages)
    func siteLineOfEachPage(name: String) throws {
        let html = PageRenderer.render(name, values: Self.values(), in: try Self.demo().templates)
        let main = try #require(Self.main(of: html))
        let linked = #"<header class="site"><a href="https://daily.example.com/">"#
        let named = #"<img class="icon" src="https://daily.example.com/static/icon.png" alt="" width="44" height="44"><span class="name">Daily \#(Self.escapedMarkup)</span></a></header>"#
        switch name {
        case "home":
            #expect(!main.contains(#"class="site""#))
        case "error":
            #expect(main.contains(#"<p class="site">Daily \#(Self.escapedMarkup)</p>"#))
            #expect(!main.contains("<a "), "the error page has no link: the site may not be known")
        default:
            #expect(Self.count(linked, in: main) == 1 && Self.count(named, in: main) == 1)
            #expect(main.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix(linked), "the app's icon and name come first in <main>")
        }
    }

    @Test("the demo's own page templates (examples/demo/templates/) fill the bundled layout", arguments: ["puzzle", "article"])
    func demoTemplatesFillTheLayout(name: String) throws {
        let directory = DemoSiteTests.demoDirectory
        let text = try String(contentsOf: directory.appendingPathComponent("templates/\(name).mustache"), encoding: .utf8)
        #expect(text.hasPrefix("{{<layout}}\n"))
        #expect(!text.contains("<!doctype"))
        let site = try SiteLoader.load(.file(directory.appendingPathComponent("landfall.yml").path), now: Demo.noon)
        let html = PageRenderer.render(name, values: Self.values(), in: site.templates)
        #expect(Self.count("<!doctype html>", in: html) == 1)
        #expect(Self.count("<main>", in: html) == 1)
        #expect(HTMLPage(html).title == Self.escapedTitle)
        #expect(Self.main(of: html)?.contains(#"<header class="site"><a href="https://daily.example.com/">"#) == true)
        #expect(!html.contains(Self.markup))
    }

    @Test("a site's template filling the layout gets the bundled head, its own head tags, and its own content")
    func siteTemplateFillsTheLayout() throws {
        let site = try Self.demo(with: ["greeting": """
            {{<layout}}
            {{$head}}<meta name="theme-color" content="#3b5bdb">{{/head}}
            {{$main}}
              <h1 id="greeting">Hello from {{siteName}}</h1>
            {{/main}}
            {{/layout}}
            """])
        let html = PageRenderer.render("greeting", values: Self.values(), in: site.templates)
        #expect(Self.count("<!doctype html>", in: html) == 1)
        #expect(Self.count("<main>", in: html) == 1)
        let head = try #require(Self.head(of: html))
        #expect(HTMLPage(html).title == Self.escapedTitle)
        #expect(head.contains(#"<meta name="viewport" content="width=device-width, initial-scale=1">"#))
        #expect(head.contains(#"<meta name="twitter:card" content="summary_large_image">"#))
        #expect(head.contains("<style>"))
        #expect(head.contains(##"<meta name="theme-color" content="#3b5bdb">"##))
        let main = try #require(Self.main(of: html))
        #expect(main.contains(#"<header class="site"><a href="https://daily.example.com/">"#), "the layout's site line by default")
        #expect(main.contains(#"<h1 id="greeting">Hello from Daily \#(Self.escapedMarkup)</h1>"#))
        #expect(!html.contains(Self.markup))
    }

    @Test("a site's own layout replaces the bundled one under every bundled page", arguments: pages)
    func siteLayoutReplacesTheBundledOne(name: String) throws {
        let site = try Self.demo(with: ["layout": """
            <!doctype html>
            <html lang="fr">
            <head>{{> head}}</head>
            <body><div class="frame"><main>{{$site}}{{/site}}{{$main}}{{/main}}</main></div></body>
            </html>
            """])
        let html = PageRenderer.render(name, values: Self.values(), in: site.templates)
        #expect(html.contains(#"<html lang="fr">"#))
        #expect(html.contains(#"<div class="frame"><main>"#))
        #expect(Self.count("<!doctype html>", in: html) == 1)
        #expect(HTMLPage(html).title == Self.escapedTitle)
        #expect(Self.main(of: html)?.contains("<h1>") == true, "\(name) fills the site's layout")
    }

    @Test("a site's head partial replaces the bundled one inside the layout")
    func siteHeadPartialReplacesTheBundledOne() throws {
        let site = try Self.demo(with: ["head": "<title>{{siteName}}: {{title}}</title>"])
        let html = PageRenderer.render("page", values: Self.values(), in: site.templates)
        #expect(HTMLPage(html).title == "Daily \(Self.escapedMarkup): \(Self.escapedTitle)")
        #expect(!html.contains("<style>"), "the site's head leaves the bundled style out")
        #expect(Self.count("<!doctype html>", in: html) == 1)
    }
}
