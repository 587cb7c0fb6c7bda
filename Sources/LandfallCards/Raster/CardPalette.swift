/// A card's colours as a PNG palette, when they fit one: cards of flat colours and text hold a
/// few hundred colours (the background, the text's colours and the anti-aliased blends between
/// them, an icon's), and one byte a pixel rather than three makes a PNG a third of the size,
/// quicker to compress and to send.
///
/// A card of at most 256 colours is written exactly. One of more takes its colours from the
/// most used down: each is drawn with the nearest colour already in the palette when one is
/// within ``tolerance`` on every channel, and joins the palette otherwise. Anti-aliased edges
/// are ramps of colours a step apart, so a few palette colours cover each ramp, and the colours
/// covering the most pixels are kept exactly. When 256 are not enough, and with more than
/// ``distinctLimit`` colours (a photograph behind the text), there is no palette and the card
/// is written with three bytes a pixel. (The demo's cards hold 324 to 430 colours.)
struct CardPalette {
    /// The colours: red, green and blue, one triple each, the most used first.
    let colors: [UInt8]
    /// The filtered scanlines: each row's filter byte (0, none, as the PNG specification
    /// advises for palette images) then one palette index a pixel.
    let scanlines: [UInt8]

    /// The most a channel may move when a rare colour is drawn with a palette colour.
    static let tolerance: Int32 = 4
    /// The most colours counted before a canvas is taken for a photograph.
    static let distinctLimit = 4096

    /// The palette of a canvas, or nil when its colours do not fit one.
    init?(_ canvas: Canvas) {
        guard let counts = Self.counts(canvas) else { return nil }
        let ranked = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        var kept: [UInt32] = []
        var indices = [UInt32: UInt8](minimumCapacity: ranked.count)
        for color in ranked {
            if ranked.count > 256, let nearest = Self.nearest(color, in: kept) {
                indices[color] = nearest
            } else {
                guard kept.count < 256 else { return nil }
                indices[color] = UInt8(kept.count)
                kept.append(color)
            }
        }
        colors = kept.flatMap { [UInt8($0 >> 16), UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF)] }
        scanlines = Self.scanlines(canvas, indices: indices)
    }

    /// How many pixels each colour covers (`0xRRGGBB`), or nil past ``distinctLimit`` colours.
    /// Runs of one colour are counted at once: most of a card is its background.
    private static func counts(_ canvas: Canvas) -> [UInt32: Int]? {
        var counts: [UInt32: Int] = [:]
        return canvas.rgb.withUnsafeBufferPointer { pixels -> [UInt32: Int]? in
            guard pixels.count >= 3 else { return counts }
            var run = color(pixels, 0)
            var length = 0
            var offset = 0
            while offset < pixels.count {
                let next = color(pixels, offset)
                if next != run {
                    counts[run, default: 0] += length
                    if counts.count > distinctLimit { return nil }
                    run = next
                    length = 0
                }
                length += 1
                offset += 3
            }
            counts[run, default: 0] += length
            return counts.count > distinctLimit ? nil : counts
        }
    }

    /// The index of the palette colour nearest `color` (the smallest largest channel
    /// difference), when that is within ``tolerance``.
    private static func nearest(_ color: UInt32, in palette: [UInt32]) -> UInt8? {
        var best: (index: Int, distance: Int32)?
        for (index, candidate) in palette.enumerated() {
            let distance = max(abs(channel(color, 16) - channel(candidate, 16)),
                               abs(channel(color, 8) - channel(candidate, 8)),
                               abs(channel(color, 0) - channel(candidate, 0)))
            if distance <= tolerance, distance < best?.distance ?? .max {
                best = (index, distance)
            }
        }
        return best.map { UInt8($0.index) }
    }

    private static func scanlines(_ canvas: Canvas, indices: [UInt32: UInt8]) -> [UInt8] {
        var scanlines = [UInt8](repeating: 0, count: (canvas.width + 1) * canvas.height)
        canvas.rgb.withUnsafeBufferPointer { pixels in
            scanlines.withUnsafeMutableBufferPointer { out in
                var last: (color: UInt32, index: UInt8)?
                for row in 0..<canvas.height {
                    let start = row * (canvas.width + 1) + 1  // after the filter byte, 0: none
                    for column in 0..<canvas.width {
                        let color = color(pixels, (row * canvas.width + column) * 3)
                        if last?.color != color {
                            last = (color, indices[color] ?? 0)
                        }
                        out[start + column] = last?.index ?? 0
                    }
                }
            }
        }
        return scanlines
    }

    private static func color(_ pixels: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt32 {
        UInt32(pixels[offset]) << 16 | UInt32(pixels[offset + 1]) << 8 | UInt32(pixels[offset + 2])
    }

    private static func channel(_ color: UInt32, _ shift: UInt32) -> Int32 {
        Int32(color >> shift & 0xFF)
    }
}
