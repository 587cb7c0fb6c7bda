import Crypto
import Foundation

/// Signatures as the Standard Webhooks specification makes them, so that receivers verify
/// them with its libraries in any language.
///
/// The signed content is `"<webhook-id>.<webhook-timestamp>.<body>"`; the signature is the
/// base64 of its HMAC-SHA256 keyed with the secret's key, sent as `v1,<signature>`, one per
/// secret, separated by spaces (two during the day after a rotation).
public enum WebhookSignature {
    /// The `webhook-signature` header: `v1,<base64>` for each of `secrets`, in order, separated by spaces.
    public static func header(id: String, timestamp: Int, body: [UInt8], secrets: [WebhookSecret]) -> String {
        secrets.map { "v1," + signature(id: id, timestamp: timestamp, body: body, secret: $0) }.joined(separator: " ")
    }

    /// Whether one of the `v1` signatures in `header` is `secret`'s for the message (compared in
    /// constant time), and `timestamp` is within `tolerance` seconds of `now`.
    public static func verify(header: String, id: String, timestamp: Int, body: [UInt8], secret: WebhookSecret,
                              now: Int, tolerance: Int = 300) -> Bool {
        // The timestamp comes from a header anyone can write: no subtraction that can overflow.
        let (difference, overflowed) = now.subtractingReportingOverflow(timestamp)
        guard !overflowed, difference.magnitude <= tolerance else { return false }
        let expected = Array(signature(id: id, timestamp: timestamp, body: body, secret: secret).utf8)
        var found = false
        for part in header.split(separator: " ") {
            guard part.hasPrefix("v1,") else { continue }
            let candidate = Array(part.dropFirst(3).utf8)
            if constantTimeEqual(candidate, expected) { found = true }
        }
        return found
    }

    /// The base64 HMAC-SHA256 of `id.timestamp.body` keyed with `secret`.
    static func signature(id: String, timestamp: Int, body: [UInt8], secret: WebhookSecret) -> String {
        var content = Array("\(id).\(timestamp).".utf8)
        content.append(contentsOf: body)
        let code = HMAC<SHA256>.authenticationCode(for: content, using: SymmetricKey(data: secret.key))
        return Data(code).base64EncodedString()
    }

    private static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }
}
