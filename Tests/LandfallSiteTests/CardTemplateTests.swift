import Foundation
import LandfallSite
import Testing

/// A route's `card:` in `landfall.yml`: read, checked (placeholders against what the route can
/// fill, with the line and column of the placeholder), and resolved for one page or link.
@Suite struct CardTemplateTests {
    /// ``SiteDocuments/minimal`` with a card on its puzzle route (the card's first line is line 22).
    static func document(card: String) -> String {
        let indented = card.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }.joined(separator: "\n")
        return SiteDocuments.minimal.replacingOccurrences(
            of: "    embargo: {day: date}\n", with: "    embargo: {day: date}\n    card:\n\(indented)\n")
    }

    static func site(card: String) throws -> SiteConfiguration {
        let check = SiteConfigurationReader.check(yaml: document(card: card))
        #expect(check.issues == [])
        return try #require(check.site).configuration
    }

    @Test("every key of a card is read")
    func readsEveryKey() throws {
        let site = try Self.site(card: """
        size: 800x418
        background: static/card.png
        overlay: "#00000080"
        icon: /static/icon.png
        title: {text: "Puzzle {date}", size: 80, color: "#ffcc00", maxLines: 2}
        lines:
          - "Shared score: {score}"
          - {text: "{words} words", alignment: center, font: [fonts/Brand.ttf, DejaVu Sans]}
        font: DejaVu Serif
        titleFont: [fonts/Brand-Bold.otf]
        color: "#FFFFFF"
        alignment: trailing
        data: [score]
        content: [words]
        """)
        let card = try #require(site.routes[0].card)
        #expect(card.width == 800 && card.height == 418)
        #expect(card.background == .image(path: "static/card.png", overlay: "#00000080"))
        #expect(card.icon == .path("static/icon.png"))
        #expect(card.title == CardTemplate.Text(try PlaceholderText("Puzzle {date}"), size: 80, color: "#ffcc00", maxLines: 2))
        #expect(card.lines.map(\.text.text) == ["Shared score: {score}", "{words} words"])
        #expect(card.lines[1].alignment == .center && card.lines[1].fonts == ["fonts/Brand.ttf", "DejaVu Sans"])
        #expect(card.fonts == ["DejaVu Serif"] && card.titleFonts == ["fonts/Brand-Bold.otf"])
        #expect(card.color == "#ffffff" && card.alignment == .trailing)
        #expect(card.data == ["score"] && card.content == ["words"])
        #expect(site.routes[1].card == nil)
    }

    struct Broken: Sendable, CustomTestStringConvertible {
        var card: String
        var line: Int
        var column: Int?
        var message: String
        var testDescription: String { message }
    }

    @Test("a placeholder the route cannot fill, and every bad value, is an error at its line and column", arguments: [
        Broken(card: "title: \"Score {score}\"", line: 23, column: 21,
               message: "{score} is not a placeholder this card can fill; the card of '/puzzle/:date' can fill: {date}, {title}, {description}, {site}; name a short link's data key in 'data:' or a content field in 'content:'"),
        Broken(card: "lines: [\"{date}\", \"{dat}\"]", line: 23, column: 26,
               message: "{dat} is not a placeholder this card can fill; did you mean {date}? the card of '/puzzle/:date' can fill: {date}, {title}, {description}, {site}; name a short link's data key in 'data:' or a content field in 'content:'"),
        Broken(card: "data: [score]\nlines:\n  - {text: \"{scor} points\", size: 40}", line: 25, column: 19,
               message: "{scor} is not a placeholder this card can fill; did you mean {score}? the card of '/puzzle/:date' can fill: {date}, {title}, {description}, {site}, {score}; name a short link's data key in 'data:' or a content field in 'content:'"),
        Broken(card: "title: \"Puzzle {date\"", line: 23, column: 22, message: "'{' has no closing '}'"),
        Broken(card: "size: 1200 by 630", line: 23, column: 13, message: "'1200 by 630' is not a card size; write WIDTHxHEIGHT in pixels, each 16...4096, such as 1200x630"),
        Broken(card: "background: \"#12345\"", line: 23, column: 19, message: "'#12345' is not a colour; write it as #RRGGBB or #RGB, such as #3B5BDB"),
        Broken(card: "background: https://example.com/a.png", line: 23, column: 19, message: "'https://example.com/a.png' is not a file in the site folder; write a path such as static/card.png, without '..' or a URL"),
        Broken(card: "background: static/card.jpg", line: 23, column: 19, message: "'static/card.jpg' is not a PNG file; cards read PNG images only"),
        Broken(card: "icon: ../secret.png", line: 23, column: 13, message: "'../secret.png' is not a file in the site folder; write a path such as static/card.png, without '..' or a URL"),
        Broken(card: "alignment: middle", line: 23, column: 18, message: "'middle' is not an alignment; write leading, center or trailing"),
        Broken(card: "font: ../fonts/x.ttf", line: 23, column: 13, message: "'../fonts/x.ttf' is not a file in the site folder; write a path such as static/card.png, without '..' or a URL"),
        Broken(card: "colour: \"#ffffff\"", line: 23, column: 7, message: "unknown key 'colour'; did you mean 'color'?"),
        Broken(card: "lines:\n  - {txt: hello}", line: 24, column: 12, message: "unknown key 'txt'; did you mean 'text'?"),
        Broken(card: "data: [\"a-b\"]", line: 23, column: 14, message: "'a-b' is not a placeholder name; write letters, digits and _"),
    ])
    func broken(_ broken: Broken) {
        let check = SiteConfigurationReader.check(yaml: Self.document(card: broken.card), source: "landfall.yml")
        #expect(check.hasErrors)
        let issue = check.issues.first { $0.message == broken.message }
        #expect(issue != nil, "issues: \(check.issues.map(\.description))")
        #expect(issue?.line == broken.line)
        if let column = broken.column { #expect(issue?.column == column) }
    }

    @Test("a card is filled from the route's parameters, its page and a link's data; a line without its value is left out")
    func resolves() throws {
        let site = try Self.site(card: """
        title: "Daily Puzzle · {date}"
        lines: ["Shared score: {score}", "{words} words to find", "{site}"]
        data: [score]
        content: [words]
        """)
        let card = try #require(site.routes[0].card)
        let shared = card.resolved(with: CardValues(parameters: ["date": "2026-11-20"], content: ["words": "7"], data: ["score": "42", "other": "x"]), site: site)
        #expect(shared.title.text == "Daily Puzzle · 2026-11-20")
        #expect(shared.lines.map(\.text) == ["Shared score: 42", "7 words to find", "Test Site"])
        let plain = card.resolved(with: CardValues(parameters: ["date": "2026-11-20"], data: ["score": ""]), site: site)
        #expect(plain.lines.map(\.text) == ["Test Site"])
        #expect(plain.title.size == CardTemplate.titleSize && plain.title.maxLines == CardTemplate.titleMaxLines)
        #expect(plain.title.fonts == CardTemplate.defaultTitleFonts && plain.lines[0].fonts == CardTemplate.defaultFonts)
    }

    @Test("a route without a card gets the site's colour, icon, the page's title and the site's name")
    func siteDefault() throws {
        var site = try Self.site(card: "title: \"{title}\"")
        site.color = "#0b7285"
        site.icon = "/static/icon.png"
        let card = site.cardTemplate(for: site.routes[1]).resolved(with: CardValues(title: "You're invited"), site: site)
        #expect(card.width == 1200 && card.height == 630)
        #expect(card.background == .color("#0b7285"))
        #expect(card.icon == "static/icon.png")
        #expect(card.title.text == "You're invited")
        #expect(card.title.color == "#ffffff")
        #expect(card.lines.map(\.text) == ["Test Site"])
        #expect(card.lines[0].color == "#ffffffd9")
        let untitled = site.cardTemplate(for: site.routes[1]).resolved(with: CardValues(), site: site)
        #expect(untitled.title.text == "Test Site")
    }

    @Test("text is white or near-black, whichever reads on the background", arguments: [
        ("#3b5bdb", "#ffffff"), ("#ffffff", "#1c1f26"), ("#ffd43b", "#1c1f26"), ("#000000", "#ffffff"), ("#868e96", "#1c1f26"),
    ])
    func readableColor(background: String, expected: String) throws {
        let site = try Self.site(card: "background: \"\(background)\"")
        let card = try #require(site.routes[0].card).resolved(with: CardValues(), site: site)
        #expect(card.title.color == expected)
    }

    @Test("an image background gets a shade unless the card sets its own, and white text")
    func imageBackground() throws {
        let site = try Self.site(card: "background: static/card.png")
        let card = try #require(site.routes[0].card).resolved(with: CardValues(), site: site)
        #expect(card.background == .image(path: "static/card.png", overlay: CardTemplate.defaultOverlay))
        #expect(card.title.color == "#ffffff")
    }
}
