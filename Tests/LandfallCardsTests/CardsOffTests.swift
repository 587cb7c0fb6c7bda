import Testing

@testable import LandfallCards

#if !LANDFALL_CARDS_FREETYPE
/// A build without FreeType: the API is there, and every render says cards are off.
@Suite struct CardsOffTests {
    @Test("a render, a font and an image all answer that cards are off")
    func cardsOff() throws {
        #expect(!CardRenderer.isAvailable)
        let card = CardDescription(background: .color(.white), title: CardText("Hello", size: 72))
        #expect(throws: CardError.cardsOff) { try CardRenderer(fallbackFonts: []).render(card) }
        #expect(throws: CardError.cardsOff) { try CardFont(name: "x.ttf", data: [1, 2, 3]) }
        #expect(throws: CardError.cardsOff) { try CardImage(name: "x.png", png: [1, 2, 3]) }
        #expect(CardError.cardsOff.message.hasPrefix("cards are off: FreeType was not found when landfall was built"))
    }
}
#else
@Suite struct CardsOnTests {
    @Test("this build draws cards")
    func cardsOn() {
        #expect(CardRenderer.isAvailable)
    }
}
#endif
