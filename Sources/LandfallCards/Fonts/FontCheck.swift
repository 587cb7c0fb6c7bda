#if LANDFALL_CARDS_FREETYPE
/// Opens a font once with FreeType, so that a bad font file is an error when it is read, naming
/// the file, rather than when a card is drawn.
enum FontCheck {
    static func check(_ font: CardFont) throws(CardError) {
        let session = try FreeTypeSession()
        _ = try FontFace(font, session: session)
    }
}
#else
enum FontCheck {
    static func check(_ font: CardFont) throws(CardError) {
        throw CardError.cardsOff
    }
}
#endif
