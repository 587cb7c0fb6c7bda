extension ModuleGrid {
    /// An empty grid for a version with every function pattern drawn and the format and version
    /// information areas reserved (ISO/IEC 18004 §6.3).
    init(functionPatternsOf version: QRVersion) {
        self.init(size: version.size)
        drawTimingPatterns()
        drawFinderPattern(centreX: 3, centreY: 3)
        drawFinderPattern(centreX: size - 4, centreY: 3)
        drawFinderPattern(centreX: 3, centreY: size - 4)
        drawAlignmentPatterns(centres: version.alignmentPatternCentres)
        drawFormatInformation(0)  // reserves the area; the real bits come with the mask
        drawVersionInformation(version)
    }

    /// Row and column 6: alternating modules, dark at even coordinates.
    private mutating func drawTimingPatterns() {
        for index in 0..<size {
            setFunction(x: 6, y: index, dark: index % 2 == 0)
            setFunction(x: index, y: 6, dark: index % 2 == 0)
        }
    }

    /// A 7×7 finder pattern with its one-module light separator, clipped to the symbol.
    private mutating func drawFinderPattern(centreX: Int, centreY: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let x = centreX + dx, y = centreY + dy
                guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                let ring = max(abs(dx), abs(dy))
                setFunction(x: x, y: y, dark: ring != 2 && ring != 4)
            }
        }
    }

    /// A 5×5 alignment pattern at every pair of centres except the three finder corners.
    private mutating func drawAlignmentPatterns(centres: [Int]) {
        guard let last = centres.indices.last else { return }
        for (i, x) in centres.enumerated() {
            for (j, y) in centres.enumerated() {
                if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
                for dy in -2...2 {
                    for dx in -2...2 {
                        setFunction(x: x + dx, y: y + dy, dark: max(abs(dx), abs(dy)) != 1)
                    }
                }
            }
        }
    }

    /// The 15 format bits, twice (around the top-left finder, and split between the other two),
    /// plus the dark module above the bottom-left finder. Bit 14 is the most significant.
    mutating func drawFormatInformation(_ bits: Int) {
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0...5 { setFunction(x: 8, y: index, dark: bit(index)) }
        setFunction(x: 8, y: 7, dark: bit(6))
        setFunction(x: 8, y: 8, dark: bit(7))
        setFunction(x: 7, y: 8, dark: bit(8))
        for index in 9..<15 { setFunction(x: 14 - index, y: 8, dark: bit(index)) }

        for index in 0..<8 { setFunction(x: size - 1 - index, y: 8, dark: bit(index)) }
        for index in 8..<15 { setFunction(x: 8, y: size - 15 + index, dark: bit(index)) }
        setFunction(x: 8, y: size - 8, dark: true)
    }

    /// The 18 version bits in two 6×3 blocks, above the bottom-left and left of the top-right
    /// finder, for versions 7 and up.
    private mutating func drawVersionInformation(_ version: QRVersion) {
        guard version.number >= 7 else { return }
        let bits = version.versionInformation
        for index in 0..<18 {
            let dark = (bits >> index) & 1 == 1
            let a = size - 11 + index % 3, b = index / 3
            setFunction(x: a, y: b, dark: dark)
            setFunction(x: b, y: a, dark: dark)
        }
    }

    /// The 15-bit format information for a level and mask: the five data bits, their
    /// BCH(15,5) remainder (generator 0x537), XORed with 0x5412 (ISO/IEC 18004 §7.9).
    static func formatInformation(level: QRErrorCorrection, mask: Int) -> Int {
        let data = level.formatBits << 3 | mask
        var remainder = data
        for _ in 0..<10 {
            remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537)
        }
        return (data << 10 | remainder) ^ 0x5412
    }
}
