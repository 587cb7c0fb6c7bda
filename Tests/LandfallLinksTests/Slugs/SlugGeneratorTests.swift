import LandfallLinks
import Testing
import SeededRandom

/// Random slugs: their length, their alphabet, that every character comes up, that a seeded
/// generator repeats itself, and that reserved words are never produced.
@Suite struct SlugGeneratorTests {
    @Test(arguments: [4, 7, 12, 32])
    func aSlugHasTheConfiguredLengthAndOnlyUnambiguousCharacters(_ length: Int) throws {
        let generator = try SlugGenerator(length: length)
        var random = SeededGenerator(seed: UInt64(length))
        for _ in 0..<200 {
            let slug = generator.slug(using: &random)
            #expect(slug.count == length)
            #expect(slug.allSatisfy(SlugGenerator.alphabet.contains))
            #expect(SlugPolicy().refusal(for: slug) == nil, "\(slug)")
        }
    }

    @Test func theAlphabetHasNoLookAlikes() {
        let alphabet = Set(SlugGenerator.alphabet)
        #expect(alphabet.count == SlugGenerator.alphabet.count)
        #expect(alphabet.count == 56)
        for ambiguous in "0Oo1lI" {
            #expect(!alphabet.contains(ambiguous), "\(ambiguous)")
        }
        #expect(alphabet.allSatisfy { SlugPolicy.isSlugCharacter($0) && $0 != "-" && $0 != "_" })
    }

    @Test func everyCharacterOfTheAlphabetComesUpAndNoneFarTooOften() throws {
        let generator = try SlugGenerator(length: 8)
        var random = SeededGenerator(seed: 2026)
        var counts: [Character: Int] = [:]
        let draws = 5_000
        for _ in 0..<draws {
            for character in generator.slug(using: &random) { counts[character, default: 0] += 1 }
        }
        let expected = Double(draws * 8) / Double(SlugGenerator.alphabet.count)   // about 714
        #expect(counts.count == SlugGenerator.alphabet.count)
        for character in SlugGenerator.alphabet {
            let count = Double(counts[character] ?? 0)
            // Eight standard deviations of a binomial count: a fair draw stays inside.
            #expect(abs(count - expected) < 8 * expected.squareRoot(), "\(character): \(count)")
        }
    }

    @Test func aSeededGeneratorGivesTheSameSlugsAndAnotherSeedOthers() throws {
        let generator = try SlugGenerator()
        var first = SeededGenerator(seed: 7)
        var again = SeededGenerator(seed: 7)
        var other = SeededGenerator(seed: 8)
        let slugs = (0..<20).map { _ in generator.slug(using: &first) }
        #expect(slugs == (0..<20).map { _ in generator.slug(using: &again) })
        #expect(slugs != (0..<20).map { _ in generator.slug(using: &other) })
        #expect(Set(slugs).count == slugs.count)
        #expect(generator.length == SlugGenerator.defaultLength)
    }

    @Test func aReservedWordIsDrawnAgain() throws {
        let free = try SlugGenerator(length: 4)
        var random = SeededGenerator(seed: 42)
        let firstTwo = [free.slug(using: &random), free.slug(using: &random)]

        let reserving = try SlugGenerator(length: 4, policy: SlugPolicy(extraReservedWords: [firstTwo[0].uppercased()]))
        var sameSeed = SeededGenerator(seed: 42)
        #expect(reserving.slug(using: &sameSeed) == firstTwo[1])
    }

    @Test func theSystemGeneratorGivesDifferentSlugs() throws {
        let generator = try SlugGenerator(length: 12)
        let slugs = Set((0..<50).map { _ in generator.slug() })
        #expect(slugs.count == 50)
    }

    @Test(arguments: [0, 3, 33, -1])
    func aLengthOutsideFourToThirtyTwoIsRefused(_ length: Int) throws {
        let error = try #require(throws: SlugGenerator.LengthError.self) { try SlugGenerator(length: length) }
        #expect(error.length == length)
        #expect(error.description.contains("choose 4 to 32"))
    }
}
