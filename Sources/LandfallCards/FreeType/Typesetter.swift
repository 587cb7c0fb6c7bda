#if LANDFALL_CARDS_FREETYPE
/// A card's texts set in their fonts for one render: which font draws each character (the
/// text's fonts, then the fallbacks, character by character; the first font's missing-glyph box
/// when none has it), how far each character advances, and drawing the laid-out lines.
///
/// Combining marks left after NFC (U+0300…) advance by nothing and are centred over the
/// character before them; default-ignorable characters (joiners, variation selectors) are not
/// drawn.
final class Typesetter: CardMeasuring {
    private let texts: [CardText]
    private let session: FreeTypeSession
    private var faces: [CardFont: FontFace] = [:]
    /// Each text's fonts in order, fallbacks included.
    private let chains: [[CardFont]]
    private var glyphs: [Int: [UInt32: (face: FontFace, glyph: UInt32)]] = [:]
    /// Each text's first font, opened: it draws the missing-glyph box (none for an empty text,
    /// which needs no font).
    private var primaries: [FontFace?] = []

    init(texts: [CardText], fallbackFonts: [CardFont]) throws(CardError) {
        self.texts = texts
        session = try FreeTypeSession()
        chains = texts.map { text in
            var seen: Set<CardFont> = []
            return (text.fonts + fallbackFonts).filter { seen.insert($0).inserted }
        }
        // A text's own fonts and its first fallback are opened now, so that a bad one is an
        // error; other fallbacks as needed.
        for (text, chain) in zip(texts, chains) {
            if text.text.allSatisfy(\.isWhitespace) {
                primaries.append(nil)
                continue
            }
            guard let first = chain.first else {
                throw CardError(.fontNotFound, "a text has no font, and the renderer has no fallback fonts (install fonts-dejavu-core)")
            }
            for font in text.fonts + [first] where faces[font] == nil {
                faces[font] = try FontFace(font, session: session)
            }
            if let face = faces[first] { primaries.append(face) }
        }
    }

    // MARK: Measuring

    func lineMetrics(text: Int) -> (lineHeight: Double, ascent: Double) {
        let size = texts[text].size
        guard let primary = primaries[text] else { return (size * texts[text].lineSpacing, size * 0.93) }
        primary.setSize(size)
        return (size * texts[text].lineSpacing, primary.ascent)
    }

    func advance(text: Int, _ character: Character, after previous: Character?) -> Double {
        place(character, after: previous, text: text) { _, _, _, _ in }
    }

    // MARK: Drawing

    /// Draws the laid-out lines of every text.
    func draw(_ layout: CardLayout, on canvas: inout Canvas) {
        for (index, lines) in layout.texts.enumerated() {
            let color = texts[index].color
            for line in lines {
                var pen = line.x
                var previous: Character?
                for character in line.characters {
                    pen += place(character, after: previous, text: index) { glyph, face, x, isMark in
                        let whole = (pen + x).rounded(.down)
                        face.withRendered(glyph, fraction: pen + x - whole) { mask, width, rows, pitch, left, top in
                            // A mark is centred on the x it is given; a base glyph starts at it.
                            let origin = isMark ? Int(whole) - width / 2 : Int(whole) + left
                            canvas.blend(mask: mask, width: width, rows: rows, pitch: pitch,
                                         left: origin, top: Int(line.baseline) - top, color: color)
                        }
                    }
                    previous = character
                }
            }
        }
    }

    // MARK: Glyphs

    /// The advance of a character after another; with `draw`, each of its glyphs with the x it is
    /// drawn at relative to the character's origin (a mark: the centre of the glyph before it).
    private func place(_ character: Character, after previous: Character?, text: Int,
                       draw: (UInt32, FontFace, Double, Bool) -> Void) -> Double {
        let size = texts[text].size
        var pen = 0.0
        var base: (face: FontFace, glyph: UInt32, x: Double, advance: Double)?
        for scalar in character.unicodeScalars {
            if scalar.properties.isDefaultIgnorableCodePoint { continue }
            guard let (face, glyph) = resolve(scalar, text: text) else { continue }
            face.setSize(size)
            let category = scalar.properties.generalCategory
            if let base, category == .nonspacingMark || category == .enclosingMark {
                draw(glyph, face, base.x + base.advance / 2, true)
                continue
            }
            if base == nil, let previous, let last = previous.unicodeScalars.last, let before = resolve(last, text: text) {
                if before.face === face { pen += face.kerning(before.glyph, glyph) }
            }
            let advance = face.advance(of: glyph)
            draw(glyph, face, pen, false)
            base = (face, glyph, pen, advance)
            pen += advance
        }
        return pen
    }

    /// The font and glyph that draw a character in a text.
    private func resolve(_ scalar: Unicode.Scalar, text: Int) -> (face: FontFace, glyph: UInt32)? {
        if let known = glyphs[text]?[scalar.value] { return known }
        var found: (face: FontFace, glyph: UInt32)?
        for font in chains[text] {
            guard let face = face(font) else { continue }
            let glyph = face.glyph(for: scalar)
            if glyph != 0 {
                found = (face, glyph)
                break
            }
        }
        // A text of spaces has no primary, and its (invisible) characters no glyph.
        guard let result = found ?? primaries[text].map({ ($0, 0) }) else { return nil }
        glyphs[text, default: [:]][scalar.value] = result
        return result
    }

    /// The opened face of a font; nil for a fallback that does not open.
    private func face(_ font: CardFont) -> FontFace? {
        if let face = faces[font] { return face }
        guard let face = try? FontFace(font, session: session) else { return nil }
        faces[font] = face
        return face
    }
}
#endif
