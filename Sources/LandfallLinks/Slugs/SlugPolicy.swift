/// Which custom slugs a link may have: `A-Z`, `a-z`, `0-9`, `-` and `_`, 3 to 64 characters,
/// not starting with `-`, and not a reserved word.
///
/// Reserved words are the paths the server answers itself on the link host (`.well-known`,
/// `v1`, `health`, ...), words kept for later (`admin`, `login`, ...) and the site's own
/// (`links.reservedSlugs` in `landfall.yml`). They are compared without case, so neither
/// `admin` nor `Admin` can be a slug. Slugs themselves are case-sensitive, as Firebase Dynamic
/// Links' were: `Winter` and `winter` are two links.
///
/// ```swift
/// let policy = SlugPolicy(extraReservedWords: ["shop"])
/// try policy.validate("winter-2026")   // fine
/// policy.refusal(for: "Shop")?.code    // .reserved
/// policy.refusal(for: "ab")?.message   // "the slug 'ab' has 2 characters; a slug has 3 to 64"
/// ```
public struct SlugPolicy: Sendable, Hashable {
    /// How many characters a custom slug may have.
    public static let allowedLengths = 3...64

    /// The words no slug may be, whatever the configuration says, in lower case.
    public static let builtInReservedWords = [
        ".well-known", "v1", "v2", "api", "admin", "health", "ready", "metrics", "sitemap.xml", "robots.txt",
        "favicon.ico", "apple-app-site-association", "static", "assets", "invites", "login", "settings",
    ]

    /// Every reserved word in lower case: the built-in ones, then the configuration's, without repeats.
    public let reservedWords: [String]
    private let reservedSet: Set<String>

    /// Creates a policy with the built-in reserved words and `extraReservedWords`.
    public init(extraReservedWords: [String] = []) {
        var words: [String] = []
        var seen: Set<String> = []
        for word in Self.builtInReservedWords + extraReservedWords.map({ $0.lowercased() }) where seen.insert(word).inserted {
            words.append(word)
        }
        reservedWords = words
        reservedSet = seen
    }

    /// Whether `slug` is a reserved word, ignoring case.
    public func isReserved(_ slug: String) -> Bool {
        reservedSet.contains(slug.lowercased())
    }

    /// Why `slug` cannot be a custom slug, or `nil` when it can.
    public func refusal(for slug: String) -> SlugRefusal? {
        let count = slug.count
        if !Self.allowedLengths.contains(count) {
            return SlugRefusal(count < Self.allowedLengths.lowerBound ? .tooShort : .tooLong, slug: slug,
                               message: "the slug '\(slug)' has \(count) character\(count == 1 ? "" : "s"); a slug has \(Self.allowedLengths.lowerBound) to \(Self.allowedLengths.upperBound)")
        }
        for (offset, character) in slug.enumerated() where !Self.isSlugCharacter(character) {
            let invisible: [Unicode.GeneralCategory] = [.control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator]
            let shown = character.unicodeScalars.allSatisfy { !invisible.contains($0.properties.generalCategory) }
                ? "'\(character)'" : character.unicodeScalars.map { "U+\(DestinationPolicy.hex($0.value))" }.joined(separator: " ")
            return SlugRefusal(.invalidCharacter, slug: slug,
                               message: "the slug '\(slug)' has \(shown) at position \(offset + 1); a slug has letters A-Z and a-z, digits, '-' and '_' only")
        }
        if slug.hasPrefix("-") {
            return SlugRefusal(.leadingHyphen, slug: slug, message: "the slug '\(slug)' starts with '-'; start it with a letter, a digit or '_'")
        }
        if isReserved(slug) {
            return SlugRefusal(.reserved, slug: slug,
                               message: "the slug '\(slug)' is reserved (the server or the site uses /\(slug.lowercased()) in any case); choose another")
        }
        return nil
    }

    /// Checks a custom slug.
    ///
    /// - Throws: ``SlugRefusal`` saying what is wrong: the length, the character at fault and
    ///   its position, a leading `-`, or a reserved word.
    public func validate(_ slug: String) throws(SlugRefusal) {
        if let refusal = refusal(for: slug) { throw refusal }
    }

    /// Whether `character` may appear in a slug: `A-Z`, `a-z`, `0-9`, `-`, `_`.
    public static func isSlugCharacter(_ character: Character) -> Bool {
        guard character.isASCII, let byte = character.asciiValue else { return false }
        return isSlugByte(byte)
    }

    /// Whether `byte` is the UTF-8 of a slug character: the byte-level form of
    /// ``isSlugCharacter(_:)``, for checking a path on every request without decoding it.
    public static func isSlugByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }
}

/// Why a custom slug was refused.
public struct SlugRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of problem; the raw values are stable.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        /// Fewer than 3 characters.
        case tooShort
        /// More than 64 characters.
        case tooLong
        /// A character other than `A-Z`, `a-z`, `0-9`, `-` and `_`.
        case invalidCharacter
        /// Starts with `-`.
        case leadingHyphen
        /// A reserved word, in any case.
        case reserved
    }

    /// The kind of problem.
    public var code: Code
    /// The slug as given.
    public var slug: String
    /// What is wrong and what to do instead.
    public var message: String

    /// Creates a refusal.
    public init(_ code: Code, slug: String, message: String) {
        self.code = code
        self.slug = slug
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
