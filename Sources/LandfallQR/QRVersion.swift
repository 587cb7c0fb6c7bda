/// The fixed facts of one QR code version (1...40): size, alignment patterns and block structure.
///
/// Everything here follows ISO/IEC 18004: the block structure is the standard's Table 9, the
/// alignment pattern positions its Annex E, the version information its Annex D.
struct QRVersion: Sendable, Hashable {
    /// The versions a QR code can have.
    static let range = 1...40

    /// The version number, 1...40.
    let number: Int

    init(_ number: Int) {
        precondition(QRVersion.range.contains(number), "QR version \(number) is outside 1...40")
        self.number = number
    }

    /// Modules per side: 21 for version 1, four more per version, 177 for version 40.
    var size: Int { 17 + 4 * number }

    /// The centre coordinates of the alignment patterns, on both axes (Annex E).
    ///
    /// The first is always 6, the last `size - 7`, and the ones between are evenly spaced by an
    /// even step, with any remainder taken up by the gap after the first. Version 32 is the one
    /// exception to the rounding: its table entry has step 26, not 28.
    var alignmentPatternCentres: [Int] {
        if number == 1 { return [] }
        let count = number / 7 + 2
        let step = number == 32 ? 26 : (number * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        var centres = [6]
        for index in stride(from: count - 2, through: 0, by: -1) {
            centres.append(size - 7 - index * step)
        }
        return centres
    }

    /// Modules that carry data or error-correction bits: everything but the function patterns,
    /// format and version information.
    var rawDataModuleCount: Int {
        var count = (16 * number + 128) * number + 64
        if number >= 2 {
            let alignments = number / 7 + 2
            count -= (25 * alignments - 10) * alignments - 55
            if number >= 7 { count -= 36 }
        }
        return count
    }

    /// All codewords of the symbol (data and error correction).
    var totalCodewords: Int { rawDataModuleCount / 8 }

    /// The bits left over after the last codeword, filled with zeros (0, 3, 4 or 7).
    var remainderBits: Int { rawDataModuleCount % 8 }

    /// Error-correction codewords in each block at a level.
    func errorCorrectionCodewordsPerBlock(_ level: QRErrorCorrection) -> Int {
        QRVersion.errorCorrectionCodewordsPerBlock[level.rawValue][number - 1]
    }

    /// Number of blocks the codewords are split into at a level.
    func blockCount(_ level: QRErrorCorrection) -> Int {
        QRVersion.blockCounts[level.rawValue][number - 1]
    }

    /// Data codewords at a level: all codewords less the error-correction ones.
    func dataCodewords(_ level: QRErrorCorrection) -> Int {
        totalCodewords - errorCorrectionCodewordsPerBlock(level) * blockCount(level)
    }

    /// Bits of the byte-mode character count indicator: 8 up to version 9, 16 from version 10.
    var byteCountIndicatorBits: Int { number <= 9 ? 8 : 16 }

    /// The most bytes that fit in byte mode at a level (the standard's capacity table).
    func byteCapacity(_ level: QRErrorCorrection) -> Int {
        (dataCodewords(level) * 8 - 4 - byteCountIndicatorBits) / 8
    }

    /// The 18-bit version information (BCH(18,6) code of the version number), for versions 7 and up.
    var versionInformation: Int {
        var remainder = number
        for _ in 0..<12 {
            remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25)
        }
        return number << 12 | remainder
    }

    // Table 9 of ISO/IEC 18004, indexed [level][version - 1], levels in the order L, M, Q, H.
    private static let errorCorrectionCodewordsPerBlock: [[Int]] = [
        [7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
         28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
         26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
        [13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
         28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
         30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    ]

    private static let blockCounts: [[Int]] = [
        [1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
         8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
        [1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
         17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
        [1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
         23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
        [1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
         25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
    ]
}
