/// The pixel size and kind of an image, read from its first bytes: PNG (IHDR), GIF (logical
/// screen), JPEG (the first SOF0–SOF15 marker but DHT/JPG/DAC, walking the segments), WebP
/// (VP8, VP8L and VP8X chunks). Nothing is decoded; anything else or anything malformed is `nil`.
///
/// It is what the server writes as `og:image:width` and `og:image:height` for an image of the
/// site's `static/` folder. The bytes are not trusted: every read is checked against their end,
/// and a JPEG's segments are walked by their lengths, each step moving forward, so the walk
/// ends with the data (one pass at most: about 10 ms for 10 MB of fill bytes in a release
/// build). A PNG, GIF or WebP is read from a copy of its first ``headerLength`` bytes; a JPEG
/// from a copy of all of them, in one array.
///
/// ```swift
/// ImageDimensions(pngBytes)            // ImageDimensions(kind: .png, width: 1200, height: 630)
/// ImageDimensions(jpegBytes)?.width    // 1200
/// ImageDimensions(Array("GIF".utf8))   // nil: cut short
/// ```
public struct ImageDimensions: Sendable, Hashable {
    /// The four kinds of image read; the raw value is the usual file extension.
    public enum Kind: String, Sendable, Hashable { case png, gif, jpeg, webp }

    /// The kind of image.
    public let kind: Kind
    /// The width in pixels, from 1 to ``largestSide``.
    public let width: Int
    /// The height in pixels, from 1 to ``largestSide``.
    public let height: Int

    /// The largest width or height accepted: 16,777,216 (2^24). JPEG and GIF cannot say more
    /// than 65,535, a VP8 WebP 16,383, a VP8L WebP 16,384 and a VP8X WebP exactly 2^24; a PNG can
    /// claim up to 2^31 − 1, and one claiming more than 2^24 on a side is taken as malformed.
    public static let largestSide = 1 << 24

    /// How many bytes from the start a PNG, GIF or WebP is read from (the PNG signature and its
    /// whole IHDR chunk, CRC included); a JPEG is read up to its frame header, however far.
    public static let headerLength = 33

