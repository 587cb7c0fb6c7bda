extension InviteCode {
    /// Reads a code as a person types or pastes it: in any case, with any spaces and dashes
    /// (`-`, and the en and em dashes a word processor turns it into) anywhere.
    ///
    /// ```swift
    /// try InviteCode(parsing: "7kq2m x4p9t–hcw3r").formatted   // "7KQ2M-X4P9T-HCW3R"
    /// try InviteCode(parsing: "7KQ2M-X4P9T-HCW3")               // throws: the code has 14 symbols; …
    /// try InviteCode(parsing: "7KQ2M-X4P0T-HCW3R")              // throws: '0' at position 10 is never used in codes; …
    /// ```
    ///
    /// - Throws: ``InviteCodeError`` for empty text, the first character that cannot be in a
    ///   code (with its position in `text`, counting from 1; the look-alikes `0`, `O`, `1`, `I`
    ///   and `L` are told apart from other characters), and a wrong number of symbols.
    public init(parsing text: String) throws(InviteCodeError) {
        var symbols = ""
        for (offset, character) in text.enumerated() {
            if character.isWhitespace || Self.dashes.contains(character) { continue }
            let symbol = character.isASCII ? Character(character.uppercased()) : character
            guard Self.alphabet.contains(symbol) else {
                throw InviteCodeError(message: Self.refusal(of: character, as: symbol, at: offset + 1))
            }
            symbols.append(symbol)
        }
        guard !symbols.isEmpty else {
            throw InviteCodeError(message: "the invitation code is empty; enter its \(Self.length) symbols, such as 7KQ2M-X4P9T-HCW3R")
        }
        guard symbols.count == Self.length else {
            throw InviteCodeError(
                message: "the code has \(symbols.count) symbol\(symbols.count == 1 ? "" : "s"); invitation codes have \(Self.length) (spaces and dashes do not count)")
        }
        self.init(normalized: symbols)
    }

    /// The separators ignored between symbols: the hyphen-minus and the Unicode hyphens and
    /// dashes that text editors and messengers put in its place.
    static let dashes: Set<Character> = ["-", "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2015}", "\u{2212}",
                                         "\u{FE58}", "\u{FE63}", "\u{FF0D}"]

    /// The look-alikes codes leave out, each with the others it is left out with.
    private static let lookAlikes: [Character: String] = [
        "0": "nor is the letter O", "O": "nor is the digit 0",
        "1": "nor are the letters I and L", "I": "nor are the digit 1 and the letter L", "L": "nor are the digit 1 and the letter I",
    ]

    /// Why `character` (read as `symbol`), at `position`, cannot be in a code.
    private static func refusal(of character: Character, as symbol: Character, at position: Int) -> String {
        let shown = character.unicodeScalars.allSatisfy(isVisible)
            ? "'\(character)'" : character.unicodeScalars.map { "U+\(DestinationPolicy.hex($0.value))" }.joined(separator: " ")
        if let others = lookAlikes[symbol] {
            return "\(shown) at position \(position) is never used in codes; \(others), so that they cannot be mixed up. Check the code where you found it"
        }
        return "\(shown) at position \(position) cannot be in an invitation code; codes have the digits 2-9 and the letters A-Z but I, L and O"
    }

    private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        ![.control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate, .privateUse]
            .contains(scalar.properties.generalCategory)
    }
}
