/// A minimal PNG writer: signature, IHDR, one IDAT of zlib data, IEND; each chunk with its CRC-32
/// (PNG specification, RFC 1950, RFC 1951). The zlib data is stored (uncompressed) deflate blocks
/// unless the caller brings a compressor (LandfallCards brings zlib's); `package` so that the
/// package has one PNG writer.
package enum PNGEncoder {
    /// The eight bytes every PNG file starts with (`package`: LandfallCards checks files with it).
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The PNG colour types this writer is used with.
    package enum ColorType: UInt8, Sendable {
        /// One grey sample per pixel.
        case grayscale = 0
        /// Red, green and blue samples per pixel, no alpha.
        case truecolor = 2
        /// One index per pixel into the palette (a `PLTE` chunk of red, green, blue triples).
        case indexed = 3
    }

    /// A 1-bit grayscale image from its filtered scanlines (each a filter byte then the pixels).
    static func grayscale1Bit(width: Int, height: Int, scanlines: [UInt8]) -> [UInt8] {
        image(width: width, height: height, bitDepth: 1, colorType: .grayscale, scanlines: scanlines)
    }

    /// An image from its filtered scanlines (each a filter byte then the pixels, PNG section 7).
    ///
    /// - Parameters:
    ///   - palette: the `PLTE` chunk's red, green, blue triples, for ``ColorType/indexed``
    ///     (at most 256 of them); empty for the other types.
    ///   - zlib: turns the scanlines into a zlib stream (RFC 1950); stored blocks,
    ///     ``zlibStored(_:)``, by default.
    package static func image(width: Int, height: Int, bitDepth: UInt8, colorType: ColorType, palette: [UInt8] = [],
                              scanlines: [UInt8], zlib: ([UInt8]) -> [UInt8] = zlibStored) -> [UInt8] {
        precondition((colorType == .indexed) == !palette.isEmpty && palette.count % 3 == 0 && palette.count <= 768,
                     "an indexed PNG needs a palette of 1 to 256 colours, the other types none")
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [bitDepth, colorType.rawValue, 0, 0, 0]  // deflate, adaptive filters, no interlace
        var png = signature
        png.appendChunk("IHDR", header)
        if !palette.isEmpty { png.appendChunk("PLTE", palette) }
        png.appendChunk("IDAT", zlib(scanlines))
        png.appendChunk("IEND", [])
        return png
    }

    /// A zlib stream that stores the bytes uncompressed, in blocks of at most 65,535 bytes.
    package static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]  // deflate, 32 KiB window, no dictionary, check bits
        stream.reserveCapacity(bytes.count + bytes.count / 65_535 * 5 + 11)
        var start = 0
        repeat {
            let end = min(start + 65_535, bytes.count)
            let length = UInt16(end - start)
            stream.append(end == bytes.count ? 1 : 0)  // BFINAL, BTYPE 00 (stored)
            stream += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            stream += bytes[start..<end]
            start = end
        } while start < bytes.count
        stream.appendBigEndian(adler32(bytes))
        return stream
    }

    /// The Adler-32 checksum of RFC 1950.
    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        var index = 0
        while index < bytes.count {
            let end = min(index + 5_552, bytes.count)  // the most bytes before b can overflow
            for byte in bytes[index..<end] {
                a += UInt32(byte)
                b += a
            }
            a %= 65_521
            b %= 65_521
            index = end
        }
        return b << 16 | a
    }

    /// The CRC-32 of ISO 3309 (polynomial 0xEDB88320, reflected), as PNG chunks use it.
    package static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
        }
        return value
    }
}

extension [UInt8] {
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }

    /// Appends a chunk: length, type, data, CRC-32 of type and data.
    fileprivate mutating func appendChunk(_ type: String, _ data: [UInt8]) {
        appendBigEndian(UInt32(data.count))
        let typeAndData = Array(type.utf8) + data
        append(contentsOf: typeAndData)
        appendBigEndian(PNGEncoder.crc32(typeAndData))
    }
}
