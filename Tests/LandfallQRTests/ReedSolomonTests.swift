@testable import LandfallQR
import Testing

/// Reed–Solomon codewords of published examples.
@Suite struct ReedSolomonTests {
    @Test("the error-correction codewords of published version 1-M examples", arguments: [
        // ISO/IEC 18004 Annex I: "01234567", version 1-M.
        (data: [16, 32, 12, 86, 97, 128, 236, 17, 236, 17, 236, 17, 236, 17, 236, 17] as [UInt8],
         ecc: [165, 36, 212, 193, 237, 54, 199, 135, 44, 85] as [UInt8]),
        // Thonky's QR code tutorial: "HELLO WORLD", version 1-M.
        (data: [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17],
         ecc: [196, 35, 39, 119, 235, 215, 231, 226, 93, 23]),
    ])
    func errorCorrectionOfPublishedExamples(data: [UInt8], ecc: [UInt8]) {
        #expect(ReedSolomon(degree: 10).remainder(of: data) == ecc)
    }

    @Test("the generator polynomial of degree 7 is the standard's")
    func generatorOfDegreeSeven() {
        // Annex A: x⁷ + α⁸⁷x⁶ + α²²⁹x⁵ + α¹⁴⁶x⁴ + α¹⁴⁹x³ + α²³⁸x² + α¹⁰²x + α²¹, as field elements.
        #expect(ReedSolomon(degree: 7).generator == [127, 122, 154, 164, 11, 68, 117])
    }

    @Test("the data codewords of a byte-mode payload: mode, count, bytes, terminator, padding")
    func byteModeDataCodewords() {
        // "hello" at version 1-L: 0100 00000101 01101000 … 0000, then 0xEC 0x11 … to 19 codewords.
        let data = QRCodewords.dataCodewords(for: Array("hello".utf8), version: QRVersion(1), level: .low)
        #expect(data == [0x40, 0x56, 0x86, 0x56, 0xC6, 0xC6, 0xF0, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11,
                         0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11])
    }

    @Test("blocks are interleaved codeword by codeword, shorter blocks first")
    func interleavingOfVersionFiveQ() {
        // Version 5-Q: two blocks of 15 data codewords, two of 16, 18 error-correction codewords each.
        let data = (0..<62).map(UInt8.init)
        let result = QRCodewords.interleaved(data, version: QRVersion(5), level: .quartile)
        #expect(result.count == 134)
        #expect(Array(result.prefix(8)) == [0, 15, 30, 46, 1, 16, 31, 47])
        #expect(Array(result[56..<62]) == [14, 29, 44, 60, 45, 61])
    }
}
