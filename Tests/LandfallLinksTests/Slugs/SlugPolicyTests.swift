import LandfallLinks
import Testing

/// Custom slugs: the characters, the length, a leading `-`, and reserved words in any case.
@Suite struct SlugPolicyTests {
    static let policy = SlugPolicy(extraReservedWords: ["Shop", "winter-sale"])

    @Test(arguments: ["abc", "winter-2026", "Winter_2026", "_x1", "A1b", "x--", String(repeating: "z", count: 64),
                      "v1x", "adminx", "wellknown", "apis", "healthy"])
    func theSlugIsAccepted(_ slug: String) throws {
        #expect(Self.policy.refusal(for: slug) == nil)
        try Self.policy.validate(slug)
    }

    @Test(arguments: [
        ("ab", SlugRefusal.Code.tooShort, "the slug 'ab' has 2 characters; a slug has 3 to 64"),
        ("", .tooShort, "the slug '' has 0 characters; a slug has 3 to 64"),
        (String(repeating: "a", count: 65), .tooLong, "has 65 characters; a slug has 3 to 64"),
        ("ab c", .invalidCharacter, "the slug 'ab c' has U+0020 at position 3; a slug has letters A-Z and a-z, digits, '-' and '_' only"),
        ("abc/d", .invalidCharacter, "'/' at position 4"),
        ("a.b.c", .invalidCharacter, "'.' at position 2"),
        (".well-known", .invalidCharacter, "'.' at position 1"),
        ("caf\u{E9}", .invalidCharacter, "'\u{E9}' at position 4"),
        ("ab\u{0}c", .invalidCharacter, "U+0000 at position 3"),
        ("abc%20", .invalidCharacter, "'%' at position 4"),
        ("-abc", .leadingHyphen, "starts with '-'"),
        ("admin", .reserved, "the slug 'admin' is reserved"),
        ("ADMIN", .reserved, "uses /admin in any case"),
        ("Health", .reserved, "the slug 'Health' is reserved"),
        ("settings", .reserved, "reserved"),
        ("v2", .tooShort, "has 2 characters"),
        ("shop", .reserved, "reserved"),
        ("SHOP", .reserved, "uses /shop in any case"),
        ("Winter-Sale", .reserved, "reserved"),
    ])
    func theSlugIsRefusedSayingWhy(_ slug: String, _ code: SlugRefusal.Code, _ message: String) throws {
        let refusal = try #require(Self.policy.refusal(for: slug))
        #expect(refusal.code == code)
        #expect(refusal.slug == slug)
        #expect(refusal.message.contains(message), "\(refusal.message)")
        #expect(throws: refusal) { try Self.policy.validate(slug) }
    }

    @Test func everyBuiltInReservedWordIsReservedInAnyCase() {
        let policy = SlugPolicy()
        for word in SlugPolicy.builtInReservedWords {
            #expect(policy.isReserved(word))
            #expect(policy.isReserved(word.uppercased()))
        }
        #expect(!policy.isReserved("shop"))
    }

    @Test func theReservedWordsAreTheBuiltInOnesThenTheExtraOnesWithoutRepeats() {
        let policy = SlugPolicy(extraReservedWords: ["Shop", "ADMIN", "shop"])
        #expect(policy.reservedWords == SlugPolicy.builtInReservedWords + ["shop"])
    }

    @Test func slugsAreCaseSensitiveForLookupButNotForReservation() {
        // Two slugs that differ in case are both valid (they are two links)...
        #expect(Self.policy.refusal(for: "Winter") == nil)
        #expect(Self.policy.refusal(for: "winter") == nil)
        // ...while a reserved word is reserved in every spelling.
        #expect(Self.policy.isReserved("sHoP"))
    }
}
