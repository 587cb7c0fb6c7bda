@testable import LandfallQR
import Testing

/// The format information against the standard's table of all 32 bit strings (Annex C).
@Suite struct FormatInformationTests {
    static let table: [(level: QRErrorCorrection, bits: [String])] = [
        (.low, ["111011111000100", "111001011110011", "111110110101010", "111100010011101",
                "110011000101111", "110001100011000", "110110001000001", "110100101110110"]),
        (.medium, ["101010000010010", "101000100100101", "101111001111100", "101101101001011",
                   "100010111111001", "100000011001110", "100111110010111", "100101010100000"]),
        (.quartile, ["011010101011111", "011000001101000", "011111100110001", "011101000000110",
                     "010010010110100", "010000110000011", "010111011011010", "010101111101101"]),
        (.high, ["001011010001001", "001001110111110", "001110011100111", "001100111010000",
                 "000011101100010", "000001001010101", "000110100001100", "000100000111011"]),
    ]

    @Test("format information for every level and mask is the standard's bit string",
          arguments: QRErrorCorrection.allCases)
    func formatInformationMatchesTheStandard(level: QRErrorCorrection) throws {
        let row = try #require(Self.table.first { $0.level == level })
        for mask in 0...7 {
            let bits = ModuleGrid.formatInformation(level: level, mask: mask)
            let string = String(bits, radix: 2)
            #expect(String(repeating: "0", count: 15 - string.count) + string == row.bits[mask], "\(level) mask \(mask)")
        }
    }

    @Test("both copies of the format information in a symbol read back as its level and mask",
          arguments: QRErrorCorrection.allCases, 0...7)
    func symbolCarriesItsFormatInformation(level: QRErrorCorrection, mask: Int) throws {
        let code = try QRCode("format", errorCorrection: level, mask: mask)
        let n = code.size
        // First copy: bits 14…9 along row 8 (x 0…5, 7), 8 at (8, 8)… read as the standard's figure 25.
        let firstPositions = [(8, 0), (8, 1), (8, 2), (8, 3), (8, 4), (8, 5), (8, 7), (8, 8), (7, 8),
                              (5, 8), (4, 8), (3, 8), (2, 8), (1, 8), (0, 8)]
        let secondPositions = (0..<8).map { (n - 1 - $0, 8) } + (8..<15).map { (8, n - 15 + $0) }
        for positions in [firstPositions, secondPositions] {
            var bits = 0
            for (index, (x, y)) in positions.enumerated() where code[x: x, y: y] { bits |= 1 << index }
            #expect(bits == ModuleGrid.formatInformation(level: level, mask: mask))
        }
        #expect(code[x: 8, y: n - 8], "the dark module")
    }
}
