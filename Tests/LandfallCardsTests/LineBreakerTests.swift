import Testing

@testable import LandfallCards

/// Line breaking with a stand-in font: every character 10 pixels wide, the ellipsis too.
@Suite struct LineBreakerTests {
    static func lines(_ text: String, width: Double, maxLines: Int) -> TextLines {
        LineBreaker(width: width, maxLines: maxLines) { _, _ in 10 }.lines(of: PreparedText(text))
    }

    static func strings(_ lines: TextLines) -> [String] { lines.lines.map { String($0) } }

    @Test("text is broken at spaces, into lines no wider than the width", arguments: [
        ("one two three", 70.0, 3, ["one two", "three"], false),
        ("one two three", 130.0, 3, ["one two three"], false),
        ("one two three four", 70.0, 2, ["one two", "three…"], true),
        ("one two three", 70.0, 1, ["one…"], true),
        ("", 100.0, 2, [], false),
        ("   ", 100.0, 2, [], false),
        ("a\nb", 100.0, 3, ["a", "b"], false),
        ("a\n\nb", 100.0, 3, ["a", "", "b"], false),
        ("abcdefghijkl", 50.0, 2, ["abcde", "fghi…"], true),
        ("abcdefghij", 50.0, 2, ["abcde", "fghij"], false),
    ] as [(String, Double, Int, [String], Bool)])
    func breaks(text: String, width: Double, maxLines: Int, expected: [String], truncated: Bool) {
        let result = Self.lines(text, width: width, maxLines: maxLines)
        #expect(Self.strings(result) == expected)
        #expect(result.truncated == truncated)
        #expect(result.widths.allSatisfy { $0 <= width })
    }

    @Test("a 100,000-character title is cut before layout and ends with an ellipsis; layout measures a few times the cut text at most, never the whole title")
    func hugeTitle() {
        let words = String(repeating: "word ", count: 20_000)
        let oneWord = String(repeating: "x", count: 100_000)
        for text in [words, oneWord] {
            let prepared = PreparedText(text)
            #expect(prepared.wasCut)
            #expect(prepared.characters.count == CardLimits.textCharacters)
            // The work is counted, not timed (a timed check fails on a loaded machine). A word
            // wider than a line is measured again for each line it is broken over, so the breaker
            // asks for a few times the cut text's widths (6,524 for the 2,000 x's), never for the
            // 100,000 characters of the title.
            var measured = 0
            let result = LineBreaker(width: 1040, maxLines: 3) { _, _ in measured += 1; return 10 }.lines(of: prepared)
            #expect(result.lines.count == 3)
            #expect(result.lines.last?.last == "…")
            #expect(measured <= 4 * CardLimits.textCharacters, "widths asked: \(measured)")
        }
    }

    @Test("text cut at the limit ends with an ellipsis even when the rest would fit")
    func cutText() {
        let text = PreparedText("abcdef", limit: 3)
        #expect(text.characters == ["a", "b", "c"])
        #expect(text.wasCut)
        let result = LineBreaker(width: 1000, maxLines: 2) { _, _ in 10 }.lines(of: text)
        #expect(Self.strings(result) == ["abc…"])
    }

    @Test("text is composed to NFC, tabs become spaces, control characters go", arguments: [
        ("e\u{301}te\u{301}", "\u{E9}t\u{E9}"),
        ("a\tb", "a b"),
        ("a\u{7}b", "ab"),
        ("a\r\nb", "a\nb"),
    ])
    func prepares(text: String, expected: String) {
        #expect(String(PreparedText(text).characters) == expected)
        #expect(PreparedText(text).characters.map { $0.unicodeScalars.count } == expected.map { $0.unicodeScalars.count })
    }
}
