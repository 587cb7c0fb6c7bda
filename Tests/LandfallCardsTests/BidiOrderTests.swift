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
