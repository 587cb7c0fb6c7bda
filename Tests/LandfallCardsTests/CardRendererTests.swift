import Foundation
import LandfallQR
import Testing

@testable import LandfallCards

#if LANDFALL_CARDS_FREETYPE
@Suite
struct CardRendererTests {
    @Test("a card is a PNG of the card's size, read back by libpng, with the background and the text's ink")
    func rendersPNG() throws {
        let blue = try #require(CardColor(hex: "#3b5bdb"))
        var card = try CardFixtures.card(title: "Daily Puzzle for 2026-11-20", lines: ["Shared score: 42"], background: blue)
        card.title.color = .white
        let png = try CardFixtures.renderer().render(card)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(png.count < 200_000, "compressed: \(png.count) bytes")
        let decoded = try CardImage(name: "card.png", png: png)
        #expect(decoded.width == 1200 && decoded.height == 630)
        func pixel(_ x: Int, _ y: Int) -> CardColor {
            let offset = (y * decoded.width + x) * 4
            return CardColor(red: decoded.rgba[offset], green: decoded.rgba[offset + 1], blue: decoded.rgba[offset + 2], alpha: decoded.rgba[offset + 3])
        }
        #expect(pixel(0, 0) == blue)
        #expect(pixel(1199, 629) == blue)
        // The title's white ink is on the left, between the paddings.
        let whites = (0..<630).flatMap { y in (0..<1200).map { (x: $0, y: y) } }.filter { pixel($0.x, $0.y) == .white }
        #expect(whites.count > 2_000)
        #expect(whites.allSatisfy { $0.x >= 80 && $0.x < 1120 })
    }

    @Test("the card's size and padding are the description's", arguments: [(600, 315), (1200, 630), (800, 800)])
    func sizes(width: Int, height: Int) throws {
        var card = try CardFixtures.card(title: "Hello")
        card.width = width
        card.height = height
        card.padding = width / 15
        let canvas = try CardFixtures.renderer().draw(card)
        #expect(canvas.width == width && canvas.height == height)
        let inked = try #require(CardFixtures.inkedColumns(canvas, background: .white))
        #expect(inked.lowerBound >= card.padding - 2 && inked.upperBound < width - card.padding)
    }

    @Test("an empty title and no lines give the background alone")
    func emptyText() throws {
        let canvas = try CardFixtures.renderer().draw(CardFixtures.card(title: "", lines: ["", "   "]))
        #expect(canvas.rgb.allSatisfy { $0 == 255 })
    }

    @Test("alignment puts the ink at the left, the middle or the right", arguments: CardAlignment.allCases)
    func alignment(alignment: CardAlignment) throws {
        let canvas = try CardFixtures.renderer().draw(CardFixtures.card(title: "Short", alignment: alignment))
        let inked = try #require(CardFixtures.inkedColumns(canvas, background: .white))
        let middle = (inked.lowerBound + inked.upperBound) / 2
        switch alignment {
        case .leading: #expect(inked.lowerBound < 100)
        case .center: #expect(abs(middle - 600) < 8)
        case .trailing: #expect(inked.upperBound > 1100)
        }
    }

    @Test("right-to-left text aligned leading starts at the right edge, in visual order")
    func rightToLeft() throws {
        let renderer = try CardFixtures.renderer()
        for title in ["שלום עולם", "مرحبا بالعالم", "חידה 42 (היום)"] {
            let canvas = try renderer.draw(CardFixtures.card(title: title, alignment: .leading))
            let inked = try #require(CardFixtures.inkedColumns(canvas, background: .white))
            #expect(inked.upperBound > 1100, "\(title): ink ends at \(inked.upperBound)")
            #expect(inked.lowerBound > 300, "\(title): ink starts at \(inked.lowerBound)")
        }
    }

    @Test("a combining accent is drawn like the precomposed letter (NFC first)")
    func combiningAccents() throws {
        let renderer = try CardFixtures.renderer()
        let composed = try renderer.draw(CardFixtures.card(title: "Cr\u{E8}me br\u{FB}l\u{E9}e \u{C5}"))
        let decomposed = try renderer.draw(CardFixtures.card(title: "Cre\u{300}me bru\u{302}le\u{301}e A\u{30A}"))
        #expect(composed.rgb == decomposed.rgb)
    }

    @Test("a combining mark with no precomposed form takes no width and is drawn over its letter")
    func combiningMarkWithoutPrecomposedForm() throws {
        let texts = [CardText("q", size: 72, fonts: [try CardFixtures.regular()])]
        let typesetter = try Typesetter(texts: texts, fallbackFonts: [])
        let plain = typesetter.advance(text: 0, "q", after: nil)
        #expect(plain > 0)
        #expect(typesetter.advance(text: 0, "q\u{303}", after: nil) == plain)
        let renderer = try CardFixtures.renderer()
        let withMark = try renderer.draw(CardFixtures.card(title: "q\u{303}"))
        let without = try renderer.draw(CardFixtures.card(title: "q"))
        #expect(withMark.rgb != without.rgb)
        let markColumns = try #require(CardFixtures.inkedColumns(withMark, background: .white))
        let letterColumns = try #require(CardFixtures.inkedColumns(without, background: .white))
        #expect(markColumns.lowerBound >= letterColumns.lowerBound - 4 && markColumns.upperBound <= letterColumns.upperBound + 4)
    }

    @Test("kerning from the font brings A and V closer")
    func kerning() throws {
        let texts = [CardText("AV", size: 72, fonts: [try CardFixtures.regular()])]
        let typesetter = try Typesetter(texts: texts, fallbackFonts: [])
        let apart = typesetter.advance(text: 0, "V", after: nil)
        let kerned = typesetter.advance(text: 0, "V", after: "A")
        #expect(kerned < apart)
    }

