extension Canvas {
    /// Draws an image scaled to cover the whole canvas: cropped to the canvas's proportions
    /// around its centre.
    mutating func drawCovering(_ image: CardImage) {
        if image.width == width, image.height == height {
            // The usual case, a background made at the card's size: pixel for pixel.
            image.rgba.withUnsafeBufferPointer { source in
                rgb.withUnsafeMutableBufferPointer { pixels in
                    for pixel in 0..<width * height {
                        let alpha = Int(source[pixel * 4 + 3])
                        for channel in 0..<3 {
                            pixels[pixel * 3 + channel] = Self.mix(pixels[pixel * 3 + channel], source[pixel * 4 + channel], alpha)
                        }
                    }
                }
            }
            return
        }
        let scale = max(Double(width) / Double(image.width), Double(height) / Double(image.height))
        let sourceWidth = Double(width) / scale
        let sourceHeight = Double(height) / scale
        let source = (x: (Double(image.width) - sourceWidth) / 2, y: (Double(image.height) - sourceHeight) / 2,
                      width: sourceWidth, height: sourceHeight)
        draw(image, from: source, x: 0, y: 0, width: width, height: height, cornerRadius: 0)
    }

    /// Draws the whole of an image into a square at (`x`, `y`), with rounded corners.
    mutating func drawIcon(_ image: CardImage, x: Int, y: Int, size: Int) {
        // A square icon fills the square; another is cropped to its centre square.
        let side = Double(min(image.width, image.height))
        let source = (x: (Double(image.width) - side) / 2, y: (Double(image.height) - side) / 2, width: side, height: side)
        draw(image, from: source, x: x, y: y, width: size, height: size, cornerRadius: Self.iconCornerRadius(size))
    }

    /// Fills a rounded square (antialiased corners) with a colour, blended by its alpha.
    mutating func fillRoundedSquare(x: Int, y: Int, size: Int, cornerRadius: Double, color: CardColor) {
        for row in max(0, -y)..<min(size, height - y) {
            for column in max(0, -x)..<min(size, width - x) {
                let coverage = Self.cornerCoverage(column, row, size, size, cornerRadius)
                guard coverage > 0 else { continue }
                blend(x: x + column, y: y + row, color: color, coverage: Int((coverage * 255).rounded()))
            }
        }
    }

    /// Draws part of an image (`source`, in image pixels) into a rectangle of the canvas:
    /// averaging the source pixels under each canvas pixel when shrinking, interpolating between
    /// them when enlarging; blended by the image's alpha and the rounded corners' coverage.
    mutating func draw(_ image: CardImage, from source: (x: Double, y: Double, width: Double, height: Double),
                       x: Int, y: Int, width drawnWidth: Int, height drawnHeight: Int, cornerRadius: Double) {
        let stepX = source.width / Double(drawnWidth)
        let stepY = source.height / Double(drawnHeight)
        let startRow = max(0, -y), endRow = min(drawnHeight, height - y)
        let startColumn = max(0, -x), endColumn = min(drawnWidth, width - x)
        guard startRow < endRow, startColumn < endColumn else { return }
        image.rgba.withUnsafeBufferPointer { pixels in
            for row in startRow..<endRow {
                let top = source.y + Double(row) * stepY
                for column in startColumn..<endColumn {
                    let left = source.x + Double(column) * stepX
                    let coverage = Self.cornerCoverage(column, row, drawnWidth, drawnHeight, cornerRadius)
                    guard coverage > 0 else { continue }
                    let sample = stepX > 1 || stepY > 1
                        ? Self.average(pixels, image, left, top, stepX, stepY)
                        : Self.interpolate(pixels, image, left + stepX / 2 - 0.5, top + stepY / 2 - 0.5)
                    let color = CardColor(red: sample.0, green: sample.1, blue: sample.2, alpha: sample.3)
                    blend(x: x + column, y: y + row, color: color, coverage: Int((coverage * 255).rounded()))
                }
            }
        }
    }

    /// The corner radius of an icon of a side, in the proportion of an app icon's.
    static func iconCornerRadius(_ size: Int) -> Double { Double(size) * 0.225 }

    /// How much of pixel (`column`, `row`) of a `width`×`height` rectangle is inside its rounded
    /// corners, 0...1, antialiased over one pixel.
    static func cornerCoverage(_ column: Int, _ row: Int, _ width: Int, _ height: Int, _ radius: Double) -> Double {
        guard radius > 0 else { return 1 }
        let px = Double(column) + 0.5, py = Double(row) + 0.5
        let cx = min(max(px, radius), Double(width) - radius)
        let cy = min(max(py, radius), Double(height) - radius)
        let dx = px - cx, dy = py - cy
        guard dx != 0 || dy != 0 else { return 1 }
        let distance = (dx * dx + dy * dy).squareRoot()
        return min(1, max(0, radius - distance + 0.5))
    }

    /// The mean of the source pixels under a canvas pixel (a box filter).
    private static func average(_ pixels: UnsafeBufferPointer<UInt8>, _ image: CardImage,
                                _ left: Double, _ top: Double, _ width: Double, _ height: Double) -> (UInt8, UInt8, UInt8, UInt8) {
        let x0 = max(0, Int(left)), x1 = min(image.width, max(x0 + 1, Int((left + width).rounded(.up))))
        let y0 = max(0, Int(top)), y1 = min(image.height, max(y0 + 1, Int((top + height).rounded(.up))))
        var red = 0, green = 0, blue = 0, alpha = 0
        for sy in y0..<y1 {
            var offset = (sy * image.width + x0) * 4
            for _ in x0..<x1 {
                let a = Int(pixels[offset + 3])
                red += Int(pixels[offset]) * a
                green += Int(pixels[offset + 1]) * a
                blue += Int(pixels[offset + 2]) * a
                alpha += a
                offset += 4
            }
        }
        let count = (x1 - x0) * (y1 - y0)
        guard alpha > 0 else { return (0, 0, 0, 0) }
        return (UInt8(red / alpha), UInt8(green / alpha), UInt8(blue / alpha), UInt8(alpha / count))
    }

    /// The source colour at a point between pixel centres (bilinear).
    private static func interpolate(_ pixels: UnsafeBufferPointer<UInt8>, _ image: CardImage,
                                    _ x: Double, _ y: Double) -> (UInt8, UInt8, UInt8, UInt8) {
        let cx = min(max(x, 0), Double(image.width - 1)), cy = min(max(y, 0), Double(image.height - 1))
        let x0 = Int(cx), y0 = Int(cy)
        let x1 = min(x0 + 1, image.width - 1), y1 = min(y0 + 1, image.height - 1)
        let fx = cx - Double(x0), fy = cy - Double(y0)
        var red = 0.0, green = 0.0, blue = 0.0, alpha = 0.0
        func add(_ sx: Int, _ sy: Int, _ weight: Double) {
            let offset = (sy * image.width + sx) * 4
            let a = Double(pixels[offset + 3]) * weight
            red += Double(pixels[offset]) * a
            green += Double(pixels[offset + 1]) * a
            blue += Double(pixels[offset + 2]) * a
            alpha += a
        }
        add(x0, y0, (1 - fx) * (1 - fy))
        add(x1, y0, fx * (1 - fy))
        add(x0, y1, (1 - fx) * fy)
        add(x1, y1, fx * fy)
        guard alpha > 0 else { return (0, 0, 0, 0) }
        func byte(_ value: Double) -> UInt8 { UInt8(min(255, max(0, value.rounded()))) }
        return (byte(red / alpha), byte(green / alpha), byte(blue / alpha), byte(alpha))
    }
}
