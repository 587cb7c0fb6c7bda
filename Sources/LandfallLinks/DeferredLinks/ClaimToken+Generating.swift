extension ClaimToken {
    /// A new random token: ``textPrefix`` and 16 random bytes in unpadded base64url.
    ///
    /// Pass `SystemRandomNumberGenerator` (cryptographically secure on Linux and Apple
    /// platforms): a token is all that a strong claim asks for, so it must not be guessable.
    ///
    /// ```swift
    /// var random = SystemRandomNumberGenerator()
    /// ClaimToken.generate(using: &random).rawValue // "lfc_3q2-7wEjRZ6Qb_pJkLm0xA"
    /// ```
    public static func generate(using generator: inout some RandomNumberGenerator) -> ClaimToken {
        let first = generator.next()
        let second = generator.next()
        let bytes = (0..<8).map { UInt8(truncatingIfNeeded: first >> (8 * $0)) } + (0..<8).map { UInt8(truncatingIfNeeded: second >> (8 * $0)) }
        return ClaimToken(validated: textPrefix + base64URL(bytes))
    }

    /// `bytes` in base64url (`A–Z a–z 0–9 - _`) without padding.
    static func base64URL(_ bytes: [UInt8]) -> String {
        let symbols = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value = 0
            for (offset, byte) in chunk.enumerated() { value |= Int(byte) << (16 - 8 * offset) }
            for position in 0...chunk.count {
                output.append(symbols[(value >> (18 - 6 * position)) & 0x3F])
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// A token from text known to be well formed.
    private init(validated rawValue: String) {
        self.rawValue = rawValue
    }
}
