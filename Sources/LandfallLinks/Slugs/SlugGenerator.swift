/// Random slugs for links created without a custom one: a fixed number of characters drawn
/// uniformly from an alphabet without look-alikes (no `0`, `O`, `o`, `1`, `l`, `I`), never a
/// reserved word.
///
/// Pass `SystemRandomNumberGenerator`, which is cryptographically secure on Linux
/// (`getrandom`) and on Apple platforms (`arc4random_buf`), so that slugs cannot be guessed
/// from one another; tests pass a seeded generator. With the default 7 characters there are
/// 56⁷ ≈ 1.3 × 10¹² slugs; the server retries on the rare collision with a stored one.
///
/// ```swift
/// let generator = try SlugGenerator(length: 7, policy: SlugPolicy(extraReservedWords: ["shop"]))
/// var random = SystemRandomNumberGenerator()
/// generator.slug(using: &random) // "k7QmZ3x"
/// ```
public struct SlugGenerator: Sendable, Hashable {
    /// The characters slugs are drawn from: digits 2-9, and letters without `O`, `I`, `o` and `l`.
    public static let alphabet: [Character] = Array("23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz")
    /// The length used when the configuration names none.
    public static let defaultLength = 7
    /// The lengths a generator accepts.
    public static let allowedLengths = 4...32

    /// How many characters each slug has.
    public let length: Int
    /// The policy whose reserved words are never generated.
    public let policy: SlugPolicy

    /// Creates a generator.
    ///
    /// - Throws: ``LengthError`` when `length` is outside ``allowedLengths``.
    public init(length: Int = SlugGenerator.defaultLength, policy: SlugPolicy = SlugPolicy()) throws(LengthError) {
        guard Self.allowedLengths.contains(length) else { throw LengthError(length: length) }
        self.length = length
        self.policy = policy
    }

    /// A new random slug, drawn again while it is a reserved word.
    public func slug<Generator: RandomNumberGenerator>(using generator: inout Generator) -> String {
        while true {
            var slug = ""
            for _ in 0..<length {
                // `randomElement(using:)` draws an unbiased index.
                if let character = Self.alphabet.randomElement(using: &generator) { slug.append(character) }
            }
            if !policy.isReserved(slug) { return slug }
        }
    }

    /// A new random slug from `SystemRandomNumberGenerator`.
    public func slug() -> String {
        var generator = SystemRandomNumberGenerator()
        return slug(using: &generator)
    }

    /// A slug length outside ``SlugGenerator/allowedLengths``.
    public struct LengthError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The length asked for.
        public var length: Int

        /// Creates an error.
        public init(length: Int) {
            self.length = length
        }

        /// What is wrong and what to write.
        public var description: String {
            "a random slug length of \(length) is out of range; choose \(SlugGenerator.allowedLengths.lowerBound) to \(SlugGenerator.allowedLengths.upperBound) (7 gives about 1.3 trillion slugs)"
        }
    }
}
