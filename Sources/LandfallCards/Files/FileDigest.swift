import Foundation
import Crypto

/// SHA-256 in lower-case hex, the digest cards name their files and themselves by.
enum FileDigest {
    /// The whole digest of `bytes`.
    static func hex(_ bytes: some DataProtocol) -> String {
        hex(SHA256.hash(data: bytes), count: SHA256.byteCount)
    }

    /// The first `count` bytes of a digest.
    static func hex(_ digest: SHA256.Digest, count: Int) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(count * 2)
        for byte in digest.prefix(count) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
