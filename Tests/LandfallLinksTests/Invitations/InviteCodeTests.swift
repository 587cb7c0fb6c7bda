import LandfallLinks
import PropertyBased
import Testing
import SeededRandom

/// Invitation codes: generated uniformly from the alphabet, formatted in groups of five, and
/// read back from what people type, with a message that says what is wrong when they can't be.
@Suite struct InviteCodeTests {
    static let codes = Generator<InviteCode, Shrink.None<InviteCode>> { rng in
        var random = SeededGenerator(seed: rng.next())
        return InviteCode.generate(using: &random)
    }

    @Test func aGeneratedCodeHasFifteenSymbolsOfTheAlphabet() async {
        await propertyCheck(count: 500, input: Self.codes) { code throws in
            #expect(code.rawValue.count == InviteCode.length)
            #expect(code.rawValue.allSatisfy(InviteCode.alphabet.contains))
            #expect(InviteCode(rawValue: code.rawValue) == code)
        }
    }

    @Test func aFormattedCodeParsesBackToTheSameCode() async {
        await propertyCheck(count: 500, input: Self.codes) { code throws in
            let formatted = code.formatted
            #expect(formatted.count == 17)
            #expect(formatted.split(separator: "-").map(\.count) == [5, 5, 5])
            #expect(try InviteCode(parsing: formatted) == code)
            #expect(try InviteCode(parsing: code.rawValue) == code)
        }
    }

    @Test func lowercasedSpacedAndDashedFormsParseToTheSameCode() async {
        await propertyCheck(count: 500, input: Self.codes, Gen.int(in: 0...Int(UInt16.max))) { code, pick throws in
            let symbols = Array(code.rawValue)
            let separators = [" ", "-", "\u{2013}", "\u{2014}", "  ", " - ", "\t", ""]
            var typed = pick % 3 == 0 ? " " : ""
            for (index, symbol) in symbols.enumerated() {
                let lower = (pick >> (index % 16)) & 1 == 1
                typed += lower ? symbol.lowercased() : String(symbol)
                typed += separators[(pick + index * 7) % separators.count]
            }
            #expect(try InviteCode(parsing: typed) == code, "\(typed)")
            #expect(try InviteCode(parsing: code.formatted.lowercased()) == code)
        }
    }

    @Test func everySymbolAppearsInAThousandCodesAndNoneFarTooOften() {
        var random = SeededGenerator(seed: 2026)
        var counts: [Character: Int] = [:]
        for _ in 0..<1000 {
            for symbol in InviteCode.generate(using: &random).rawValue { counts[symbol, default: 0] += 1 }
        }
        let expected = Double(1000 * InviteCode.length) / Double(InviteCode.alphabet.count)   // about 484
        #expect(counts.count == 31)
        for symbol in InviteCode.alphabet {
            let count = Double(counts[symbol] ?? 0)
            // Six standard deviations of a binomial count: a fair draw stays inside, a draw stuck on
            // a few symbols does not. (A plain `byte % 31` would be only 12 % off, too little to
            // see in 1000 codes: the test below checks the rejection itself.)
            #expect(abs(count - expected) < 6 * expected.squareRoot(), "\(symbol): \(count)")
        }
    }

