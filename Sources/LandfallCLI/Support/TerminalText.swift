/// Text that came from the database, a server or a file, made safe to print on a terminal:
/// every character that would act on the terminal instead of being shown is written as a
/// visible escape, `\u{1B}` for ESC. Ordinary text, accents and emoji included, is unchanged.
///
/// The characters escaped are the C0 controls (tab, line breaks and ESC among them), DEL, the
/// C1 controls (U+0080 to U+009F, where U+009B starts a command as ESC [ does), the
/// bidirectional formatting characters (U+061C, U+200E, U+200F, U+202A to U+202E and U+2066
/// to U+2069, which can show `txt.\u{202E}exe` as `txtexe.`) and the line and paragraph
/// separators U+2028 and U+2029. Joiners such as the ZWJ in 👩‍👩‍👧 are kept.
///
/// Every table and text output of the commands prints stored or fetched values through
/// ``visible(_:)`` (``TextTable`` does it for each cell); JSON and CSV outputs, meant for
/// programs, keep values as they are (JSON escapes control characters itself).
///
/// ```swift
/// TerminalText.visible("beta\u{1B}]0;pwned\u{07}") // "beta\u{1B}]0;pwned\u{7}", as 23 visible characters
/// TerminalText.visible("Café 🎉")                   // "Café 🎉"
/// ```
enum TerminalText {
    /// `text` with every character that would act on a terminal written as `\u{X}` (its code
    /// point in hexadecimal); `text` itself when it has none.
    static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: acts) else { return text }
        var shown = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if acts(scalar) {
                shown.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                shown.append(scalar)
            }
        }
        return String(shown)
    }

    /// Whether `scalar` would act on a terminal instead of being shown.
    static func acts(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        case 0x2028, 0x2029: true
        default: false
        }
    }
}
