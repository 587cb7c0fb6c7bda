import Foundation
import LandfallSite
import SeededRandom
import Testing

/// Image sizes read from the first bytes of PNG, GIF, JPEG and WebP files, for the
/// `og:image:width` and `og:image:height` of the site's static images: headers built here
/// byte by byte, real files from real encoders, and malformed, cut and random bytes, which are
/// `nil` and never crash or stall.
@Suite struct ImageDimensionsTests {
    /// `"png 3×2"`, or `"nil"`: what a reading gave, as a failure shows it.
    static func read(_ bytes: some Collection<UInt8>) -> String {
        guard let image = ImageDimensions(bytes) else { return "nil" }
        return "\(image.kind.rawValue) \(image.width)×\(image.height)"
    }

    // MARK: PNG

    @Test("a PNG's size is its IHDR's width and height", arguments: [
        (1, 1), (3, 2), (1_200, 630), (630, 1_200), (65_536, 2), (1 << 24, 1), (1, 1 << 24),
    ] as [(UInt32, UInt32)])
    func png(width: UInt32, height: UInt32) {
        #expect(Self.read(Headers.png(width: width, height: height)) == "png \(width)×\(height)")
    }

    @Test("a PNG built here is byte for byte the header Chromium writes for a 3×2 canvas")
    func pngHeaderIsChromiums() throws {
        // `xxd -i -l 33` of RealFiles.chromiumPNG: the signature and the whole IHDR chunk.
        let chromium: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D,
            0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x02,
            0x08, 0x06, 0x00, 0x00, 0x00, 0x9D, 0x74, 0x66, 0x1A,
        ]
        #expect(Headers.png(width: 3, height: 2) == chromium)
        #expect(Array(try RealFiles.bytes(RealFiles.chromiumPNG).prefix(33)) == chromium)
    }

    // MARK: GIF

    @Test("a GIF's size is its logical screen's, little-endian, in GIF87a and GIF89a", arguments: [
        ("GIF87a", 5, 4), ("GIF89a", 5, 4), ("GIF89a", 1, 1), ("GIF89a", 256, 1), ("GIF87a", 1, 256),
        ("GIF89a", 65_535, 65_535),
    ] as [(String, UInt32, UInt32)])
    func gif(version: String, width: UInt32, height: UInt32) {
        #expect(Self.read(Headers.gif(version, width: width, height: height)) == "gif \(width)×\(height)")
    }

    // MARK: JPEG

    /// Every frame header: SOF0–SOF15 but C4 (DHT), C8 (JPG) and CC (DAC).
    static let frameMarkers: [UInt8] = [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF]

    @Test("a JPEG's size is its frame header's, height before width, whichever SOF it is", arguments: frameMarkers)
    func jpegFrameHeaders(marker: UInt8) {
        let jpeg = Headers.jpeg(Headers.app0, Headers.sof(marker, width: 1_200, height: 630))
        #expect(Self.read(jpeg) == "jpeg 1200×630", "SOF marker \(marker)")
    }

    static let walks: [(name: String, segments: [[UInt8]])] = [
        ("APP0 then SOF0", [Headers.app0, Headers.sof(0xC0, width: 5, height: 4)]),
        ("APP0 then SOF2 (progressive)", [Headers.app0, Headers.sof(0xC2, width: 5, height: 4)]),
        ("SOF0 straight after SOI", [Headers.sof(0xC0, width: 5, height: 4)]),
        ("APP1 Exif, DQT, COM, then SOF0", [
            Headers.segment(0xE1, Array("Exif\0\0".utf8) + Array(repeating: 0x2A, count: 1_000)),
            Headers.segment(0xDB, [0] + Array(repeating: 1, count: 64)),
            Headers.segment(0xFE, Array("made by hand".utf8)),
            Headers.sof(0xC0, width: 5, height: 4),
        ]),
        ("a COM with no contents (length 2)", [Headers.segment(0xFE, []), Headers.sof(0xC0, width: 5, height: 4)]),
        ("fill bytes before a marker", [[0xFF, 0xFF, 0xFF] + Headers.app0, [0xFF] + Headers.sof(0xC0, width: 5, height: 4)]),
        ("RST0, RST7 and TEM, which stand alone", [[0xFF, 0xD0, 0xFF, 0xD7, 0xFF, 0x01], Headers.sof(0xC1, width: 5, height: 4)]),
        ("DHT, JPG and DAC whose contents look like a frame header", [
            Headers.sof(0xC4, width: 9, height: 9), Headers.sof(0xC8, width: 9, height: 9),
            Headers.sof(0xCC, width: 9, height: 9), Headers.sof(0xC0, width: 5, height: 4),
        ]),
        ("a single component (greyscale)", [Headers.sof(0xC0, width: 5, height: 4, components: 1)]),
        ("an APP1 of the largest length", [Headers.segment(0xE1, Array(repeating: 0xFF, count: 65_533)), Headers.sof(0xC0, width: 5, height: 4)]),
    ]

    @Test("a JPEG's size is found past the segments before its frame header", arguments: walks)
    func jpegWalk(name: String, segments: [[UInt8]]) {
        #expect(Self.read(Headers.jpeg(segments: segments)) == "jpeg 5×4", "\(name)")
    }

    @Test("a JPEG's width and height can each be as large as 16 bits say")
    func jpegLargest() {
        #expect(Self.read(Headers.jpeg(Headers.sof(0xC0, width: 65_535, height: 65_535))) == "jpeg 65535×65535")
        #expect(Self.read(Headers.jpeg(Headers.sof(0xC0, width: 256, height: 1))) == "jpeg 256×1")
    }

    @Test("a SOF0 built here is byte for byte the one libjpeg writes for a 5×4 colour image")
    func sofIsLibjpegs() throws {
        let written = try RealFiles.bytes(RealFiles.imageMagickJPEG)
        let sof = Headers.sof(0xC0, width: 5, height: 4)
        #expect(written.indices.contains { written[$0...].starts(with: sof) })
    }

    // MARK: WebP

    @Test("a WebP's size is read from its VP8, VP8L or VP8X chunk", arguments: [
        ("VP8", Headers.vp8(width: 5, height: 4), "5×4"),
        ("VP8 with scale bits set", Headers.vp8(width: 0xC000 | 1_200, height: 0x4000 | 630), "1200×630"),
        ("VP8 largest", Headers.vp8(width: 16_383, height: 16_383), "16383×16383"),
        ("VP8L", Headers.vp8l(width: 5, height: 4), "5×4"),
        ("VP8L largest", Headers.vp8l(width: 16_384, height: 16_384), "16384×16384"),
        ("VP8L with alpha", Headers.vp8l(width: 1_200, height: 630, alpha: true), "1200×630"),
        ("VP8X", Headers.vp8x(width: 5, height: 4), "5×4"),
        ("VP8X wide", Headers.vp8x(width: 1 << 24, height: 255), "16777216×255"),
        ("VP8X tall", Headers.vp8x(width: 255, height: 1 << 24), "255×16777216"),
    ] as [(String, [UInt8], String)])
    func webp(name: String, bytes: [UInt8], size: String) {
        #expect(Self.read(bytes) == "webp \(size)", "\(name)")
    }

    // MARK: Real files

    @Test("real files from Chromium, ImageMagick and cwebp read as the size they were made at", arguments: [
        ("Chromium PNG", RealFiles.chromiumPNG, "png 3×2"),
        ("Chromium JPEG", RealFiles.chromiumJPEG, "jpeg 5×4"),
        ("Chromium WebP", RealFiles.chromiumWebP, "webp 5×4"),
        ("ImageMagick PNG", RealFiles.imageMagickPNG, "png 3×2"),
        ("ImageMagick GIF", RealFiles.imageMagickGIF, "gif 5×4"),
        ("ImageMagick JPEG", RealFiles.imageMagickJPEG, "jpeg 5×4"),
        ("ImageMagick progressive JPEG", RealFiles.imageMagickProgressiveJPEG, "jpeg 5×4"),
        ("cwebp lossy", RealFiles.cwebpLossy, "webp 5×4"),
        ("cwebp lossless", RealFiles.cwebpLossless, "webp 5×4"),
    ])
    func realFiles(name: String, base64: String, size: String) throws {
        let bytes = try RealFiles.bytes(base64)
        #expect(Self.read(bytes) == size, "\(name)")
        #expect(Self.read(Data(bytes)) == size, "\(name) as Data")
    }

    @Test("any collection of bytes reads the same: an array slice, Data, a Data slice and a lazy view")
    func collections() throws {
        let bytes = try RealFiles.bytes(RealFiles.chromiumJPEG)
        let framed = [0xAA, 0xBB, 0xCC] + bytes + [0xDD]
        let data = Data(framed)
        #expect(Self.read(framed[3..<(framed.count - 1)]) == "jpeg 5×4")
        #expect(Self.read(data[3...]) == "jpeg 5×4")
        #expect(Self.read(data.dropFirst(3)) == "jpeg 5×4")
        #expect(Self.read(bytes.lazy.map { $0 }) == "jpeg 5×4")
        #expect(Self.read(AnyCollection(bytes)) == "jpeg 5×4")
        #expect(Self.read(data[1...]) == "nil")
    }

    // MARK: Not an image, or malformed

    static let malformedBytes: [(name: String, bytes: [UInt8])] = [
        ("empty", []),
        ("one byte", [0x89]),
        ("text", Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"3\" height=\"2\"/>".utf8)),
        ("a PNG signature alone", Array(Headers.png(width: 3, height: 2).prefix(8))),
        ("a PNG cut inside IHDR, after its height", Array(Headers.png(width: 3, height: 2).prefix(24))),
        ("a PNG without its IHDR's CRC", Array(Headers.png(width: 3, height: 2).prefix(29))),
        ("a PNG whose first chunk is not IHDR", Headers.png(width: 3, height: 2, type: "iCCP")),
        ("a PNG whose IHDR claims a length of 12", Headers.png(width: 3, height: 2, length: 12)),
        ("a PNG whose IHDR's CRC is wrong", Headers.png(width: 3, height: 2, crcDelta: 1)),
        ("a PNG whose width is 0", Headers.png(width: 0, height: 2)),
        ("a PNG whose height is 0", Headers.png(width: 3, height: 0)),
        ("a PNG wider than 2^24", Headers.png(width: 1 << 24 + 1, height: 2)),
        ("a PNG as wide as a PNG can say, 2^31 − 1", Headers.png(width: 0x7FFF_FFFF, height: 2)),
        ("a PNG whose width is 2^32 − 1", Headers.png(width: .max, height: .max)),
        ("a GIF cut inside its logical screen", Array(Headers.gif("GIF89a", width: 5, height: 4).prefix(12))),
        ("a GIF of another version", Headers.gif("GIF88a", width: 5, height: 4)),
        ("a GIF whose width is 0", Headers.gif("GIF89a", width: 0, height: 4)),
        ("a GIF whose height is 0", Headers.gif("GIF87a", width: 5, height: 0)),
        ("SOI alone", [0xFF, 0xD8]),
        ("SOI and a lone FF", [0xFF, 0xD8, 0xFF]),
        ("SOI then EOI", [0xFF, 0xD8, 0xFF, 0xD9]),
        ("a JPEG whose segment length is 0", Headers.jpeg([0xFF, 0xE0, 0x00, 0x00], Headers.sof(0xC0, width: 5, height: 4))),
        ("a JPEG whose segment length is 1", Headers.jpeg([0xFF, 0xE0, 0x00, 0x01], Headers.sof(0xC0, width: 5, height: 4))),
        ("a JPEG that reaches SOS before any SOF", Headers.jpeg(Headers.app0, Headers.sos, Headers.sof(0xC0, width: 5, height: 4))),
        ("a JPEG that reaches EOI before any SOF", Headers.jpeg(Headers.app0, [0xFF, 0xD9], Headers.sof(0xC0, width: 5, height: 4))),
        ("a JPEG with a second SOI", Headers.jpeg([0xFF, 0xD8], Headers.sof(0xC0, width: 5, height: 4))),
        ("a JPEG whose segment length runs past the end", Headers.jpeg([0xFF, 0xE1, 0x40, 0x00] + Array(repeating: 0, count: 100))),
        ("a JPEG whose segment runs one byte past the end", [0xFF, 0xD8] + Array(Headers.segment(0xE1, Array(repeating: 7, count: 20)).dropLast())),
        ("a JPEG whose segments end without a SOF", Headers.jpeg(Headers.app0, Headers.segment(0xFE, Array("no frame".utf8)))),
        ("a JPEG with a byte that is not FF between segments", Headers.jpeg(Headers.app0, [0x00], Headers.sof(0xC0, width: 5, height: 4))),
        ("a JPEG with FF 00 for a marker", Headers.jpeg([0xFF, 0x00], Headers.sof(0xC0, width: 5, height: 4))),
        ("a JPEG with a reserved marker", Headers.jpeg(Headers.segment(0x02, [1, 2, 3]), Headers.sof(0xC0, width: 5, height: 4))),
        ("a JPEG whose SOF is cut inside its components", [0xFF, 0xD8] + Array(Headers.sof(0xC0, width: 5, height: 4).dropLast())),
        ("a JPEG whose SOF is cut before its width", [0xFF, 0xD8] + Array(Headers.sof(0xC0, width: 5, height: 4).prefix(7))),
        ("a JPEG whose SOF has no component", Headers.jpeg(Headers.sof(0xC0, width: 5, height: 4, components: 0))),
        ("a JPEG whose SOF's length disagrees with its components", Headers.jpeg(Headers.sof(0xC0, width: 5, height: 4, lengthDelta: 3) + [0, 0, 0])),
        ("a JPEG whose height is 0 (left to a DNL segment)", Headers.jpeg(Headers.sof(0xC0, width: 5, height: 0))),
        ("a JPEG whose width is 0", Headers.jpeg(Headers.sof(0xC0, width: 0, height: 4))),
        ("RIFF of another kind", Array("RIFF\u{1A}\0\0\0WAVEfmt ".utf8) + Array(repeating: 0, count: 18)),
        ("a WebP cut inside its first chunk's header", Array(Headers.vp8x(width: 5, height: 4).prefix(19))),
        ("a WebP cut inside its VP8X", Array(Headers.vp8x(width: 5, height: 4).prefix(29))),
        ("a WebP cut inside its VP8L", Array(Headers.vp8l(width: 5, height: 4).prefix(24))),
        ("a WebP cut inside its VP8", Array(Headers.vp8(width: 5, height: 4).prefix(29))),
        ("a WebP whose first chunk is of no kind read", Headers.riff("VP8Y", Array(repeating: 1, count: 10))),
        ("a WebP whose RIFF size does not hold its first chunk", Headers.riff("VP8X", Headers.vp8xPayload(width: 5, height: 4), riffSize: 21)),
        ("a VP8 that is not a key frame", Headers.vp8(width: 5, height: 4, tag: 0x11)),
        ("a VP8 of an unknown profile", Headers.vp8(width: 5, height: 4, tag: 0x10 | 4 << 1)),
        ("a VP8 whose frame is not shown", Headers.vp8(width: 5, height: 4, tag: 0x00)),
        ("a VP8 whose first partition is larger than its chunk", Headers.vp8(width: 5, height: 4, tag: 0x10 | 10 << 5)),
        ("a VP8 without its start code", Headers.vp8(width: 5, height: 4, startCode: [0x9D, 0x01, 0x2B])),
        ("a VP8 whose width is 0", Headers.vp8(width: 0xC000, height: 4)),
        ("a VP8 whose chunk is shorter than its header", Headers.riff("VP8 ", Headers.vp8Payload(width: 5, height: 4), chunkSize: 9)),
        ("a VP8L without its signature", Headers.riff("VP8L", [0x2E] + Array(Headers.vp8lPayload(width: 5, height: 4).dropFirst()))),
        ("a VP8L of version 1", Headers.vp8l(width: 5, height: 4, version: 1)),
        ("a VP8X whose chunk is 9 long", Headers.riff("VP8X", Headers.vp8xPayload(width: 5, height: 4), chunkSize: 9)),
        ("a VP8X whose canvas is over 2^32 − 1 pixels", Headers.vp8x(width: 1 << 24, height: 256)),
    ]

    @Test("bytes that are not one of the four kinds, or are malformed, are nil", arguments: malformedBytes)
    func malformed(name: String, bytes: [UInt8]) {
        #expect(Self.read(bytes) == "nil", "\(name)")
    }

    /// Headers exactly as long as what is read of them.
    static let headers: [(name: String, bytes: [UInt8])] = [
        ("PNG: the signature and IHDR with its CRC", Headers.png(width: 3, height: 2)),
        ("GIF: the header and logical screen descriptor", Headers.gif("GIF89a", width: 5, height: 4)),
        ("JPEG: SOI, APP0 and SOF2", [0xFF, 0xD8] + Headers.app0 + Headers.sof(0xC2, width: 5, height: 4)),
        ("WebP: VP8", Headers.vp8(width: 5, height: 4)),
        ("WebP: VP8L, without the chunk's padding", Array(Headers.vp8l(width: 5, height: 4).prefix(25))),
        ("WebP: VP8X", Headers.vp8x(width: 5, height: 4)),
    ]

    @Test("every cut of a header shorter than what is read is nil, and the whole header reads", arguments: headers)
    func everyCut(name: String, header: [UInt8]) {
        for length in 0..<header.count {
            #expect(Self.read(header.prefix(length)) == "nil", "\(name): \(length) bytes of \(header.count)")
        }
        #expect(Self.read(header).hasSuffix(" 3×2") || Self.read(header).hasSuffix(" 5×4"), "\(name)")
    }

    // MARK: Hostile bytes

    @Test("a thousand random buffers of 0 to 64 bytes, some starting like an image, never crash")
    func randomBytes() {
        var random = SeededGenerator(seed: 0x1A4D_FA11)
        let starts: [[UInt8]] = [[], [0xFF, 0xD8], [0xFF, 0xD8, 0xFF], Array(Headers.png(width: 1, height: 1).prefix(16)),
                                 Array("GIF89a".utf8), Array("RIFF".utf8) + [0xFF, 0x7F, 0, 0] + Array("WEBPVP8".utf8)]
        var read = 0
        for round in 0..<1_000 {
            let start = starts[round % starts.count]
            let bytes = start + (0..<Int.random(in: 0...64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            if let image = ImageDimensions(bytes) {
                read += 1
                #expect((1...ImageDimensions.largestSide).contains(image.width), "\(bytes)")
                #expect((1...ImageDimensions.largestSide).contains(image.height), "\(bytes)")
            }
        }
        // Random GIF screens are nearly always readable; the rest nearly never.
        #expect(read > 100 && read < 400, "\(read) of 1,000 read")
    }

    @Test("a thousand real files with a few bytes changed, cut or not, never crash and stay within bounds")
    func mutatedRealFiles() throws {
        let files = try [
            RealFiles.chromiumPNG, RealFiles.chromiumJPEG, RealFiles.chromiumWebP, RealFiles.imageMagickGIF,
            RealFiles.imageMagickProgressiveJPEG, RealFiles.cwebpLossy, RealFiles.cwebpLossless,
        ].map(RealFiles.bytes)
        var random = SeededGenerator(seed: 20_251_025)
        for round in 0..<1_000 {
            var bytes = files[round % files.count]
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                bytes[Int.random(in: 0..<min(bytes.count, 200), using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            if Bool.random(using: &random) { bytes.removeLast(Int.random(in: 0..<bytes.count, using: &random)) }
            if let image = ImageDimensions(bytes) {
                #expect((1...ImageDimensions.largestSide).contains(image.width))
                #expect((1...ImageDimensions.largestSide).contains(image.height))
            }
        }
    }

    // A stall (a walk that goes back over the bytes: hours on ten megabytes) fails at the time
    // limit; one pass takes about half a second in a debug build. No timed assertion: on a
    // loaded machine a single pass has taken over 5 s.
    @Test("ten megabytes of fill bytes, empty segments or RST markers after FF D8 are nil, without a stall", .timeLimit(.minutes(1)), arguments: [
        ("fill bytes", [0xFF]), ("empty COM segments", [0xFF, 0xFE, 0x00, 0x02]), ("RST markers", [0xFF, 0xD0]),
    ] as [(String, [UInt8])])
    func tenMegabytes(name: String, pattern: [UInt8]) {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes.reserveCapacity(10_000_002)
        for _ in 0..<(10_000_000 / pattern.count) { bytes.append(contentsOf: pattern) }
        #expect(ImageDimensions(bytes) == nil, "\(name)")
    }

    @Test("the kinds are named by their usual file extension, and equal sizes are equal values")
    func kindNames() throws {
        #expect([ImageDimensions.Kind.png, .gif, .jpeg, .webp].map(\.rawValue) == ["png", "gif", "jpeg", "webp"])
        let handBuilt = try #require(ImageDimensions(Headers.png(width: 3, height: 2)))
        #expect(handBuilt == ImageDimensions(try RealFiles.bytes(RealFiles.imageMagickPNG)))
        #expect(handBuilt != ImageDimensions(Headers.gif("GIF89a", width: 3, height: 2)))
        #expect(Set([handBuilt, try #require(ImageDimensions(try RealFiles.bytes(RealFiles.chromiumPNG)))]).count == 1)
    }
}

/// Image headers built byte by byte, as the formats' specifications lay them out.
enum Headers {
    static func bigEndian(_ value: UInt32, count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    static func littleEndian(_ value: UInt32, count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// The CRC-32 of PNG chunks (ISO 3309), bit by bit.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(UInt32.max) { crc, byte in
            (0..<8).reduce(crc ^ UInt32(byte)) { crc, _ in crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
    }

    /// The PNG signature and an IHDR chunk (8 bits a sample, RGBA, like Chromium's), ending
    /// with its CRC (off by `crcDelta`).
    static func png(width: UInt32, height: UInt32, type: String = "IHDR", length: UInt32 = 13, crcDelta: UInt32 = 0) -> [UInt8] {
        let chunk = Array(type.utf8) + bigEndian(width, count: 4) + bigEndian(height, count: 4) + [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(length, count: 4) + chunk
            + bigEndian(crc32(chunk) &+ crcDelta, count: 4)
    }

    /// The header and logical screen descriptor, without a colour table.
    static func gif(_ version: String, width: UInt32, height: UInt32) -> [UInt8] {
        Array(version.utf8) + littleEndian(width, count: 2) + littleEndian(height, count: 2) + [0, 0, 0]
    }

    /// A marker segment: FF, the marker, its length (which counts itself) and `contents`.
    static func segment(_ marker: UInt8, _ contents: [UInt8]) -> [UInt8] {
        [0xFF, marker] + bigEndian(UInt32(contents.count + 2), count: 2) + contents
    }

    /// JFIF's APP0, as libjpeg writes it.
    static let app0 = segment(0xE0, Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0])

    /// A scan header for one component.
    static let sos = segment(0xDA, [1, 1, 0, 0, 0x3F, 0])

    /// A frame header of 8-bit samples: the first component sampled 2×2, the others 1×1, as
    /// libjpeg writes colour.
    static func sof(_ marker: UInt8, width: UInt32, height: UInt32, components: UInt8 = 3, lengthDelta: Int = 0) -> [UInt8] {
        let specs = (0..<components).flatMap { index -> [UInt8] in index == 0 ? [1, 0x22, 0] : [index + 1, 0x11, 1] }
        let contents = [8] + bigEndian(height, count: 2) + bigEndian(width, count: 2) + [components] + specs
        return [0xFF, marker] + bigEndian(UInt32(contents.count + 2 + lengthDelta), count: 2) + contents
    }

    /// SOI, the segments, then a scan header and EOI.
    static func jpeg(_ segments: [UInt8]...) -> [UInt8] {
        jpeg(segments: segments)
    }

    static func jpeg(segments: [[UInt8]]) -> [UInt8] {
        [0xFF, 0xD8] + segments.joined() + sos + [0xFF, 0xD9]
    }

    /// `RIFF`, its size, `WEBP` and one chunk (padded to an even length), with the sizes
    /// overridden when given.
    static func riff(_ type: String, _ payload: [UInt8], chunkSize: UInt32? = nil, riffSize: UInt32? = nil) -> [UInt8] {
        let chunk = Array(type.utf8) + littleEndian(chunkSize ?? UInt32(payload.count), count: 4) + payload
            + (payload.count.isMultiple(of: 2) ? [] : [0])
        return Array("RIFF".utf8) + littleEndian(riffSize ?? UInt32(4 + chunk.count), count: 4) + Array("WEBP".utf8) + chunk
    }

    /// A VP8 key frame's header: the frame tag (a shown key frame of profile 0 by default), the
    /// start code, then 14-bit width and height with their scale bits.
    static func vp8Payload(width: UInt32, height: UInt32, tag: UInt32 = 0x10, startCode: [UInt8] = [0x9D, 0x01, 0x2A]) -> [UInt8] {
        littleEndian(tag, count: 3) + startCode + littleEndian(width, count: 2) + littleEndian(height, count: 2)
    }

    static func vp8(width: UInt32, height: UInt32, tag: UInt32 = 0x10, startCode: [UInt8] = [0x9D, 0x01, 0x2A]) -> [UInt8] {
        riff("VP8 ", vp8Payload(width: width, height: height, tag: tag, startCode: startCode))
    }

    /// A VP8L header: the signature 0x2F, then width − 1 and height − 1 (14 bits each), alpha
    /// (1 bit) and version (3 bits).
    static func vp8lPayload(width: UInt32, height: UInt32, alpha: Bool = false, version: UInt32 = 0) -> [UInt8] {
        [0x2F] + littleEndian((width - 1) | (height - 1) << 14 | (alpha ? 1 << 28 : 0) | version << 29, count: 4)
    }

    static func vp8l(width: UInt32, height: UInt32, alpha: Bool = false, version: UInt32 = 0) -> [UInt8] {
        riff("VP8L", vp8lPayload(width: width, height: height, alpha: alpha, version: version))
    }

    /// A VP8X chunk: flags, 3 reserved bytes, canvas width − 1 and height − 1 (24 bits each).
    static func vp8xPayload(width: UInt32, height: UInt32) -> [UInt8] {
        [0, 0, 0, 0] + littleEndian(width - 1, count: 3) + littleEndian(height - 1, count: 3)
    }

    static func vp8x(width: UInt32, height: UInt32) -> [UInt8] {
        riff("VP8X", vp8xPayload(width: width, height: height))
    }
}

/// Real files, small, as base64: made with Chromium 156's canvas (`--headless --dump-dom` of a
/// page drawing one colour a pixel and writing `toDataURL`), ImageMagick 6.9.11 and cwebp
/// 1.2.4, each read back by ImageMagick's `identify` as the size named.
enum RealFiles {
    struct NotBase64: Error {}

    static func bytes(_ base64: String) throws -> [UInt8] {
        guard let data = Data(base64Encoded: base64) else { throw NotBase64() }
        return Array(data)
    }

    /// A 3×2 PNG (RGBA) from Chromium's canvas, `toDataURL("image/png")`.
    static let chromiumPNG = [
        "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAAHElEQVR4AWJiYGD4r8Eg8j+AQeM/E4ONCAMMAwAAAP//tILO",
        "cQAAAAZJREFUAwBI8gSmBVt/2wAAAABJRU5ErkJggg==",
    ].joined()

    /// A 5×4 JPEG from Chromium's canvas, `toDataURL("image/jpeg", 0.5)`: an APP2 ICC profile of 472 bytes before its DQT and SOF0.
    static let chromiumJPEG = [
        "/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAA",
        "AABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAA",
        "ABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAA",
        "AAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAA",
        "AAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAA",
        "AABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDABALDA4M",
        "ChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8a",
        "Gi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAEAAUDASIAAhEB",
        "AxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAL/xAAYEAEBAAMAAAAAAAAAAAAAAAAABAUTM//EABUBAQEAAAAAAAAAAAAAAAAA",
        "AAED/8QAGhEAAgIDAAAAAAAAAAAAAAAAAAECAxETIf/aAAwDAQACEQMRAD8AmHER6eYCSk8DRZPWus//2Q==",
    ].joined()

    /// A 5×4 WebP from Chromium's canvas, `toDataURL("image/webp", 0.5)`: VP8X, then ICCP and VP8.
    static let chromiumWebP = [
        "UklGRiICAABXRUJQVlA4WAoAAAAgAAAABAAAAwAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAA",
        "AABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAA",
        "ABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAA",
        "AAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAA",
        "AAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAA",
        "AABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDggNAAAANAB",
        "AJ0BKgUABAACwEwlmAJ0AQ7+A44AAP7m0qy6BXSL56nGhp//eMqwlpltfVM1n79UAAA=",
    ].joined()

    /// That PNG again, from ImageMagick 6.9.11 (`convert in.png -strip out.png`): palette, 4 bits.
    static let imageMagickPNG = [
        "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACBAMAAABvWnspAAAAElBMVEUAAAAoABRQACgAPBQoPChQPDwoU771AAAADklEQVQI",
        "12NgVGAwCQAAAUMApm7mwhAAAAAASUVORK5CYII=",
    ].joined()

    /// A 5×4 GIF89a, `convert -size 5x4 gradient:red-blue -strip out.gif`.
    static let imageMagickGIF = [
        "R0lGODlhBQAEAPEAAP8AAKoAVVUAqgAA/yH5BAAAAAAALAAAAAAFAAQAAAIHhB2Zwjz/CgA7",
    ].joined()

    /// The same as a baseline JPEG (SOF0), `-quality 50`.
    static let imageMagickJPEG = [
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1R",
        "V19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2Nj",
        "Y2NjY2NjY2NjY2NjY2P/wAARCAAEAAUDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAXEAEAAwAAAAAAAAAA",
        "AAAAAAAAAxRS/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAZEQABBQAAAAAAAAAAAAAAAAABAAMUUpH/2gAMAwEAAhEDEQA/",
        "AJO1LoBURmaDAkSHbHSv/9k=",
    ].joined()

    /// The same as a progressive JPEG (SOF2), `-quality 50 -interlace JPEG`.
    static let imageMagickProgressiveJPEG = [
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1R",
        "V19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2Nj",
        "Y2NjY2NjY2NjY2NjY2P/wgARCAAEAAUDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAVAQEBAAAAAAAAAAAA",
        "AAAAAAADBf/aAAwDAQACEAMQAAABkion/8QAFhAAAwAAAAAAAAAAAAAAAAAAAAES/9oACAEBAAEFAqZ//8QAFxEAAwEAAAAA",
        "AAAAAAAAAAAAAAITUf/aAAgBAwEBPwGjaf/EABcRAAMBAAAAAAAAAAAAAAAAAAACE1H/2gAIAQIBAT8BmmH/xAAUEAEAAAAA",
        "AAAAAAAAAAAAAAAA/9oACAEBAAY/An//xAAVEAEBAAAAAAAAAAAAAAAAAAAAYf/aAAgBAQABPyGz/9oADAMBAAIAAwAAABAD",
        "/8QAFxEAAwEAAAAAAAAAAAAAAAAAAAFhkf/aAAgBAwEBPxCrWf/EABcRAAMBAAAAAAAAAAAAAAAAAAABYZH/2gAIAQIBAT8Q",
        "lxH/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/9oACAEBAAE/EC//2Q==",
    ].joined()

    /// The 5×4 PNG through cwebp 1.2 (`cwebp -q 50`): a simple lossy WebP, VP8.
    static let cwebpLossy = [
        "UklGRk4AAABXRUJQVlA4IEIAAAAwAwCdASoFAAQAAsBMJagCdGuA/gGEAfoB7/92AAwNZuFQAP7y6WApP/LVLqK/9C5lS//8",
        "gz9VLyXcQveB0QgAAAA=",
    ].joined()

    /// The 5×4 PNG through `cwebp -lossless`: a simple lossless WebP, VP8L.
    static let cwebpLossless = [
        "UklGRiwAAABXRUJQVlA4TCAAAAAvBMAAAB8QU/XV//kPJzEoaECAcTIqqaQaFtH/mKsQBw==",
    ].joined()
}
