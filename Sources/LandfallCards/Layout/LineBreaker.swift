/// Breaks a text into lines that fit a width: greedily at spaces, inside a word only when the
/// word alone is wider than the line, at most `maxLines` lines, the last one ending in an
/// ellipsis (…) when text was left over. Pure: the widths come from `measure`.
///
/// The work is bounded by what fits: breaking stops at the last line, whatever is left.
struct LineBreaker {
    /// The advance of a character drawn after another (kerning included), in pixels.
    typealias Measure = (_ character: Character, _ previous: Character?) -> Double

    static let ellipsis: Character = "…"

    /// The most width a line may take.
    var width: Double
    /// The most lines.
    var maxLines: Int
    var measure: Measure

    /// The lines, in logical order, with their widths.
    func lines(of text: PreparedText) -> TextLines {
        let characters = text.characters
        var lines: [[Character]] = []
        var current: [Character] = []
        var currentWidth = 0.0
        var pendingSpaces: [Character] = []
        var index = 0
        func finishLine() {
            lines.append(current)
            current = []
            currentWidth = 0
            pendingSpaces = []
        }
        while index < characters.count, lines.count < maxLines {
            let character = characters[index]
            if character == "\n" {
                finishLine()
                index += 1
                continue
            }
            if character == " " {
                if !current.isEmpty { pendingSpaces.append(" ") }
                index += 1
                continue
            }
            var end = index
            while end < characters.count, characters[end] != " ", characters[end] != "\n" { end += 1 }
            let word = characters[index..<end]
            let spacesWidth = advance(of: pendingSpaces, after: current.last)
            let wordWidth = advance(of: word, after: pendingSpaces.last ?? current.last)
            if current.isEmpty || currentWidth + spacesWidth + wordWidth <= width {
                if currentWidth + spacesWidth + wordWidth <= width {
                    current += pendingSpaces
                    current += word
                    currentWidth += spacesWidth + wordWidth
                    pendingSpaces = []
                    index = end
                } else {
                    // A word wider than a whole line: as many characters as fit (at least one).
                    var taken = index
                    while taken < end {
                        let step = measure(characters[taken], current.last)
                        if !current.isEmpty, currentWidth + step > width { break }
                        current.append(characters[taken])
                        currentWidth += step
                        taken += 1
                    }
                    index = taken
                    finishLine()
                }
            } else {
                finishLine()
            }
        }
        let leftOver = characters[index...].contains { $0 != " " && $0 != "\n" }
        if !current.isEmpty, lines.count < maxLines { lines.append(current) }
        let truncated = leftOver || text.wasCut
        if truncated {
            var last = lines.popLast() ?? []
            let whole = last.count
            while !last.isEmpty, advance(of: last + [Self.ellipsis], after: nil) > width { last.removeLast() }
            // Cut inside a word: back to the word's start when that keeps half the line.
            if last.count < whole, let space = last.lastIndex(of: " "), space >= last.count / 2 {
                last.removeSubrange(space...)
            }
            while last.last == " " { last.removeLast() }
            last.append(Self.ellipsis)
            lines.append(last)
        }
        for lineIndex in lines.indices {
            while lines[lineIndex].last == " " { lines[lineIndex].removeLast() }
        }
        return TextLines(lines: lines, widths: lines.map { advance(of: $0, after: nil) }, truncated: truncated)
    }

    /// The advance of a run of characters.
    func advance(of characters: some Collection<Character>, after previous: Character?) -> Double {
        var total = 0.0
        var previous = previous
        for character in characters {
            total += measure(character, previous)
            previous = character
        }
        return total
    }
}

/// A text broken into lines.
struct TextLines: Equatable {
    /// The lines, in logical order, without trailing spaces.
    var lines: [[Character]]
    /// The advance of each line.
    var widths: [Double]
    /// Whether text was left out (the last line then ends with an ellipsis).
    var truncated: Bool
}
