extension InviteCode {
    /// A new random code: each of the ``length`` symbols drawn uniformly from ``alphabet``.
    ///
    /// Pass `SystemRandomNumberGenerator`, which is cryptographically secure on Linux
    /// (`getrandom`) and on Apple platforms, so that codes cannot be guessed from one another;
    /// tests pass a seeded generator. Each symbol comes from one random byte: bytes from 248 on
    /// are drawn again (rejection sampling), so that every symbol has the same chance
    /// (248 = 8 × 31, and `byte % 31` would otherwise favour the first eight symbols).
    ///
    /// ```swift
    /// var random = SystemRandomNumberGenerator()
    /// InviteCode.generate(using: &random).formatted // "7KQ2M-X4P9T-HCW3R"
    /// ```
    public static func generate(using generator: inout some RandomNumberGenerator) -> InviteCode {
        let symbolCount = UInt8(alphabet.count)
        let limit = 256 / UInt16(symbolCount) * UInt16(symbolCount)   // 248
        var symbols = ""
        symbols.reserveCapacity(length)
        while symbols.count < length {
            var word = generator.next()
            for _ in 0..<8 where symbols.count < length {
                let byte = UInt8(truncatingIfNeeded: word)
                word >>= 8
                if UInt16(byte) < limit { symbols.append(alphabet[Int(byte % symbolCount)]) }
            }
        }
        return InviteCode(normalized: symbols)
    }

    /// A code from text already known to be ``length`` symbols of ``alphabet``.
    init(normalized: String) {
        rawValue = normalized
    }
}