    @Test func theAlphabetHasThirtyOneSymbolsAndNoLookAlikes() {
        #expect(Set(InviteCode.alphabet).count == 31)
        for lookAlike in "0O1IL" { #expect(!InviteCode.alphabet.contains(lookAlike)) }
    }

    @Test func aSeededGeneratorRepeatsItselfAndTheSystemOneDoesNot() {
        var first = SeededGenerator(seed: 9)
        var again = SeededGenerator(seed: 9)
        let codes = (0..<20).map { _ in InviteCode.generate(using: &first) }
        #expect(codes == (0..<20).map { _ in InviteCode.generate(using: &again) })
        var system = SystemRandomNumberGenerator()
        #expect(Set((0..<100).map { _ in InviteCode.generate(using: &system) }).count == 100)
    }

    @Test func bytesFrom248OnAreDrawnAgainInsteadOfWrappingAround() {
        // 247 % 31 = 30 ('Z'); 248 % 31 = 0 ('2') would be the bias of a plain modulo.
        var random = ConstantGenerator(value: 0xF8F8_F8F8_F8F8_F8F7)
        #expect(InviteCode.generate(using: &random).rawValue == String(repeating: "Z", count: 15))
        var lastByteOnly = ConstantGenerator(value: 0x00FF_FFFF_FFFF_FFFF)
        #expect(InviteCode.generate(using: &lastByteOnly).rawValue == String(repeating: "2", count: 15))
    }

    static let refusals: [(String, String)] = [
        ("", "the invitation code is empty; enter its 15 symbols, such as 7KQ2M-X4P9T-HCW3R"),
        ("  - -  ", "the invitation code is empty; enter its 15 symbols, such as 7KQ2M-X4P9T-HCW3R"),
        ("7KQ2M-X4P9T-HCW3", "the code has 14 symbols; invitation codes have 15 (spaces and dashes do not count)"),
        ("7KQ2M-X4P9T-HCW3RR", "the code has 16 symbols; invitation codes have 15 (spaces and dashes do not count)"),
        ("7", "the code has 1 symbol; invitation codes have 15 (spaces and dashes do not count)"),
        ("7KQ2M-X4P0T-HCW3R",
         "'0' at position 10 is never used in codes; nor is the letter O, so that they cannot be mixed up. Check the code where you found it"),
        ("7KQ2M-XOP9T-HCW3R",
         "'O' at position 8 is never used in codes; nor is the digit 0, so that they cannot be mixed up. Check the code where you found it"),
        ("7kq2m-xop9t-hcw3r",
         "'o' at position 8 is never used in codes; nor is the digit 0, so that they cannot be mixed up. Check the code where you found it"),
        ("1KQ2M-X4P9T-HCW3R",
         "'1' at position 1 is never used in codes; nor are the letters I and L, so that they cannot be mixed up. Check the code where you found it"),
        ("7KQ2M-X4P9T-HCWIR",
         "'I' at position 16 is never used in codes; nor are the digit 1 and the letter L, so that they cannot be mixed up. Check the code where you found it"),
        ("7kq2m-x4p9t-hcwlr",
         "'l' at position 16 is never used in codes; nor are the digit 1 and the letter I, so that they cannot be mixed up. Check the code where you found it"),
        ("7KQ2M_X4P9T_HCW3R",
         "'_' at position 6 cannot be in an invitation code; codes have the digits 2-9 and the letters A-Z but I, L and O"),
        ("7KQ2M-X4P9T-HCW3É", "'É' at position 17 cannot be in an invitation code; codes have the digits 2-9 and the letters A-Z but I, L and O"),
        ("7KQ2M\u{200B}X4P9T-HCW3R",
         "U+200B at position 6 cannot be in an invitation code; codes have the digits 2-9 and the letters A-Z but I, L and O"),
        ("ß", "'ß' at position 1 cannot be in an invitation code; codes have the digits 2-9 and the letters A-Z but I, L and O"),
    ]

    @Test(arguments: refusals)
    func textThatIsNotACodeIsRefusedSayingWhy(_ text: String, _ message: String) {
        #expect(throws: InviteCodeError(message: message)) { try InviteCode(parsing: text) }
    }

    @Test func theErrorDescribesItselfByItsMessage() {
        let error = InviteCodeError(message: "the code has 1 symbol")
        #expect(error.description == "the code has 1 symbol")
    }

    @Test func theFormattedCodeAndPrefixAreThoseOfTheNormalizedForm() throws {
        let code = try InviteCode(parsing: "7kq2m x4p9t\u{2014}hcw3r")
        #expect(code.rawValue == "7KQ2MX4P9THCW3R")
        #expect(code.formatted == "7KQ2M-X4P9T-HCW3R")
        #expect(code.prefix == "7KQ2")
    }
}

/// A generator that always returns the same word.
struct ConstantGenerator: RandomNumberGenerator {
    var value: UInt64

    mutating func next() -> UInt64 { value }
}
