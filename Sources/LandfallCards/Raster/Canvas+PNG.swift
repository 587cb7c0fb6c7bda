import LandfallQR

#if LANDFALL_CARDS_FREETYPE
import CLibPNG
#endif

extension Canvas {
    /// The picture as a PNG file, written by LandfallQR's PNG writer: with a palette when its
    /// colours fit one (``CardPalette``: a flat card), else 8-bit RGB.
    func png() -> [UInt8] {
        if let palette = CardPalette(self) {
            return PNGEncoder.image(width: width, height: height, bitDepth: 8, colorType: .indexed, palette: palette.colors,
                                    scanlines: palette.scanlines) { Self.compressed($0, level: Self.indexedLevel) }
        }
        return truecolorPNG()
    }

    /// The picture as an 8-bit RGB PNG file: each row filtered with PNG's "Up" filter (the first
    /// with "Sub"), compressed with zlib.
    func truecolorPNG() -> [UInt8] {
        let rowBytes = width * 3
        var scanlines = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        rgb.withUnsafeBufferPointer { pixels in
            scanlines.withUnsafeMutableBufferPointer { out in
                for row in 0..<height {
                    let start = row * (rowBytes + 1)
                    let line = row * rowBytes
                    if row == 0 {
                        out[start] = 1  // Sub
                        for index in 0..<rowBytes {
                            out[start + 1 + index] = index < 3 ? pixels[index] : pixels[index] &- pixels[index - 3]
                        }
                    } else {
                        out[start] = 2  // Up
                        for index in 0..<rowBytes {
                            out[start + 1 + index] = pixels[line + index] &- pixels[line - rowBytes + index]
                        }
                    }
                }
            }
        }
        return PNGEncoder.image(width: width, height: height, bitDepth: 8, colorType: .truecolor,
                                scanlines: scanlines) { Self.compressed($0, level: Self.truecolorLevel) }
    }

    /// zlib's fastest level for RGB cards: a third of the time of its default for a card about
    /// a third larger (42 KB rather than 32 KB for the demo's), measured in Benchmarks/Cards.
    static let truecolorLevel: Int32 = 1
    /// zlib's default level for palette cards: a third of the bytes to compress, so its default
    /// costs less than level 1 on RGB, for a file a quarter smaller than its level 1.
    static let indexedLevel: Int32 = 6

    /// A zlib stream of the bytes: zlib's own compression when the build has it, else stored blocks.
    static func compressed(_ bytes: [UInt8], level: Int32) -> [UInt8] {
        #if LANDFALL_CARDS_FREETYPE
        var length = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                landfall_zlib_compress(out.baseAddress, &length, input.baseAddress, uLong(input.count), level, Z_DEFAULT_STRATEGY)
            }
        }
        if status == Z_OK {
            output.removeSubrange(Int(length)...)
            return output
        }
        #endif
        return PNGEncoder.zlibStored(bytes)
    }
}
