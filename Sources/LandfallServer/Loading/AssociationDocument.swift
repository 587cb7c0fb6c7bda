import Crypto
import Foundation
import NIOCore

/// An association file as served: its bytes, computed once per load, and their ETag.
struct AssociationDocument: Sendable {
    /// The body.
    let body: ByteBuffer
    /// A strong validator: the first 16 bytes of the body's SHA-256, in hex, quoted.
    let etag: String

    init(json: String) {
        let bytes = Array(json.utf8) + [UInt8(ascii: "\n")]
        self.body = ByteBuffer(bytes: bytes)
        self.etag = "\"" + SHA256.hash(data: bytes).prefix(16).map { String(format: "%02x", $0) }.joined() + "\""
    }
}
