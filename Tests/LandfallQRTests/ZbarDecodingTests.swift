import Foundation
import LandfallQR
import Testing
import SeededRandom

/// The real check: every symbol we make is read back by an independent decoder, zbar's
/// `zbarimg` (Debian package zbar-tools), from the PNG we write.
///
/// zbarimg prints what it decodes as text, one symbol per line, so the payloads are printable
/// ASCII (0x20...0x7E: no newline, nothing a charset guess could change), plus one case of
/// UTF-8 text. Without zbarimg these tests are skipped, or fail when CI is set.
@Suite(.enabled(if: ExternalTool.shouldRun("zbarimg"), "zbarimg is not installed (apt-get install -y zbar-tools)"))
struct ZbarDecodingTests {
    /// A payload of printable ASCII that fills `version` exactly at `level`.
    static func fillingPayload(version: Int, level: QRErrorCorrection) -> [UInt8] {
        var generator = SeededGenerator(seed: UInt64(version * 10 + level.rawValue))
        let capacity = QRCapacity.bytes(version: version, level: level)
        return (0..<capacity).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) }
    }

    @Test("every version at every error-correction level, filled with random bytes, reads back exactly",
          arguments: 1...40)
    func everyVersionAndLevelReadsBack(version: Int) async throws {
        guard let zbarimg = ExternalTool.find("zbarimg", package: "zbar-tools") else { return }
        try await withTemporaryDirectory { directory in
            var files: [String] = []
            var expected: [[UInt8]] = []
            for level in QRErrorCorrection.allCases {
                let payload = Self.fillingPayload(version: version, level: level)
                let code = try QRCode(payload, errorCorrection: level)
                #expect(code.version == version, "level \(level): a full payload should need exactly version \(version)")
                let file = directory.appendingPathComponent("v\(version)-\(level).png")
                try Data(code.png(moduleSize: 3)).write(to: file)
                files.append(file.path)
                expected.append(payload)
            }
            let result = try await zbarimg.run(["--raw", "-q"] + files)
            #expect(result.status == 0, "zbarimg could not read every symbol of version \(version)")
            let lines = result.output.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
            for (index, level) in QRErrorCorrection.allCases.enumerated() {
                let decoded = index < lines.count ? lines[index] : []
                let same = decoded == expected[index]
                #expect(same, "version \(version)-\(level) decoded as \(decoded.count) bytes, expected \(expected[index].count)")
            }
        }
    }

    @Test("UTF-8 text reads back as the same text")
    func utf8TextReadsBack() async throws {
        guard let zbarimg = ExternalTool.find("zbarimg", package: "zbar-tools") else { return }
        let text = "Grüße aus Zürich — 東京へ 🚀 https://example.com/s/ÄÖÜ"
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("utf8.png")
            try Data(QRCode(text).png()).write(to: file)
            let result = try await zbarimg.run(["--raw", "-q", file.path])
            #expect(result.status == 0)
            #expect(String(decoding: result.output, as: UTF8.self) == text + "\n")
        }
    }

    @Test("a forced mask and a minimum version still read back", arguments: [
        (mask: 0, minimumVersion: 1), (mask: 3, minimumVersion: 5), (mask: 5, minimumVersion: 7),
        (mask: 7, minimumVersion: 22),
    ])
    func forcedMaskAndMinimumVersionReadBack(mask: Int, minimumVersion: Int) async throws {
        guard let zbarimg = ExternalTool.find("zbarimg", package: "zbar-tools") else { return }
        let payload = "https://example.com/s/abc123?utm_source=qr"
        try await withTemporaryDirectory { directory in
            let code = try QRCode(payload, errorCorrection: .quartile, minimumVersion: minimumVersion, mask: mask)
            #expect(code.mask == mask)
            #expect(code.version == max(minimumVersion, 4))  // 42 bytes need version 4 at Q
            let file = directory.appendingPathComponent("forced.png")
            try Data(code.png(moduleSize: 4, margin: 4)).write(to: file)
            let result = try await zbarimg.run(["--raw", "-q", file.path])
            #expect(result.status == 0, "mask \(mask), version \(code.version) did not read back")
            #expect(String(decoding: result.output, as: UTF8.self) == payload + "\n")
        }
    }
}
