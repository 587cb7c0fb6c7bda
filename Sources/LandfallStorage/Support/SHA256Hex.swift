import Crypto

/// The SHA-256 of a secret's UTF-8 bytes as 64 lowercase hexadecimal digits: how API keys'
/// and dashboard sessions' secrets are stored.
enum SHA256Hex {
    static func of(_ secret: String) -> String {
        SHA256.hash(data: Array(secret.utf8)).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }

    /// Whether `a` and `b` are equal, compared in constant time for equal lengths (so the time
    /// taken tells nothing about how much of a guess was right).
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8)
        let right = Array(b.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices {
            difference |= left[index] ^ right[index]
        }
        return difference == 0
    }
}
