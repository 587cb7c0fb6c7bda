import Foundation
import LandfallQR
import Testing

@testable import LandfallCards

#if LANDFALL_CARDS_FREETYPE
@Suite
struct HostileInputTests {
    /// The card error the body throws; nil when it throws none (another error fails the test).
    static func error(_ body: () throws -> Void) -> CardError? {
        do {
            try body()
            return nil
        } catch let error as CardError {
            return error
        } catch {
            Issue.record("not a CardError: \(error)")
            return nil
        }
    }

    @Test("a 10 MB background image is refused before it is read, naming the file and the limit")
    func tenMegabyteImage() throws {
        try CardFixtures.withTemporaryFile(named: "background.png", contents: [UInt8](repeating: 0x42, count: 10 * 1024 * 1024)) { path in
            let error = try #require(Self.error { _ = try CardImage.file(atPath: path) })
            #expect(error.code == .imageTooLarge)
            #expect(error.message.contains("background.png") && error.message.contains("8388608"))
        }
        let inMemory = try #require(Self.error { _ = try CardImage(name: "background.png", png: [UInt8](repeating: 0, count: 10_000_000)) })
        #expect(inMemory.code == .imageTooLarge)
    }

    @Test("an image whose header claims too many pixels is refused before it is decoded", arguments: [(20_000, 20_000), (4097, 10), (10, 100_000)])
    func decompressionBomb(width: Int, height: Int) throws {
        let png = PNGEncoder.image(width: width, height: height, bitDepth: 8, colorType: .truecolor, scanlines: [0, 0, 0, 0])
        // Refused from the header: the image has no pixel data to decode (four bytes of
        // scanlines), so a decoder reached would fail with another code.
        let error = try #require(Self.error { _ = try CardImage(name: "bomb.png", png: png) })
        #expect(error.code == .imageTooManyPixels)
        #expect(error.message == "bomb.png: \(width)×\(height) pixels is more than a card image may have (4096×4096); scale it down")
    }

    @Test("a file that is not a PNG, or a broken one, gets libpng's reason", arguments: [
        [UInt8]("hello, not an image".utf8),
        [],
        Array(PNGEncoder.image(width: 8, height: 8, bitDepth: 8, colorType: .truecolor, scanlines: [0, 1, 2]).prefix(40)),
    ])
    func notAPNG(bytes: [UInt8]) throws {
        let error = try #require(Self.error { _ = try CardImage(name: "icon.png", png: bytes) })
        #expect(error.code == .notAPNG)
        #expect(error.message.hasPrefix("icon.png: "))
    }

    @Test("a font file that is not a font is refused, naming the file and FreeType's reason")
    func notAFont() throws {
        for contents in [[UInt8]("this is not a font".utf8), [0, 1, 0, 0] + [UInt8](repeating: 0xFF, count: 64), []] {
            try CardFixtures.withTemporaryFile(named: "Brand.ttf", contents: contents) { path in
                let error = try #require(Self.error { _ = try CardFont.file(atPath: path) })
                #expect(error.code == .notAFont)
                #expect(error.message.hasPrefix("\(path): not a font FreeType can read: "))
            }
        }
    }

    @Test("a missing font or image file is an error naming it")
    func missingFiles() throws {
        let font = try #require(Self.error { _ = try CardFont.file(atPath: "/no/such/Font.ttf") })
        #expect(font.code == .fileUnreadable && font.message.contains("/no/such/Font.ttf"))
        let image = try #require(Self.error { _ = try CardImage.file(atPath: "/no/such/icon.png") })
        #expect(image.code == .fileUnreadable)
        let system = try #require(Self.error { _ = try CardFont.system(named: "No Such Font Anywhere") })
        #expect(system.code == .fontNotFound && system.message.contains("No Such Font Anywhere"))
    }

    @Test("a large image background is scaled to cover the card")
    func largeBackground() throws {
        let side = 2048
        var rgba = [UInt8](repeating: 0, count: side * side * 4)
        for index in stride(from: 0, to: rgba.count, by: 4) {
            rgba[index] = 200
            rgba[index + 2] = 40
            rgba[index + 3] = 255
        }
        let image = try CardImage(name: "big.png", width: side, height: side, rgba: rgba)
        var card = try CardFixtures.card(title: "Over a photo")
        card.background = .image(image, overlay: CardColor(red: 0, green: 0, blue: 0, alpha: 128))
        let canvas = try CardFixtures.renderer().draw(card)
        #expect(canvas.pixel(x: 0, y: 0) == CardColor(red: 100, green: 0, blue: 20))
    }

    @Test("a text with no font, on a renderer with no fallback, is an error rather than a crash")
    func noFontAtAll() throws {
        let card = CardDescription(background: .color(.white), title: CardText("Hello", size: 72))
        let error = try #require(Self.error { _ = try CardRenderer(fallbackFonts: []).render(card) })
        #expect(error.code == .fontNotFound)
        // An empty text, or one of spaces (no-break ones included), needs no font.
        for title in ["", "  \n ", "\u{A0}\u{2003}"] {
            let empty = CardDescription(background: .color(.white), title: CardText(title, size: 72),
                                        lines: [CardText("Hi", size: 40, fonts: [try CardFixtures.regular()])])
            #expect(try CardImage(name: "card.png", png: CardRenderer(fallbackFonts: []).render(empty)).width == 1200)
        }
    }
}
#endif
