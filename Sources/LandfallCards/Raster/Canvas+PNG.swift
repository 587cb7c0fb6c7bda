import LandfallQR

#if LANDFALL_CARDS_FREETYPE
import CLibPNG
#endif

extension Canvas {
    /// The picture as a PNG file: 8-bit RGB, each row filtered with PNG's "Up" filter (the first
    /// with "Sub"), compressed with zlib, written by LandfallQR's PNG writer.
    func png() -> [UInt8] {
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
                                scanlines: scanlines, zlib: Self.compressed)
    }

    #if LANDFALL_CARDS_FREETYPE
    /// zlib's fastest level: a third of the time of its default for a card about a third larger
    /// (42 KB rather than 32 KB for the demo's), measured in Benchmarks/Cards.
    static let level: Int32 = 1
    static let strategy: Int32 = Z_DEFAULT_STRATEGY
    #endif

    /// A zlib stream of the bytes: zlib's own compression when the build has it, else stored blocks.
    static func compressed(_ bytes: [UInt8]) -> [UInt8] {
        #if LANDFALL_CARDS_FREETYPE
        var length = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                landfall_zlib_compress(out.baseAddress, &length, input.baseAddress, uLong(input.count), Self.level, Self.strategy)
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
