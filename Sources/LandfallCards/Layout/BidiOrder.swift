/// The visual order of a line with right-to-left text (Hebrew, Arabic), a simplified Unicode
/// bidirectional algorithm: characters are right-to-left, left-to-right (letters, digits) or
/// neutral; a neutral between two of the same direction takes it, others take the paragraph's;
/// runs of right-to-left characters are reversed, and in a right-to-left paragraph the runs are
/// laid out from the right. Brackets in a right-to-left run are mirrored.
///
/// Not done (there is no ICU here): explicit embeddings and isolates (U+202A…U+2069) are
/// ignored, and numbers' separators follow the neutral rule. Arabic letters are joined before,
/// by ``ArabicShaping``.
enum BidiOrder {
    enum Direction: Equatable {
        case leftToRight, rightToLeft
    }

    /// The paragraph's direction: that of its first letter (digits do not count); left-to-right
    /// without one.
    static func direction(of characters: some Sequence<Character>) -> Direction {
        for character in characters where !isDigit(character) {
            if let strong = strongDirection(of: character) { return strong }
        }
        return .leftToRight
    }

    /// The line in the order it is drawn, left to right.
    static func visual(_ line: [Character], paragraph: Direction) -> [Character] {
        guard line.contains(where: { strongDirection(of: $0) == .rightToLeft }) || paragraph == .rightToLeft else {
            return line
        }
        // Each character's resolved direction.
        let strong = line.map(strongDirection(of:))
        var resolved = [Direction](repeating: paragraph, count: line.count)
        var previous: Direction = paragraph
        var index = 0
        while index < line.count {
            if let direction = strong[index] {
                resolved[index] = direction
                previous = direction
                index += 1
                continue
            }
            var end = index
            while end < line.count, strong[end] == nil { end += 1 }
            let next = end < line.count ? strong[end]! : paragraph
            let direction = previous == next ? previous : paragraph
            for neutral in index..<end { resolved[neutral] = direction }
            index = end
        }
        // Runs of one direction, in logical order.
        var runs: [(direction: Direction, characters: [Character])] = []
        for (character, direction) in zip(line, resolved) {
            if runs.last?.direction == direction {
                runs[runs.count - 1].characters.append(character)
            } else {
                runs.append((direction, [character]))
            }
        }
        let ordered = paragraph == .rightToLeft ? runs.reversed() : runs
        return ordered.flatMap { run in
            run.direction == .rightToLeft ? run.characters.reversed().map(mirrored) : run.characters
        }
    }

    /// Right-to-left for Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms;
    /// left-to-right for other letters and digits; nil (neutral) for spaces and punctuation.
    static func strongDirection(of character: Character) -> Direction? {
        guard let scalar = character.unicodeScalars.first else { return nil }
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
            return .rightToLeft
        default:
            let properties = scalar.properties
            if properties.isAlphabetic || properties.numericType != nil { return .leftToRight }
            return nil
        }
    }

    private static func isDigit(_ character: Character) -> Bool {
        character.unicodeScalars.first?.properties.numericType != nil
    }

    private static let mirrors: [Character: Character] = [
        "(": ")", ")": "(", "[": "]", "]": "[", "{": "}", "}": "{", "<": ">", ">": "<", "«": "»", "»": "«",
    ]

    private static func mirrored(_ character: Character) -> Character { mirrors[character] ?? character }
}
