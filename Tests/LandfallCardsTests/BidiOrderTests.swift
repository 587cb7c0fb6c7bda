import Testing

@testable import LandfallCards

@Suite struct BidiOrderTests {
    @Test("lines are put in visual order", arguments: [
        // Left-to-right text is unchanged.
        ("hello world", "hello world"),
        // Hebrew alone is reversed.
        ("שלום עולם", "םלוע םולש"),
        // Latin inside Hebrew keeps its order; the runs go from the right.
        ("שלום abc עולם", "םלוע abc םולש"),
        // Numbers keep their order.
        ("חידה 42", "42 הדיח"),
        // Brackets are mirrored in a right-to-left run.
        ("(שלום)", "(םולש)"),
        // Hebrew inside English: only the Hebrew run is reversed.
        ("say שלום now", "say םולש now"),
    ])
    func visualOrder(logical: String, visual: String) {
        let line = Array(logical)
        let direction = BidiOrder.direction(of: line)
        #expect(String(BidiOrder.visual(line, paragraph: direction)) == visual)
    }

    @Test("the paragraph's direction is its first strong character's", arguments: [
        ("hello", BidiOrder.Direction.leftToRight),
        ("42 שלום", .rightToLeft),
        ("مرحبا", .rightToLeft),
        ("123", .leftToRight),
        ("", .leftToRight),
    ])
    func direction(text: String, expected: BidiOrder.Direction) {
        #expect(BidiOrder.direction(of: text) == expected)
    }

    @Test("leading and trailing mean left and right for left-to-right text, the reverse for right-to-left")
    func sides() {
        #expect(CardLayout.side(.leading, .leftToRight) == .left)
        #expect(CardLayout.side(.leading, .rightToLeft) == .right)
        #expect(CardLayout.side(.trailing, .leftToRight) == .right)
        #expect(CardLayout.side(.trailing, .rightToLeft) == .left)
        #expect(CardLayout.side(.center, .rightToLeft) == .center)
    }
}

@Suite struct ArabicShapingTests {
    @Test("Arabic letters take the forms their neighbours give them", arguments: [
        // ب initial, ا final, ل initial, ع medial, ا final, ل initial, م final.
        ("بالعالم", "\u{FE91}\u{FE8E}\u{FEDF}\u{FECC}\u{FE8E}\u{FEDF}\u{FEE2}"),
        // س initial, lam-alef final (joined to س), م isolated (alef does not join forward).
        ("سلام", "\u{FEB3}\u{FEFC}\u{FEE1}"),
        // A lone lam-alef is the isolated ligature; a lone letter its isolated form.
        ("لا", "\u{FEFB}"),
        ("ب", "\u{FE8F}"),
        // Words are shaped apart; Latin and Hebrew are untouched.
        ("بب بب", "\u{FE91}\u{FE90} \u{FE91}\u{FE90}"),
        ("abc שלום", "abc שלום"),
    ])
    func shapes(text: String, expected: String) {
        #expect(String(ArabicShaping.shaped(Array(text))) == expected)
    }

    @Test("a letter's marks stay with it when it is shaped")
    func keepsMarks() {
        let shaped = ArabicShaping.shaped(Array("بَب"))
        #expect(shaped.count == 2)
        #expect(shaped[0].unicodeScalars.map(\.value) == [0xFE91, 0x064E])
    }
}
