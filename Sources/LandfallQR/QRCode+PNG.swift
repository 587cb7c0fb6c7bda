extension QRCode {
    /// The code as a PNG image: 1-bit grayscale, black modules on white.
    ///
    /// ```swift
    /// let png: [UInt8] = try QRCode("https://example.com").png(moduleSize: 8)
    /// ```
    ///
    /// - Parameters:
    ///   - moduleSize: pixels per module side, 1...64; 8 by default.
    ///   - margin: the quiet zone around the symbol in modules, 0...64; 4 by default, as the
    ///     standard asks.
    /// - Throws: ``QRCodeError`` with code `.moduleSizeOutOfRange` or `.marginOutOfRange`.
    public func png(moduleSize: Int = 8, margin: Int = 4) throws(QRCodeError) -> [UInt8] {
        let side = try renderedSide(moduleSize: moduleSize, margin: margin)
        let rowBytes = (side + 7) / 8
        var scanlines: [UInt8] = []
        scanlines.reserveCapacity((rowBytes + 1) * side)
        for moduleY in -margin..<size + margin {
            var row = [UInt8](repeating: 0xFF, count: rowBytes)  // white; a 0 bit is black
            for moduleX in -margin..<size + margin where self[x: moduleX, y: moduleY] {
                let start = (moduleX + margin) * moduleSize
                for pixel in start..<start + moduleSize {
                    row[pixel >> 3] &= ~(0x80 >> UInt8(pixel & 7))
                }
            }
            for _ in 0..<moduleSize {
                scanlines.append(0)  // filter type None
                scanlines.append(contentsOf: row)
            }
        }
        return PNGEncoder.grayscale1Bit(width: side, height: side, scanlines: scanlines)
    }
}
