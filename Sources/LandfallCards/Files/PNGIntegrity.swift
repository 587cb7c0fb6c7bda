import LandfallQR

/// Whether bytes are a whole PNG file: the signature, an `IHDR` first, every chunk's CRC-32
/// right, and `IEND` as the last bytes. A card file cut short by a crash or damaged on disk
/// fails it, so that it is drawn again rather than served.
///
/// ```swift
/// PNGIntegrity.isWhole(try renderer.render(card))          // true
/// PNGIntegrity.isWhole(Array(png.prefix(png.count / 2)))   // false
/// ```
public enum PNGIntegrity {
    /// Whether `bytes` is a whole PNG file (the pixels are not decoded).
    public static func isWhole(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= PNGEncoder.signature.count + 12, bytes.starts(with: PNGEncoder.signature) else { return false }
        var offset = PNGEncoder.signature.count
        var first = true
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let end = offset + 8 + length
            guard length <= bytes.count, end + 4 <= bytes.count else { return false }
            let type = bytes[(offset + 4)..<(offset + 8)]
            if first, !type.elementsEqual("IHDR".utf8) { return false }
            first = false
            let stored = UInt32(bytes[end]) << 24 | UInt32(bytes[end + 1]) << 16 | UInt32(bytes[end + 2]) << 8 | UInt32(bytes[end + 3])
            guard PNGEncoder.crc32(bytes[(offset + 4)..<end]) == stored else { return false }
            offset = end + 4
            if type.elementsEqual("IEND".utf8) { return offset == bytes.count }
        }
        return false
    }
}
