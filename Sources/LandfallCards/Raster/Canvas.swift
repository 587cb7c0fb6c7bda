/// An opaque RGB picture being drawn: a background filled, images and glyph coverage blended
/// over it. Everything drawn outside it is clipped.
struct Canvas {
    let width: Int
    let height: Int
    /// The pixels, row by row from the top, 3 bytes each: red, green, blue.
    var rgb: [UInt8]

    init(width: Int, height: Int, color: CardColor) {
        self.width = width
        self.height = height
        rgb = [UInt8](repeating: 0, count: width * height * 3)
        fill(color)
    }

    /// Covers everything with a colour, blended by its alpha.
    mutating func fill(_ color: CardColor) {
        if color.alpha == 255 {
            rgb.withUnsafeMutableBufferPointer { pixels in
                var offset = 0
                while offset < pixels.count {
                    pixels[offset] = color.red
                    pixels[offset + 1] = color.green
                    pixels[offset + 2] = color.blue
                    offset += 3
                }
            }
        } else {
            let alpha = Int(color.alpha)
            rgb.withUnsafeMutableBufferPointer { pixels in
                var offset = 0
                while offset < pixels.count {
                    pixels[offset] = Self.mix(pixels[offset], color.red, alpha)
                    pixels[offset + 1] = Self.mix(pixels[offset + 1], color.green, alpha)
                    pixels[offset + 2] = Self.mix(pixels[offset + 2], color.blue, alpha)
                    offset += 3
                }
            }
        }
    }

    /// The colour of one pixel (for tests).
    func pixel(x: Int, y: Int) -> CardColor {
        let offset = (y * width + x) * 3
        return CardColor(red: rgb[offset], green: rgb[offset + 1], blue: rgb[offset + 2])
    }

    /// Blends a colour over one pixel with a coverage of 0...255 (times the colour's alpha).
    @inline(__always)
    mutating func blend(x: Int, y: Int, color: CardColor, coverage: Int) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let alpha = coverage * Int(color.alpha) / 255
        guard alpha > 0 else { return }
        let offset = (y * width + x) * 3
        rgb[offset] = Self.mix(rgb[offset], color.red, alpha)
        rgb[offset + 1] = Self.mix(rgb[offset + 1], color.green, alpha)
        rgb[offset + 2] = Self.mix(rgb[offset + 2], color.blue, alpha)
    }

    /// Blends a colour through an 8-bit coverage mask (a glyph) whose top-left corner is at
    /// (`left`, `top`); `pitch` bytes from one mask row to the next.
    mutating func blend(mask: UnsafePointer<UInt8>, width maskWidth: Int, rows: Int, pitch: Int,
                        left: Int, top: Int, color: CardColor) {
        let startX = max(0, -left), endX = min(maskWidth, width - left)
        let startY = max(0, -top), endY = min(rows, height - top)
        guard startX < endX, startY < endY else { return }
        let opacity = Int(color.alpha)
        rgb.withUnsafeMutableBufferPointer { pixels in
            for row in startY..<endY {
                let maskRow = mask + row * pitch
                var offset = ((top + row) * width + left + startX) * 3
                for column in startX..<endX {
                    let alpha = Int(maskRow[column]) * opacity / 255
                    if alpha > 0 {
                        pixels[offset] = Self.mix(pixels[offset], color.red, alpha)
                        pixels[offset + 1] = Self.mix(pixels[offset + 1], color.green, alpha)
                        pixels[offset + 2] = Self.mix(pixels[offset + 2], color.blue, alpha)
                    }
                    offset += 3
                }
            }
        }
    }

    /// `base` moved towards `top` by `alpha`/255, rounded.
    @inline(__always)
    static func mix(_ base: UInt8, _ top: UInt8, _ alpha: Int) -> UInt8 {
        UInt8((Int(base) * (255 - alpha) + Int(top) * alpha + 127) / 255)
    }
}
