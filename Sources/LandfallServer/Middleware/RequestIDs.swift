import NIOConcurrencyHelpers

/// Request ids: the client's `X-Request-ID` when it is a sane token (``isSane(_:)``, which
/// ``RequestIDMiddleware`` uses to decide), otherwise 32 hex digits, a random prefix drawn once
/// per process followed by a counter, so ids are unique across instances and cost no system
/// call per request. The middleware makes one only when a request reaches it without the id
/// Hummingbird gives every request (a test's own harness).
enum RequestIDs {
    private static let prefix: String = {
        var generator = SystemRandomNumberGenerator()
        return hex(generator.next() as UInt64)
    }()
    private static let counter = NIOLockedValueBox<UInt64>(0)

    /// The id for a request whose `X-Request-ID` header is `header`.
    static func id(from header: String?) -> String {
        if let header, isSane(header) { return header }
        let next = counter.withLockedValue { value -> UInt64 in
            value &+= 1
            return value
        }
        return prefix + hex(next)
    }

    /// Whether a client's id is 1 to 128 characters of letters, digits, `-`, `_` and `.`.
    static func isSane(_ header: String) -> Bool {
        let bytes = header.utf8
        guard (1...128).contains(bytes.count) else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                true
            default:
                false
            }
        }
    }

    /// `value` as 16 lowercase hex digits.
    static func hex(_ value: UInt64) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: 16) { buffer in
            for index in 0..<16 {
                buffer[index] = digits[Int((value >> (60 - 4 * UInt64(index))) & 0xF)]
            }
            return 16
        }
    }
}
