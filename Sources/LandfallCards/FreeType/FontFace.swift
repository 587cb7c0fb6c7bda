#if LANDFALL_CARDS_FREETYPE
import CFreeType

/// One font opened by FreeType for one render, at the size last set, with the advances it has
/// measured.
final class FontFace {
    let font: CardFont
    let face: FT_Face
    /// Kept so that the library is released after its faces.
    private let session: FreeTypeSession
    /// FreeType reads the font from this copy for as long as the face lives.
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    let hasKerning: Bool
    private var size = 0.0
    private var advances: [Int: Double] = [:]

    /// Opens a font.
    ///
    /// - Throws: ``CardError`` `.notAFont` naming the font and FreeType's reason, or
    ///   `.fontNotScalable` for a font without outlines.
    init(_ font: CardFont, session: FreeTypeSession) throws(CardError) {
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, font.data.count))
        _ = bytes.initialize(from: font.data)
        var face: FT_Face?
        let error = FT_New_Memory_Face(session.library, bytes.baseAddress, FT_Long(font.data.count), 0, &face)
        guard error == 0, let face else {
            bytes.deallocate()
            throw CardError(.notAFont, "\(font.name): not a font FreeType can read: \(FreeTypeSession.describe(error))")
        }
        guard landfall_ft_is_scalable(face) == 1 else {
            FT_Done_Face(face)
            bytes.deallocate()
            throw CardError(.fontNotScalable, "\(font.name): a bitmap-only font (no outlines), which cannot be drawn at a card's sizes")
        }
        self.font = font
        self.face = face
        self.session = session
        self.bytes = bytes
        hasKerning = landfall_ft_has_kerning(face) == 1
    }

    deinit {
        FT_Done_Face(face)
        bytes.deallocate()
    }

    /// The glyph for a character, 0 when the font has none.
    func glyph(for scalar: Unicode.Scalar) -> UInt32 {
        FT_Get_Char_Index(face, FT_ULong(scalar.value))
    }

    /// Sets the size, in pixels, the next measures and glyphs are at.
    func setSize(_ pixels: Double) {
        guard pixels != size else { return }
        size = pixels
        FT_Set_Char_Size(face, 0, FT_F26Dot6((pixels * 64).rounded()), 72, 72)
    }

    /// The height above the baseline at the current size.
    var ascent: Double {
        Double(face.pointee.size.pointee.metrics.ascender) / 64
    }

    /// The advance of a glyph at the current size, in pixels.
    func advance(of glyph: UInt32) -> Double {
        let key = Int(glyph) << 16 | Int(size * 64) & 0xFFFF
        if let known = advances[key] { return known }
        var advance = 0.0
        if FT_Load_Glyph(face, glyph, landfall_ft_load_metrics()) == 0 {
            advance = Double(face.pointee.glyph.pointee.advance.x) / 64
        }
        advances[key] = advance
        return advance
    }

    /// The kerning between two glyphs at the current size, in pixels (usually negative).
    func kerning(_ left: UInt32, _ right: UInt32) -> Double {
        guard hasKerning, left != 0, right != 0 else { return 0 }
        var vector = FT_Vector()
        guard FT_Get_Kerning(face, left, right, FT_KERNING_UNFITTED.rawValue, &vector) == 0 else { return 0 }
        return Double(vector.x) / 64
    }

    /// Renders a glyph with its origin `fraction` (0..<1) of a pixel right of a pixel edge, and
    /// hands its coverage mask and placement to `body`; nothing for an empty or non-grey glyph.
    func withRendered(_ glyph: UInt32, fraction: Double,
                      _ body: (_ mask: UnsafePointer<UInt8>, _ width: Int, _ rows: Int, _ pitch: Int, _ left: Int, _ top: Int) -> Void) {
        var shift = FT_Vector(x: FT_Pos((fraction * 64).rounded()), y: 0)
        FT_Set_Transform(face, nil, &shift)
        defer { FT_Set_Transform(face, nil, nil) }
        guard FT_Load_Glyph(face, glyph, landfall_ft_load_render()) == 0 else { return }
        let slot = face.pointee.glyph.pointee
        let bitmap = slot.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue), bitmap.width > 0, bitmap.rows > 0,
              let buffer = bitmap.buffer, bitmap.pitch > 0 else { return }
        body(UnsafePointer(buffer), Int(bitmap.width), Int(bitmap.rows), Int(bitmap.pitch),
             Int(slot.bitmap_left), Int(slot.bitmap_top))
    }
}
#endif
