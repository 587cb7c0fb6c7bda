import Foundation
import Testing

@testable import LandfallCards

#if LANDFALL_CARDS_FREETYPE
/// How a card is written as PNG: with a palette when its colours fit one (a flat card's), else
/// as RGB; either way the file reads back as the picture drawn, to within the palette's
/// tolerance.
@Suite struct CardPaletteTests {
    /// A canvas from a function of each pixel's column and row.
    static func canvas(width: Int = 64, height: Int = 32, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8)) -> Canvas {
        var canvas = Canvas(width: width, height: height, color: CardColor(red: 0, green: 0, blue: 0))
        for row in 0..<height {
            for column in 0..<width {
                let (red, green, blue) = pixel(column, row)
                let offset = (row * width + column) * 3
                canvas.rgb[offset] = red
                canvas.rgb[offset + 1] = green
                canvas.rgb[offset + 2] = blue
            }
        }
        return canvas
    }

    /// The PNG's colour type (IHDR's tenth byte) and its pixels as libpng reads them back.
    static func written(_ canvas: Canvas) throws -> (colorType: UInt8, largestDelta: Int) {
        let png = canvas.png()
        let image = try CardImage(name: "written", png: png)
        #expect(image.width == canvas.width && image.height == canvas.height)
        var largest = 0
        for pixel in 0..<canvas.width * canvas.height {
            for channel in 0..<3 {
                largest = max(largest, abs(Int(canvas.rgb[pixel * 3 + channel]) - Int(image.rgba[pixel * 4 + channel])))
            }
        }
        return (png[25], largest)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var colorType: UInt8
        var largestDelta: Int
        var pixel: @Sendable (Int, Int) -> (UInt8, UInt8, UInt8)
    }

    static let cases = [
        Case(testDescription: "a card of 200 colours is written with a palette, exactly", colorType: 3, largestDelta: 0) { column, row in
            (UInt8((column * 32 + row) % 200), 40, 90)
        },
        Case(testDescription: "a card of 300 colours, ramps a step apart, is written with a palette, within 4", colorType: 3, largestDelta: 4) { column, row in
            // Two ramps of 150 colours each, one step apart on one channel, as anti-aliased edges are.
            row % 2 == 0 ? (UInt8((column + row * 64) % 150), 10, 10) : (10, UInt8((column + row * 64) % 150), 10)
        },
        Case(testDescription: "a card of 289 colours, each more than 4 from every other, is written as RGB, exactly", colorType: 2, largestDelta: 0) { column, row in
            let index = (row * 128 + column) % 289
            return (UInt8(index % 17 * 15), UInt8(index / 17 * 15), 0)
        },
        Case(testDescription: "a card of thousands of colours (a photograph) is written as RGB, exactly", colorType: 2, largestDelta: 0) { column, row in
            (UInt8(column * 2), UInt8(row * 4), UInt8(column ^ row))
        },
    ]

    @Test(arguments: cases)
    func written(_ testCase: Case) throws {
        let canvas = Self.canvas(width: 128, height: 64, testCase.pixel)
        let (colorType, largest) = try Self.written(canvas)
        #expect(colorType == testCase.colorType)
        #expect(largest <= testCase.largestDelta)
        if testCase.largestDelta > 0 { #expect(largest > 0, "the case meant to move rare colours moved none") }
    }

    @Test("the demo's puzzle card is written with a palette, a third of its RGB file's size")
    func demoCardIsSmall() throws {
        let canvas = try DemoCardGoldenTests.draw(DemoCardGoldenTests.cases[0])
        let (colorType, largest) = try Self.written(canvas)
        #expect(colorType == 3)
        #expect(largest <= Int(CardPalette.tolerance))
        let palette = canvas.png().count, rgb = canvas.truecolorPNG().count
        #expect(palette * 2 < rgb, "palette \(palette) bytes, RGB \(rgb) bytes")
    }

    @Test("one canvas is always written to the same bytes (the cache's files and ETags depend on it)")
    func deterministic() throws {
        let canvas = try DemoCardGoldenTests.draw(DemoCardGoldenTests.cases[1])
        #expect(canvas.png() == canvas.png())
    }
}
#endif
