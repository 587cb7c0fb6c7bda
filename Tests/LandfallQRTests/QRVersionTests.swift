@testable import LandfallQR
import Testing

/// The version tables against the standard's own tables, copied here rather than computed.
@Suite struct QRVersionTests {
    @Test("the byte capacity of every version and level is the standard's", arguments: 1...40)
    func byteCapacityMatchesTheStandard(version: Int) {
        for level in QRErrorCorrection.allCases {
            #expect(QRVersion(version).byteCapacity(level) == QRCapacity.bytes(version: version, level: level),
                    "version \(version)-\(level)")
        }
    }

    /// ISO/IEC 18004 Annex E, Table E.1.
    static let alignmentPatternCentres: [[Int]] = [
        [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34],
        [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50], [6, 30, 54], [6, 32, 58], [6, 34, 62],
        [6, 26, 46, 66], [6, 26, 48, 70], [6, 26, 50, 74], [6, 30, 54, 78], [6, 30, 56, 82], [6, 30, 58, 86],
        [6, 34, 62, 90],
        [6, 28, 50, 72, 94], [6, 26, 50, 74, 98], [6, 30, 54, 78, 102], [6, 28, 54, 80, 106],
        [6, 32, 58, 84, 110], [6, 30, 58, 86, 114], [6, 34, 62, 90, 118],
        [6, 26, 50, 74, 98, 122], [6, 30, 54, 78, 102, 126], [6, 26, 52, 78, 104, 130],
        [6, 30, 56, 82, 108, 134], [6, 34, 60, 86, 112, 138], [6, 30, 58, 86, 114, 142],
        [6, 34, 62, 90, 118, 146],
        [6, 30, 54, 78, 102, 126, 150], [6, 24, 50, 76, 102, 128, 154], [6, 28, 54, 80, 106, 132, 158],
        [6, 32, 58, 84, 110, 136, 162], [6, 26, 54, 82, 110, 138, 166], [6, 30, 58, 86, 114, 142, 170],
    ]

    @Test("alignment pattern centres are the standard's table", arguments: 1...40)
    func alignmentPatternCentresMatchTheStandard(version: Int) {
        #expect(QRVersion(version).alignmentPatternCentres == Self.alignmentPatternCentres[version - 1])
    }

    /// ISO/IEC 18004 Annex D, Table D.1: the 18-bit version information of versions 7...40.
    static let versionInformation: [Int] = [
        0x07C94, 0x085BC, 0x09A99, 0x0A4D3, 0x0BBF6, 0x0C762, 0x0D847, 0x0E60D, 0x0F928, 0x10B78,
        0x1145D, 0x12A17, 0x13532, 0x149A6, 0x15683, 0x168C9, 0x177EC, 0x18EC4, 0x191E1, 0x1AFAB,
        0x1B08E, 0x1CC1A, 0x1D33F, 0x1ED75, 0x1F250, 0x209D5, 0x216F0, 0x228BA, 0x2379F, 0x24B0B,
        0x2542E, 0x26A64, 0x27541, 0x28C69,
    ]

    @Test("version information is the standard's table", arguments: 7...40)
    func versionInformationMatchesTheStandard(version: Int) {
        #expect(QRVersion(version).versionInformation == Self.versionInformation[version - 7])
    }

    @Test("the size is 21 modules for version 1 and grows by 4 up to 177",
          arguments: [(1, 21), (2, 25), (7, 45), (10, 57), (40, 177)])
    func sizeGrowsByFourPerVersion(version: Int, size: Int) {
        #expect(QRVersion(version).size == size)
    }

    @Test("the total codewords are the standard's", arguments: [
        (1, 26), (2, 44), (5, 134), (7, 196), (10, 346), (14, 581), (21, 1156), (27, 1828), (40, 3706),
    ])
    func totalCodewordsMatchTheStandard(version: Int, codewords: Int) {
        #expect(QRVersion(version).totalCodewords == codewords)
    }
}
