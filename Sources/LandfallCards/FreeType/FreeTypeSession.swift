#if LANDFALL_CARDS_FREETYPE
import CFreeType

/// A FreeType library for one render or one check: FreeType's objects are not shared between
/// threads, so each render has its own (opening one costs microseconds).
final class FreeTypeSession {
    let library: FT_Library

    init() throws(CardError) {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else {
            throw CardError(.cardsOff, "FreeType could not start: \(FreeTypeSession.describe(error))")
        }
        self.library = library
    }

    deinit {
        FT_Done_FreeType(library)
    }

    /// FreeType's reason for an error code, in words (FreeType's own strings are often compiled out).
    static func describe(_ error: FT_Error) -> String {
        let reasons: [FT_Error: String] = [
            0x01: "cannot open resource",
            0x02: "unknown file format (not a font FreeType reads)",
            0x03: "broken file",
            0x06: "invalid argument",
            0x07: "unimplemented feature",
            0x08: "broken table",
            0x09: "broken offset within table",
            0x0A: "array allocation size too large",
            0x10: "invalid glyph index",
            0x17: "invalid pixel size",
            0x40: "out of memory",
            0x8E: "a table the font needs is missing",
            0x93: "no Unicode character map",
        ]
        if let reason = reasons[error] { return reason }
        if let text = FT_Error_String(error) { return String(cString: text) }
        return "FreeType error 0x\(String(error, radix: 16))"
    }
}
#endif
