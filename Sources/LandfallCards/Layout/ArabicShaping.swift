/// Arabic letters in the form their neighbours give them (isolated, final, initial, medial) and
/// the lam-alef ligatures, through the Arabic Presentation Forms-B that fonts such as DejaVu Sans
/// carry: contextual shaping without a shaping engine. Done in logical order, before line
/// breaking, so that the widths measured are those drawn.
///
/// Covers the letters of U+0621…U+064A (the Arabic alphabet); letters of other languages
/// written in Arabic script (Persian پ, Urdu ٹ…) keep their isolated form, and marks
/// (harakat) stay in their letter's cluster.
enum ArabicShaping {
    /// How a letter joins: to both neighbours, only to the one before it (right-joining), or not.
    private enum Joining {
        case dual, right, causing
    }

    /// Forms by letter: isolated, final, then (for dual-joining letters) initial and medial.
    private static let forms: [UInt32: (Joining, [UInt32])] = {
        var table: [UInt32: (Joining, [UInt32])] = [0x0640: (.causing, [])]
        let right: [UInt32: UInt32] = [0x0622: 0xFE81, 0x0623: 0xFE83, 0x0624: 0xFE85, 0x0625: 0xFE87, 0x0627: 0xFE8D,
                                       0x0629: 0xFE93, 0x062F: 0xFEA9, 0x0630: 0xFEAB, 0x0631: 0xFEAD, 0x0632: 0xFEAF,
                                       0x0648: 0xFEED, 0x0649: 0xFEEF]
        for (letter, isolated) in right { table[letter] = (.right, [isolated, isolated + 1]) }
        let dual: [UInt32: UInt32] = [0x0626: 0xFE89, 0x0628: 0xFE8F, 0x062A: 0xFE95, 0x062B: 0xFE99, 0x062C: 0xFE9D,
                                      0x062D: 0xFEA1, 0x062E: 0xFEA5, 0x0633: 0xFEB1, 0x0634: 0xFEB5, 0x0635: 0xFEB9,
                                      0x0636: 0xFEBD, 0x0637: 0xFEC1, 0x0638: 0xFEC5, 0x0639: 0xFEC9, 0x063A: 0xFECD,
                                      0x0641: 0xFED1, 0x0642: 0xFED5, 0x0643: 0xFED9, 0x0644: 0xFEDD, 0x0645: 0xFEE1,
                                      0x0646: 0xFEE5, 0x0647: 0xFEE9, 0x064A: 0xFEF1]
        for (letter, isolated) in dual { table[letter] = (.dual, [isolated, isolated + 1, isolated + 2, isolated + 3]) }
        return table
    }()

    /// Lam followed by these alefs makes a ligature (isolated; the final form is one more).
    private static let lamAlef: [UInt32: UInt32] = [0x0622: 0xFEF5, 0x0623: 0xFEF7, 0x0625: 0xFEF9, 0x0627: 0xFEFB]

    /// The characters with their Arabic letters shaped; others unchanged.
    static func shaped(_ characters: [Character]) -> [Character] {
        guard characters.contains(where: { forms[base($0)] != nil }) else { return characters }
        var result: [Character] = []
        result.reserveCapacity(characters.count)
        var index = 0
        while index < characters.count {
            let letter = base(characters[index])
            guard let (joining, letterForms) = forms[letter] else {
                result.append(characters[index])
                index += 1
                continue
            }
            let before = index > 0 ? forms[base(characters[index - 1])]?.0 : nil
            let joinsBefore = before == .dual || before == .causing
            let next = index + 1 < characters.count ? base(characters[index + 1]) : 0
            if letter == 0x0644, let ligature = lamAlef[next] {
                result.append(replacing(characters[index], with: ligature + (joinsBefore ? 1 : 0), marksFrom: characters[index + 1]))
                index += 2
                continue
            }
            if joining == .causing {
                result.append(characters[index])
                index += 1
                continue
            }
            let joinsAfter = joining == .dual && forms[next] != nil
            let form = switch (joinsBefore, joinsAfter) {
            case (false, false): letterForms[0]
            case (true, false): letterForms[1]
            case (false, true): letterForms[2]
            case (true, true): letterForms[3]
            }
            result.append(replacing(characters[index], with: form, marksFrom: nil))
            index += 1
        }
        return result
    }

    private static func base(_ character: Character) -> UInt32 {
        character.unicodeScalars.first?.value ?? 0
    }

    /// The character with its first scalar replaced (its marks kept, and another's appended).
    private static func replacing(_ character: Character, with value: UInt32, marksFrom other: Character?) -> Character {
        var scalars = String.UnicodeScalarView()
        if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        scalars.append(contentsOf: character.unicodeScalars.dropFirst())
        if let other { scalars.append(contentsOf: other.unicodeScalars.dropFirst()) }
        return Character(String(scalars))
    }
}
