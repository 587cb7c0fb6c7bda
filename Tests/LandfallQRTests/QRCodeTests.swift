@testable import LandfallQR
import Testing

@Suite struct QRCodeTests {
    @Test("the smallest version that holds the bytes is chosen", arguments: [
        (14, QRErrorCorrection.medium, 1), (15, .medium, 2), (17, .low, 1), (18, .low, 2),
        (7, .high, 1), (8, .high, 2), (2_331, .medium, 40), (1_273, .high, 40), (0, .quartile, 1),
    ])
    func smallestVersionIsChosen(byteCount: Int, level: QRErrorCorrection, version: Int) throws {
        let code = try QRCode([UInt8](repeating: 0x41, count: byteCount), errorCorrection: level)
        #expect(code.version == version)
        #expect(code.size == 17 + 4 * version)
        #expect(code.errorCorrection == level)
    }

    @Test("the version is never below the minimum version", arguments: [1, 2, 7, 40])
    func minimumVersionIsRespected(minimumVersion: Int) throws {
        #expect(try QRCode("hi", minimumVersion: minimumVersion).version == minimumVersion)
    }

    @Test("text is encoded as its UTF-8 bytes")
    func textIsUTF8() throws {
        let text = "Grüße 🚀"
        #expect(try QRCode(text, mask: 2) == QRCode(Array(text.utf8), mask: 2))
    }

    @Test("the chosen mask has the lowest penalty of the eight", arguments: [
        "https://example.com/s/abc123", "HELLO WORLD", "", String(repeating: "x", count: 300),
    ])
    func chosenMaskHasTheLowestPenalty(text: String) throws {
        let chosen = try QRCode(text)
        let scores = try (0...7).map { mask in
            let code = try QRCode(text, mask: mask)
            var grid = ModuleGrid(size: code.size)
            for y in 0..<code.size { for x in 0..<code.size { grid[x, y] = code[x: x, y: y] } }
            return QRPenalty.score(grid)
        }
        #expect(scores[chosen.mask] == scores.min())
        #expect(chosen.mask == scores.firstIndex(of: scores.min()!))
    }

    @Test("the finder patterns sit in three corners, and outside the symbol is light")
    func finderPatternsAndQuietZone() throws {
        let code = try QRCode("corners")
        let n = code.size
        for (x0, y0) in [(0, 0), (n - 7, 0), (0, n - 7)] {
            let drawn = (0..<7).map { dy in String((0..<7).map { dx in code[x: x0 + dx, y: y0 + dy] ? "#" : "." }) }
            #expect(drawn == ["#######", "#.....#", "#.###.#", "#.###.#", "#.###.#", "#.....#", "#######"])
        }
        #expect(!code[x: -1, y: 0])
        #expect(!code[x: 0, y: n])
    }

    @Test("bad arguments are refused with a message that says what is expected", arguments: [
        (bytes: 2_954, level: QRErrorCorrection.low, minimumVersion: 1, mask: Int?.none, code: QRCodeError.Code.dataTooLong,
         message: "2,954 bytes do not fit in a QR code at error correction L: at most 2,953 bytes fit (version 40)"),
        (2_332, .medium, 1, nil, .dataTooLong,
         "2,332 bytes do not fit in a QR code at error correction M: at most 2,331 bytes fit (version 40)"),
        (1_664, .quartile, 1, nil, .dataTooLong,
         "1,664 bytes do not fit in a QR code at error correction Q: at most 1,663 bytes fit (version 40)"),
        (1_274, .high, 1, nil, .dataTooLong,
         "1,274 bytes do not fit in a QR code at error correction H: at most 1,273 bytes fit (version 40)"),
        (10, .medium, 0, nil, .versionOutOfRange, "minimum version 0 is out of range: expected 1...40"),
        (10, .medium, 41, nil, .versionOutOfRange, "minimum version 41 is out of range: expected 1...40"),
        (10, .medium, 1, 8, .maskOutOfRange, "mask 8 is out of range: expected 0...7"),
        (10, .medium, 1, -1, .maskOutOfRange, "mask -1 is out of range: expected 0...7"),
    ])
    func badArgumentsAreRefused(
        bytes: Int, level: QRErrorCorrection, minimumVersion: Int, mask: Int?, code: QRCodeError.Code, message: String
    ) {
        #expect(throws: QRCodeError(code: code, message: message)) {
            try QRCode([UInt8](repeating: 0x20, count: bytes), errorCorrection: level,
                       minimumVersion: minimumVersion, mask: mask)
        }
    }

    @Test("bad rendering arguments are refused by both renderers", arguments: [
        (moduleSize: 0, margin: 4, code: QRCodeError.Code.moduleSizeOutOfRange,
         message: "module size 0 is out of range: expected 1...64"),
        (65, 4, .moduleSizeOutOfRange, "module size 65 is out of range: expected 1...64"),
        (8, -1, .marginOutOfRange, "margin -1 is out of range: expected 0...64"),
        (8, 65, .marginOutOfRange, "margin 65 is out of range: expected 0...64"),
    ])
    func badRenderingArgumentsAreRefused(moduleSize: Int, margin: Int, code: QRCodeError.Code, message: String) throws {
        let qr = try QRCode("render")
        let expected = QRCodeError(code: code, message: message)
        #expect(throws: expected) { try qr.svg(moduleSize: moduleSize, margin: margin) }
        #expect(throws: expected) { try qr.png(moduleSize: moduleSize, margin: margin) }
    }

    @Test("counts are grouped by thousands", arguments: [(0, "0"), (999, "999"), (1_000, "1,000"), (2_954, "2,954"), (1_234_567, "1,234,567")])
    func countsAreGrouped(value: Int, text: String) {
        #expect(QRCodeError.grouped(value) == text)
    }
}
