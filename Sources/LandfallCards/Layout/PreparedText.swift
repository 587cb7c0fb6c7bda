import Foundation

/// A text made ready for layout: cut to ``CardLimits/textCharacters`` before anything else
/// (so a 100,000-character title costs no more than a 2,000-character one), composed to NFC (so
/// `e` + U+0301 is drawn as the font's `é`), tabs made spaces, other control characters dropped,
/// Arabic letters given their joined forms (``ArabicShaping``). Newlines stay: they break lines.
struct PreparedText: Equatable {
    /// The characters, in logical (reading) order.
    var characters: [Character]
    /// Whether the text was longer than the limit (the layout then ends it with an ellipsis).
    var wasCut: Bool

    init(_ text: String, limit: Int = CardLimits.textCharacters) {
        let head = text.prefix(limit)
        wasCut = head.endIndex != text.endIndex
        let composed = String(head).precomposedStringWithCanonicalMapping
        characters = []
        characters.reserveCapacity(min(limit, composed.utf8.count))
        for character in composed {
            if character == "\n" || character == "\r\n" || character == "\r" {
                characters.append("\n")
            } else if character == "\t" {
                characters.append(" ")
            } else if let scalar = character.unicodeScalars.first, scalar.properties.generalCategory == .control {
                continue
            } else {
                characters.append(character)
            }
        }
        characters = ArabicShaping.shaped(characters)
    }
}