    @Test("a character the chosen font lacks is drawn by the next font that has it")
    func fallbackFont() throws {
        let droid = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"
        try #require(FileManager.default.fileExists(atPath: droid), "fonts-droid-fallback is not installed")
        let cjk = try CardFont.file(atPath: droid)
        var card = try CardFixtures.card(title: "A漢字")
        let withFallback = try CardRenderer(fallbackFonts: [cjk]).draw(card)
        let withoutFallback = try CardRenderer(fallbackFonts: []).draw(card)
        #expect(withFallback.rgb != withoutFallback.rgb)
        card.title.fonts = [try CardFixtures.bold(), cjk]
        #expect(try CardRenderer(fallbackFonts: []).draw(card).rgb == withFallback.rgb)
    }

    @Test("an emoji no font has is a missing-glyph box; text around it is drawn", arguments: ["😀 Solved!", "👩‍👩‍👧 family", "🇫🇷 flag", "❤️ love"])
    func emoji(title: String) throws {
        let canvas = try CardFixtures.renderer().draw(CardFixtures.card(title: title))
        let inked = try #require(CardFixtures.inkedColumns(canvas, background: .white))
        #expect(inked.lowerBound < 100)
        #expect(inked.upperBound > 300)
    }

    @Test("a title too long for the card ends with an ellipsis on its last line")
    func longTitleEllipsis() throws {
        let measure = try Typesetter(texts: [CardText("", size: 72, fonts: [try CardFixtures.bold()])], fallbackFonts: [])
        let card = try CardFixtures.card(title: String(repeating: "Many words here ", count: 40), maxLines: 3)
        let layout = CardLayout(card: card, measuring: measure)
        let title = layout.texts[0]
        #expect((1...3).contains(title.count))
        #expect(title.last?.characters.last == "…")
        #expect(title.allSatisfy { $0.x >= 80 && $0.x + $0.width <= 1120 })
    }

    /// How much work that is, bounded by the cut, is LineBreakerTests' to count; how fast, a benchmark's.
    @Test("a 100,000-character title renders, cut, without a crash")
    func hugeTitle() throws {
        let renderer = try CardFixtures.renderer()
        for title in [String(repeating: "word ", count: 20_000), String(repeating: "é", count: 100_000), String(repeating: "😀", count: 100_000)] {
            let png = try renderer.render(CardFixtures.card(title: title))
            #expect(try CardImage(name: "card.png", png: png).width == 1200)
        }
    }

    @Test("sizes outside the limits are refused", arguments: [(0, 630, 80, 72.0, 3), (5000, 630, 80, 72.0, 3), (1200, 630, 400, 72.0, 3),
                                                           (1200, 630, 80, 0.5, 3), (1200, 630, 80, 72.0, 0), (1200, 630, 80, 72.0, 500)])
    func invalidCards(width: Int, height: Int, padding: Int, size: Double, maxLines: Int) throws {
        var card = try CardFixtures.card(title: "x")
        card.width = width
        card.height = height
        card.padding = padding
        card.title.size = size
        card.title.maxLines = maxLines
        let renderer = try CardFixtures.renderer()
        let error = try #require(HostileInputTests.error { _ = try renderer.render(card) })
        #expect(error.code == .invalidCard)
    }

    @Test("an icon is drawn with rounded corners above the title")
    func icon() throws {
        let red = try CardImage(name: "red", width: 4, height: 4, rgba: Array([[UInt8]](repeating: [220, 30, 30, 255], count: 16).joined()))
        var card = try CardFixtures.card(title: "Title")
        card.icon = red
        let canvas = try CardFixtures.renderer().draw(card)
        let reds = (0..<630).flatMap { y in (0..<1200).map { (x: $0, y: y) } }.filter { canvas.pixel(x: $0.x, y: $0.y) == CardColor(red: 220, green: 30, blue: 30) }
        let xs = reds.map(\.x), ys = reds.map(\.y)
        #expect(xs.min() == 80 && xs.max() == 80 + 111)
        // The corners are rounded: the icon's corner pixel is not red.
        let top = try #require(ys.min())
        #expect(canvas.pixel(x: 80, y: top) != CardColor(red: 220, green: 30, blue: 30))
    }

    @Test("a background image is drawn pixel for pixel at the card's size, scaled to cover at another", arguments: [(1200, 630), (600, 315), (300, 300)])
    func backgroundImage(width: Int, height: Int) throws {
        // Red grows from left to right, blue from top to bottom.
        var rgba: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { rgba += [UInt8(x * 255 / (width - 1)), 0, UInt8(y * 255 / (height - 1)), 255] }
        }
        var card = try CardFixtures.card(title: "")
        card.background = .image(try CardImage(name: "gradient.png", width: width, height: height, rgba: rgba), overlay: nil)
        let canvas = try CardFixtures.renderer().draw(card)
        #expect(canvas.pixel(x: 0, y: 0).red < 4 && canvas.pixel(x: 1199, y: 629).red > 251)
        if width == 1200 { #expect(canvas.pixel(x: 600, y: 300) == CardColor(red: 127, green: 0, blue: 121)) }
        if width == height {
            // Cropped to cover: a square image loses a quarter of its height at the top and the
            // bottom (630 of 1200 rows shown), so the top row is already a quarter blue.
            #expect(abs(Int(canvas.pixel(x: 0, y: 0).blue) - 60) < 6)
        } else {
            #expect(canvas.pixel(x: 0, y: 0).blue < 4 && canvas.pixel(x: 1199, y: 629).blue > 251)
        }
        #expect(abs(Int(canvas.pixel(x: 600, y: 315).blue) - 128) < 6)
    }
}
#endif
