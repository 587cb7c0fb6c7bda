import LandfallLinks
import PropertyBased
import Testing
import SeededRandom

/// Generated claim tokens: well formed, read back by `init(rawValue:)`, and different each time.
@Suite struct ClaimTokenTests {
    @Test func aGeneratedTokenIsWellFormedAndReadsBack() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0...Int.max)) { seed in
            var random = SeededGenerator(seed: UInt64(seed))
            let token = ClaimToken.generate(using: &random)
            #expect(token.rawValue.hasPrefix("lfc_"))
            #expect(token.rawValue.count == 4 + 22)
            #expect(ClaimToken(rawValue: token.rawValue) == token, "\(token)")
        }
    }

    @Test(arguments: [
        (UInt64(0), UInt64(0), "lfc_AAAAAAAAAAAAAAAAAAAAAA"),
        (UInt64.max, UInt64.max, "lfc______________________w"),
        // Bytes 00 01 02 … 0f (each word little-endian): the base64url of 000102…0f.
        (UInt64(0x0706_0504_0302_0100), UInt64(0x0F0E_0D0C_0B0A_0908), "lfc_AAECAwQFBgcICQoLDA0ODw"),
    ])
    func theBytesAreWrittenInBase64URLWithoutPadding(_ first: UInt64, _ second: UInt64, _ expected: String) {
        var random = SequenceGenerator(words: [first, second])
        #expect(ClaimToken.generate(using: &random).rawValue == expected)
        #expect(ClaimToken(rawValue: expected) != nil)
    }

    @Test func theSystemGeneratorNeverRepeatsAToken() {
        var random = SystemRandomNumberGenerator()
        #expect(Set((0..<1000).map { _ in ClaimToken.generate(using: &random) }).count == 1000)
    }
}

/// A generator that returns the given words in turn.
struct SequenceGenerator: RandomNumberGenerator {
    var words: [UInt64]
    var index = 0

    mutating func next() -> UInt64 {
        defer { index += 1 }
        return words[index % words.count]
    }
}
