/// Random text of letters and digits, for identifiers and secrets (API keys, dashboard users
/// and their sessions).
enum RandomText {
    /// The characters: A-Z, a-z and 0-9 (about 5.95 bits each).
    static let alphanumerics = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

    /// `length` characters of ``alphanumerics`` drawn from `generator`: the system's
    /// cryptographic generator for anything secret, a seeded one in tests.
    static func make<Generator: RandomNumberGenerator>(length: Int, using generator: inout Generator) -> String {
        // `randomElement(using:)` picks uniformly (no modulo bias).
        String((0..<length).map { _ in alphanumerics.randomElement(using: &generator) ?? "A" })
    }

    /// Whether `byte` is one of ``alphanumerics`` in UTF-8.
    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
