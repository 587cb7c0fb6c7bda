import Foundation
import LandfallQR
import Testing

/// The PNG writer's output, taken apart by code independent of the writer (a bitwise CRC-32, a
/// stored-block inflater) and by Python's zlib; zbarimg reading it is the real check
/// (`ZbarDecodingTests`).
@Suite struct QRCodePNGTests {
    struct Chunk {
        let type: String
        let data: [UInt8]
        let crc: UInt32
    }

    static func bigEndian(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// CRC-32 bit by bit, without a table: a second implementation to check the writer's.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func chunks(of png: [UInt8]) throws -> [Chunk] {
        try #require(png.count >= 8)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "PNG signature")
        var chunks: [Chunk] = []
        var offset = 8
        while offset < png.count {
            let length = Int(bigEndian(png[offset..<offset + 4]))
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            let data = Array(png[offset + 8..<offset + 8 + length])
            let crc = bigEndian(png[offset + 8 + length..<offset + 12 + length])
            chunks.append(Chunk(type: type, data: data, crc: crc))
            offset += 12 + length
        }
        return chunks
    }

    /// Inflates a zlib stream made only of stored blocks, checking the header and Adler-32.
    static func inflateStored(_ stream: [UInt8]) throws -> [UInt8] {
        try #require(stream.count >= 6)
        #expect((Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0, "zlib header check bits")
        #expect(stream[0] & 0x0F == 8, "deflate method")
        var output: [UInt8] = []
        var offset = 2
        while true {
            let header = stream[offset]
            try #require(header & 0b110 == 0, "only stored blocks are expected")
            let length = Int(stream[offset + 1]) | Int(stream[offset + 2]) << 8
            let complement = Int(stream[offset + 3]) | Int(stream[offset + 4]) << 8
            #expect(length ^ complement == 0xFFFF)
            output += stream[offset + 5..<offset + 5 + length]
            offset += 5 + length
            if header & 1 == 1 { break }
        }
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in output { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        #expect(bigEndian(stream[offset..<offset + 4]) == b << 16 | a, "Adler-32")
        #expect(offset + 4 == stream.count)
        return output
    }

    /// The scanlines the image must have: filter byte 0, then one bit per pixel, 0 for black.
    static func expectedScanlines(_ code: QRCode, moduleSize: Int, margin: Int) -> [UInt8] {
        let side = (code.size + 2 * margin) * moduleSize
        var result: [UInt8] = []
        for py in 0..<side {
            result.append(0)
            var row = [UInt8](repeating: 0, count: (side + 7) / 8)
            for px in 0..<side where !code[x: px / moduleSize - margin, y: py / moduleSize - margin] {
                row[px / 8] |= 0x80 >> UInt8(px % 8)
            }
            // Padding bits at the end of a row are white (1) too, as the writer makes them.
            for px in side..<row.count * 8 { row[px / 8] |= 0x80 >> UInt8(px % 8) }
            result += row
        }
        return result
    }

    @Test("the PNG has valid chunks and the expected 1-bit scanlines", arguments: [
        (moduleSize: 1, margin: 0), (3, 4), (8, 4), (5, 1), (64, 2),
    ])
    func pngStructure(moduleSize: Int, margin: Int) throws {
        let code = try QRCode("https://example.com/s/abc123")
        let png = try code.png(moduleSize: moduleSize, margin: margin)
        let chunks = try Self.chunks(of: png)
        #expect(chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
        for chunk in chunks {
            #expect(chunk.crc == Self.crc32(Array(chunk.type.utf8) + chunk.data), "CRC of \(chunk.type)")
        }
        let side = UInt32((code.size + 2 * margin) * moduleSize)
        let header = chunks[0].data
        #expect(Self.bigEndian(header[0..<4]) == side)
        #expect(Self.bigEndian(header[4..<8]) == side)
        #expect(Array(header[8...]) == [1, 0, 0, 0, 0])
        let scanlines = try Self.inflateStored(chunks[1].data)
        #expect(scanlines == Self.expectedScanlines(code, moduleSize: moduleSize, margin: margin))
    }

    @Test("Python's zlib inflates the image data to the expected scanlines",
          .enabled(if: ExternalTool.shouldRun("python3"), "python3 is not installed"))
    func pythonZlibAgrees() async throws {
        guard let python = ExternalTool.find("python3", package: "python3") else { return }
        let code = try QRCode(String(repeating: "large enough for several stored blocks ", count: 20))
        let png = try code.png(moduleSize: 12, margin: 4)  // > 65,535 bytes of scanlines
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("code.png")
            try Data(png).write(to: file)
            let script = """
                import sys, zlib, struct
                data = open(sys.argv[1], 'rb').read()
                assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n'
                offset, idat = 8, b''
                while offset < len(data):
                    length, kind = struct.unpack('>I4s', data[offset:offset + 8])
                    body = data[offset + 8:offset + 8 + length]
                    crc, = struct.unpack('>I', data[offset + 8 + length:offset + 12 + length])
                    assert zlib.crc32(kind + body) == crc, kind
                    if kind == b'IDAT': idat += body
                    offset += 12 + length
                sys.stdout.buffer.write(zlib.decompress(idat))
                """
            let result = try await python.run(["-c", script, file.path])
            #expect(result.status == 0)
            #expect(result.output == Self.expectedScanlines(code, moduleSize: 12, margin: 4))
        }
    }
}