    /// Reads `bytes`; `nil` when they are not one of the four kinds, are cut short, or claim a
    /// width or height of 0 or over ``largestSide``.
    ///
    /// What is checked, beyond the size:
    /// - PNG: the signature, then a first chunk of length 13 and type `IHDR` whose CRC is right.
    /// - GIF: `GIF87a` or `GIF89a` and the whole logical screen descriptor (13 bytes); a GIF
    ///   whose logical screen is 0 wide or high is `nil`.
    /// - JPEG: `FF D8`, then segments each starting with `FF` (fill bytes `FF` skipped); RST0–7
    ///   and TEM stand alone, every other segment has a length of at least 2 that must stay
    ///   within the bytes. SOS, EOI, a second SOI, `FF 00` or a reserved marker (`02`–`BF`)
    ///   before a frame header is `nil`; so is a frame header cut short, with no component, or
    ///   with a height of 0 (which only a later DNL segment would give).
    /// - WebP: `RIFF`, a size that holds the first chunk, `WEBP`, then a first chunk `VP8 ` (a
    ///   shown key frame with the start code `9D 01 2A`), `VP8L` (signature `2F`, version 0)
    ///   or `VP8X` (length 10; the canvas's width × height at most 2^32 − 1).
    public init?(_ bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(Self.headerLength))
        let size: (width: UInt32, height: UInt32)?
        let kind: Kind
        if head.starts(with: Self.pngSignature) {
            (kind, size) = (.png, Self.png(head))
        } else if head.starts(with: Self.gif87a) || head.starts(with: Self.gif89a) {
            (kind, size) = (.gif, Self.gif(head))
        } else if head.starts(with: [0xFF, 0xD8]) {
            (kind, size) = (.jpeg, Self.jpeg(Array(bytes)))
        } else if head.count >= 12, head[0..<4].elementsEqual(Self.riff), head[8..<12].elementsEqual(Self.webpTag) {
            (kind, size) = (.webp, Self.webp(head))
        } else {
            return nil
        }
        let sides = UInt32(1)...UInt32(Self.largestSide)
        guard let size, sides.contains(size.width), sides.contains(size.height) else { return nil }
        self.kind = kind
        self.width = Int(size.width)
        self.height = Int(size.height)
    }

    // MARK: PNG

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let ihdr = Array("IHDR".utf8)

    /// The signature (8 bytes), then the IHDR chunk: length 13 (4), type (4), width (4), height
    /// (4), five one-byte fields, and the CRC of the type and data (4), all big-endian.
    private static func png(_ head: [UInt8]) -> (width: UInt32, height: UInt32)? {
        guard head.count >= 33, bigEndian32(head, at: 8) == 13, head[12..<16].elementsEqual(ihdr),
              crc32(head[12..<29]) == bigEndian32(head, at: 29) else { return nil }
        return (bigEndian32(head, at: 16), bigEndian32(head, at: 20))
    }

    /// The CRC-32 PNG chunks carry (ISO 3309, reflected, polynomial 0xEDB88320), bit by bit:
    /// it only ever covers the 17 bytes of an IHDR here.
    private static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }

    // MARK: GIF

    private static let gif87a = Array("GIF87a".utf8)
    private static let gif89a = Array("GIF89a".utf8)

    /// The header (6 bytes), then the logical screen descriptor: width (2), height (2), flags,
    /// background colour and aspect ratio (1 each), little-endian.
    private static func gif(_ head: [UInt8]) -> (width: UInt32, height: UInt32)? {
        guard head.count >= 13 else { return nil }
        return (littleEndian(head, at: 6, count: 2), littleEndian(head, at: 8, count: 2))
    }

    // MARK: JPEG

    /// Walks the segments after SOI to the first frame header (SOF0–SOF15 but DHT `C4`, JPG
    /// `C8` and DAC `CC`): length (2), precision (1), height (2), width (2), component count
    /// (1), then 3 bytes a component; big-endian.
    private static func jpeg(_ bytes: [UInt8]) -> (width: UInt32, height: UInt32)? {
        var reader = ByteReader(bytes)
        guard reader.byte() == 0xFF, reader.byte() == 0xD8 else { return nil }
        // Each turn reads at least two bytes or returns, so the walk ends with the data.
        while true {
            guard reader.byte() == 0xFF else { return nil }
            var marker = reader.byte()
            while marker == 0xFF { marker = reader.byte() }
            guard let marker else { return nil }
            switch marker {
            case 0x01, 0xD0...0xD7:
                continue
            case 0x00, 0x02...0xBF, 0xD8, 0xD9, 0xDA:
                return nil
            default:
                break
            }
            guard let length = reader.bigEndian16(), length >= 2 else { return nil }
            guard (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) else {
                guard reader.skip(Int(length) - 2) else { return nil }
                continue
            }
            guard reader.byte() != nil, let height = reader.bigEndian16(), let width = reader.bigEndian16(),
                  let components = reader.byte(), components >= 1, Int(length) == 8 + 3 * Int(components),
                  reader.skip(3 * Int(components)) else { return nil }
            return (UInt32(width), UInt32(height))
        }
    }

    // MARK: WebP

    private static let riff = Array("RIFF".utf8)
    private static let webpTag = Array("WEBP".utf8)
    private static let vp8 = Array("VP8 ".utf8)
    private static let vp8l = Array("VP8L".utf8)
    private static let vp8x = Array("VP8X".utf8)

    /// `RIFF`, the size of what follows (4), `WEBP`, then the first chunk: its type (4), its
    /// size (4) and its data from byte 20, little-endian.
    private static func webp(_ head: [UInt8]) -> (width: UInt32, height: UInt32)? {
        guard head.count >= 20 else { return nil }
        let riffSize = UInt64(littleEndian(head, at: 4, count: 4))
        let chunkType = head[12..<16]
        let chunkSize = littleEndian(head, at: 16, count: 4)
        guard riffSize >= 12 + UInt64(chunkSize) else { return nil }
        if chunkType.elementsEqual(vp8) {
            // A frame tag (3: key frame when bit 0 is clear, profile in bits 1–3, shown in bit 4,
            // the first partition's size above), the start code (3), then 14-bit width and height
            // (2 each, the top two bits a scale).
            guard head.count >= 30, chunkSize >= 10 else { return nil }
            let tag = littleEndian(head, at: 20, count: 3)
            guard tag & 1 == 0, (tag >> 1) & 7 <= 3, (tag >> 4) & 1 == 1, tag >> 5 < chunkSize,
                  head[23..<26].elementsEqual([0x9D, 0x01, 0x2A]) else { return nil }
            return (littleEndian(head, at: 26, count: 2) & 0x3FFF, littleEndian(head, at: 28, count: 2) & 0x3FFF)
        } else if chunkType.elementsEqual(vp8l) {
            // The signature 0x2F, then 32 bits: width − 1 (14), height − 1 (14), alpha (1), version (3).
            guard head.count >= 25, chunkSize >= 5, head[20] == 0x2F else { return nil }
            let bits = littleEndian(head, at: 21, count: 4)
            guard bits >> 29 == 0 else { return nil }
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        } else if chunkType.elementsEqual(vp8x) {
            // Flags (1), reserved (3), canvas width − 1 (3), canvas height − 1 (3).
            guard head.count >= 30, chunkSize == 10 else { return nil }
            let width = littleEndian(head, at: 24, count: 3) + 1
            let height = littleEndian(head, at: 27, count: 3) + 1
            guard UInt64(width) * UInt64(height) <= UInt64(UInt32.max) else { return nil }
            return (width, height)
        }
        return nil
    }

    // MARK: Bytes

    /// The 4 bytes at `offset`, big-endian; the caller has checked they are there.
    private static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The `count` (at most 4) bytes at `offset`, little-endian; the caller has checked they are there.
    private static func littleEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> UInt32 {
        bytes[offset..<offset + count].reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
}

/// Reads bytes from the first, never past the last.
private struct ByteReader {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The next byte, or `nil` at the end.
    mutating func byte() -> UInt8? {
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return bytes[index]
    }

    /// The next two bytes, big-endian, or `nil` when fewer are left.
    mutating func bigEndian16() -> UInt16? {
        guard let high = byte(), let low = byte() else { return nil }
        return UInt16(high) << 8 | UInt16(low)
    }

    /// Moves `count` bytes on; `false` (and no move) when fewer are left.
    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, count <= bytes.count - index else { return false }
        index += count
        return true
    }
}
